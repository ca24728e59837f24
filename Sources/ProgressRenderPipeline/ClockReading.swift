import ProgressRenderCore
import Synchronization

/// Whether a composition reads the clock (`Composition.readsClock`), found at most once for all
/// the renderers of one render: the walk reflects over the whole scene (a few milliseconds, most
/// of them the runtime's first conformance lookups), and every sibling paints the same one.
final class ClockReading: Sendable {
  private let found = Mutex<Bool?>(nil)

  /// Whether `composition` reads the clock, walked by the first caller; `nil` while another
  /// caller walks it (waiting would spin a core for as long: paint the frame instead).
  /// - Parameter composition: the scene, the same for every caller.
  func readsClock(_ composition: Composition) -> Bool? {
    found.withLockIfAvailable { found -> Bool in
      if let found { return found }
      let reads = composition.readsClock()
      found = reads
      return reads
    }
  }
}
