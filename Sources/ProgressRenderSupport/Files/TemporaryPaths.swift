import Foundation
import Synchronization

/// The temporary files and folders this process has made and not yet committed or removed, so that
/// a signal handler can remove them before the process exits (`progress-render` on SIGINT/SIGTERM).
///
/// `AtomicFile` registers its temporary file, `FolderReplacement` its staging folder, `check` its
/// scratch folder. Swaps that must not overlap the clean-up run under `exclusively`.
package enum TemporaryPaths {
  private static let paths = Mutex<Set<String>>([])

  /// Records `path` (a file or folder) as temporary.
  package static func register(_ path: String) {
    paths.withLock { _ = $0.insert(normalized(path)) }
  }

  /// Forgets `path`: it was committed or removed.
  package static func unregister(_ path: String) {
    paths.withLock { _ = $0.remove(normalized(path)) }
  }

  /// Whether `path` is registered (a folder being filled by this process).
  static func contains(_ path: String) -> Bool {
    paths.withLock { $0.contains(normalized(path)) }
  }

  /// Runs `body` while no clean-up can run, so a swap (or the creation of a file in a registered
  /// folder, `StagedFile`) is either done or not started when it does. `body` must not register or
  /// unregister paths.
  static func exclusively<Result>(_ body: () throws -> Result) rethrows -> Result {
    try paths.withLock { _ in try body() }
  }

  /// Removes every registered path (files, then folders with what they hold) and forgets them.
  /// Holds the registry while doing so: a swap waiting in `exclusively` does not start until it is done,
  /// so call this only right before the process exits.
  package static func removeAll() {
    paths.withLock { set in
      for path in set.sorted(by: { $0.count > $1.count }) {
        try? FileManager.default.removeItem(atPath: path)
      }
      set.removeAll()
    }
  }

  /// `a/b//` → `a/b`, so a folder spelled with or without a trailing slash is one entry.
  private static func normalized(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    return String(trimmed)
  }
}
