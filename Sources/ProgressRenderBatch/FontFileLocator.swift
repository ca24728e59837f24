import ProgressRenderRaster
import Synchronization

/// Finds the font file fontconfig picks for a family, through fontconfig's API (`FontMatcher`),
/// so that a batch asset's fingerprint changes when the installed font behind a label's family
/// changes.
///
/// When fontconfig cannot load its configuration or match a pattern the file is unknown (`nil`)
/// and only the family name counts. Answers are cached for the life of the process.
package enum FontFileLocator {
  /// The matcher (loaded on first use; `nil` inside when fontconfig could not load) and the answers.
  private struct State {
    var matcher: Result<FontMatcher, RasterError>?
    var answers: [String: String?] = [:]
  }

  private static let state = Mutex(State())

  /// The file fontconfig chooses for a pattern such as `sans-serif` or `Droid Sans:weight=bold`.
  /// - Parameter pattern: a fontconfig pattern.
  /// - Returns: the file's path, or `nil` when fontconfig cannot load or match the pattern.
  package static func file(for pattern: String) -> String? {
    state.withLock { state in
      if let known = state.answers[pattern] { return known }
      if state.matcher == nil { state.matcher = Result { () throws(RasterError) in try FontMatcher() } }
      let found = try? state.matcher?.get().file(for: pattern)
      state.answers[pattern] = .some(found)
      return found
    }
  }
}
