import ProgressRenderRaster
import Synchronization

/// Whether a font family asked for is installed (`FontMatcher.hasInstalledFamily`), asked once per
/// family for the life of the process. When fontconfig cannot load or the pattern does not parse,
/// the answer is "installed": a warning must not come from a failure to look.
package enum FontFamilyCheck {
  private struct State {
    var matcher: Result<FontMatcher, RasterError>?
    var answers: [String: Bool] = [:]
  }

  private static let state = Mutex(State())

  /// Whether an installed font has a family the pattern names, or the pattern names a generic family.
  /// - Parameter pattern: a fontconfig pattern such as `DejaVu Sans` or `Helvetica Neue:weight=bold`.
  /// - Returns: `false` only when fontconfig answered that no such family is installed.
  public static func isInstalled(_ pattern: String) -> Bool {
    state.withLock { state in
      if let known = state.answers[pattern] { return known }
      if state.matcher == nil { state.matcher = Result { () throws(RasterError) in try FontMatcher() } }
      let found = (try? state.matcher?.get().hasInstalledFamily(pattern)) ?? true
      state.answers[pattern] = found
      return found
    }
  }
}
