import Foundation

/// Path arithmetic on the text of paths, and the one probe that asks the file system whether a
/// file can be created in a folder.
package enum PathNames {
  /// The name of a probe file, followed by the id of the process that made it.
  package static let probePrefix = ".progress-render-probe-"

  /// Whether a file can really be created in `folder`: creates and removes an empty probe file
  /// (permission bits alone say nothing for root, nor for read-only or virtual file systems).
  ///
  /// The probe is made with `open` and removed with `unlink`, so no other file is created on the
  /// way (Foundation's `createFile` writes a `.dat.nosync…` file and renames it, which a kill in
  /// between left in the user's folder); probes of killed runs are removed first.
  package static func canCreateFiles(in folder: String) -> Bool {
    let directory = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    Leftovers.removeAbandoned(in: directory.isEmpty ? "/" : directory, prefix: probePrefix)
    let probe = directory + "/" + probePrefix + "\(getpid())"
    let descriptor = open(probe, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    close(descriptor)
    unlink(probe)
    return true
  }

  /// Whether two paths name one existing file (the same device and inode, links followed): a hard
  /// link, a symbolic link or another spelling of a path counts as the same file.
  package static func isSameFile(_ a: String, _ b: String) -> Bool {
    guard let first = fileIdentity(a) else { return false }
    return first == fileIdentity(b)
  }

  /// The device and inode of the existing file `path` leads to (links followed), as `dev:ino`, or
  /// `nil` when there is none: two paths with one identity name the same file.
  package static func fileIdentity(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return "\(info.st_dev):\(info.st_ino)"
  }

  /// The folder a path lives in: `a/b/c` → `a/b`, `c` → `.`, `/c` → `/`, `a/b/` → `a`.
  package static func parent(of path: String) -> String {
    let trimmed = trimmingTrailingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
  }

  /// `a/b//` → `a/b`; `/` stays `/`.
  package static func trimmingTrailingSlashes(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    return String(trimmed)
  }

  /// The lower-cased extension after the last dot of the last path component, or `""`.
  package static func fileExtension(of path: String) -> String {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return name[name.index(after: dot)...].lowercased()
  }
}
