import Foundation
import Synchronization

/// Removes what killed runs left beside a target: the temporary files, staging folders and set-aside
/// folders of `TemporaryName`, when the process whose id is in the name no longer exists.
///
/// A set-aside old folder (`.<stem>.<pid>.old`) whose target is missing — the run was killed between
/// the two renames of the fallback swap — is renamed back to the target instead of being removed.
package enum Leftovers {
  /// Whether `pid` names no running process (`kill(pid, 0)` fails with `ESRCH`). This process and
  /// processes of other users (`EPERM`) are alive.
  package static func isAbandoned(pid: Int32) -> Bool {
    guard pid > 0, pid != getpid() else { return false }
    return kill(pid, 0) != 0 && errno == ESRCH
  }

  /// The leftovers of dead processes found in each folder looked at, by stem: a folder is listed once
  /// per process (a dead process adds nothing later), so writing many files into one folder stays
  /// O(entries) in all.
  private static let found = Mutex<[String: [String: [String]]]>([:])

  /// Cleans the leftovers for `stem` in `folder`.
  /// - Parameters:
  ///   - folder: where to look.
  ///   - stem: the stem of the target's temporary names.
  ///   - target: the target path, to restore a set-aside folder into; `nil` never restores.
  ///   - relisting: list the folder again even if it was looked at before (once per folder replaced).
  /// - Complexity: O(entries of `folder`) the first time a folder is looked at, then O(1).
  static func removeAbandoned(in folder: String, stem: String, target: String?, relisting: Bool = false) {
    let entries = found.withLock { found in
      if relisting || found[folder] == nil { found[folder] = abandoned(in: folder) }
      return found[folder]?.removeValue(forKey: stem) ?? []
    }
    for entry in entries {
      let path = (folder == "/" ? "" : folder) + "/" + entry
      if TemporaryName.parse(entry)?.kind == .aside, let target, access(target, F_OK) != 0, rename(path, target) == 0 {
        continue
      }
      try? FileManager.default.removeItem(atPath: path)
    }
  }

  /// The entries of `folder` that are temporary names of dead processes, by stem.
  private static func abandoned(in folder: String) -> [String: [String]] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    var byStem: [String: [String]] = [:]
    for entry in entries {
      guard let (stem, pid, _) = TemporaryName.parse(entry), isAbandoned(pid: pid) else { continue }
      byStem[stem, default: []].append(entry)
    }
    return byStem
  }

  /// Removes the entries of `folder` named `prefix` + a process id (e.g. `progress-render-check-1234`)
  /// whose process no longer exists.
  /// - Complexity: O(entries of `folder`).
  package static func removeAbandoned(in folder: String, prefix: String) {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for entry in entries where entry.hasPrefix(prefix) {
      let digits = entry.dropFirst(prefix.count)
      guard TemporaryName.isNumber(digits), let pid = Int32(digits), isAbandoned(pid: pid) else { continue }
      try? FileManager.default.removeItem(atPath: (folder == "/" ? "" : folder) + "/" + entry)
    }
  }
}
