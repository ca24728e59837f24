import ProgressRenderRaster
import Synchronization

/// The worst fit each centre label has had in the frames recorded so far, shared by the renderers
/// of one render (one per painting thread): painting fits every label of a frame anyway, so a
/// render's label check (`Renderer.labelWarnings(from:)`) lays out no text of its own, and waits
/// for nothing before the first frame is painted.
///
/// The result does not depend on the order frames are recorded in, nor on which renderer records
/// them: of two fits equally bad, the earlier frame's is kept.
final class LabelFitLog: Sendable {
  /// A label's worst fit: its text then, how it fit, and the first frame it fit that way in.
  struct Entry: Equatable, Sendable {
    var text: String
    var fit: LabelFit
    var frame: Int
  }

  private let worst = Mutex<[Int: Entry]>([:])

  /// Takes the fits of one frame's labels (`CompositionRenderer.textFits`: label index, text, fit).
  /// - Parameters:
  ///   - fits: the labels of the frame.
  ///   - frame: the frame's index in the output.
  func record(_ fits: [(index: Int, text: String, fit: LabelFit)], frame: Int) {
    guard !fits.isEmpty else { return }
    worst.withLock { worst in
      for (index, text, fit) in fits {
        let entry = Entry(text: text, fit: fit, frame: frame)
        if Self.isWorse(entry, than: worst[index]) { worst[index] = entry }
      }
    }
  }

  /// Each label's worst fit so far, by label index.
  var entries: [Int: Entry] { worst.withLock { $0 } }

  /// Whether a fit is worse than another: clipped before shrunk, then smaller, then earlier.
  static func isWorse(_ entry: Entry, than other: Entry?) -> Bool {
    guard let other else { return true }
    if entry.fit.overflows != other.fit.overflows { return entry.fit.overflows }
    if entry.fit.fontSize != other.fit.fontSize { return entry.fit.fontSize < other.fit.fontSize }
    return entry.frame < other.frame
  }
}
