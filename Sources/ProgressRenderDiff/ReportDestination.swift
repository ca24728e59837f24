import Foundation
import ProgressRenderSupport

/// Checks, before any work starts, that a file or folder a command will write at the end (a
/// report, a JUnit file, a lock file, a baseline) can be written where the user asked, so that a
/// wrong path is refused as bad input (exit 2) instead of failing after everything was rendered or
/// compared. Nothing is created; a probe file is created and removed again to test writability.
public enum ReportDestination {
  /// Why a destination cannot be written; its description is one line naming it.
  public struct Problem: ProgressRenderError, Equatable, Sendable, CustomStringConvertible {
    /// Bad input: nothing was written.
    public var kind: ErrorKind { .badInput }

    /// The message.
    public let description: String
  }

  /// A file that will be written whole (`--junit FILE`, a lock file): it must not be a folder, and
  /// the folder it goes into must exist and be writable.
  /// - Parameters:
  ///   - path: the file.
  ///   - name: how messages name it: `--junit 'j.xml'`, `lock file 'assets.lock'`.
  ///   - remedy: what to do when `path` is a folder (default: give a file path).
  ///   - createdFolder: a folder the same command creates before it writes this file (`--out` of
  ///     `check … --out report/ --junit report/junit.xml`), already checked with `checkFolder`: the
  ///     file may go straight into it although it does not exist yet.
  /// - Throws: `Problem` saying what is wrong and what would be right.
  public static func checkFile(
    _ path: String, named name: String, remedy: String = "give a file path", createdFolder: String? = nil
  ) throws(Problem) {
    guard !path.isEmpty else { throw Problem(description: "\(name) is empty; give a file path") }
    if kind(of: path) == .folder { throw Problem(description: "\(name) is a folder; \(remedy)") }
    let folder = PathNames.parent(of: path)
    switch kind(of: folder) {
    case .missing:
      if let createdFolder, sameFolder(folder, createdFolder) { return }
      throw Problem(
        description: "\(name): the folder '\(folder)' does not exist; create it first or choose another path")
    case .file:
      throw Problem(description: "\(name): '\(folder)' is a file, not a folder; choose another path")
    case .folder:
      try checkWritable(folder, name: name)
    }
  }

  /// A folder that will be written into, created with its missing parents when it does not exist
  /// (`--out DIR`): it must not be a file, and it (or its nearest existing parent) must be a
  /// writable folder.
  /// - Parameters:
  ///   - path: the folder.
  ///   - name: how messages name it: `--out 'report/'`.
  /// - Throws: `Problem` saying what is wrong and what would be right.
  public static func checkFolder(_ path: String, named name: String) throws(Problem) {
    guard !path.isEmpty else { throw Problem(description: "\(name) is empty; give a folder path") }
    var folder = PathNames.trimmingTrailingSlashes(path)
    switch kind(of: folder) {
    case .file:
      throw Problem(description: "\(name) is a file, not a folder; give a folder path")
    case .folder:
      try checkWritable(folder, name: name)
      return
    case .missing:
      break
    }
    while true {
      folder = PathNames.parent(of: folder)
      switch kind(of: folder) {
      case .missing:
        continue
      case .file:
        throw Problem(description: "\(name): '\(folder)' is a file, not a folder; choose another path")
      case .folder:
        try checkWritable(folder, name: name)
        return
      }
    }
  }

  /// Whether two spellings name the same folder (`report`, `report/`, `./report`).
  private static func sameFolder(_ first: String, _ second: String) -> Bool {
    func normal(_ path: String) -> String {
      (PathNames.trimmingTrailingSlashes(path) as NSString).standardizingPath
    }
    return normal(first) == normal(second)
  }

  private enum Kind { case missing, file, folder }

  private static func kind(of path: String) -> Kind {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .missing }
    return isFolder.boolValue ? .folder : .file
  }

  private static func checkWritable(_ folder: String, name: String) throws(Problem) {
    guard PathNames.canCreateFiles(in: folder) else {
      throw Problem(description: "\(name): the folder '\(folder)' is not writable; choose a folder you can write to")
    }
  }
}
