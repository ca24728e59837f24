import Foundation

/// Where a path really leads: the symbolic links of the part that exists resolved, `.`, `..` and
/// `//` removed from the rest. Two spellings of one place (`real/b.gif` and `link/b.gif` with
/// `link → real`, `x/../a.gif` and `a.gif`) resolve to the same text, so outputs can be compared
/// and kept inside a folder whatever way they are written.
package enum OutputPathResolver {
  /// The absolute path `path` leads to.
  ///
  /// Walks the path one component at a time from `/` (or the working directory for a relative
  /// path): a component that is a symbolic link is replaced by its real path (links followed, at
  /// any depth), any other is appended as written; `..` goes up from where the walk is, so
  /// `link/../x` is the parent of the link's target, as the system would open it. A trailing
  /// `/` is dropped.
  /// - Parameters:
  ///   - path: an absolute path, or one relative to `directory`.
  ///   - directory: the folder a relative path starts from (default: the working directory).
  /// - Returns: an absolute path without `.`, `..`, empty components or a trailing `/`.
  /// - Complexity: one `lstat` per component, and one `realpath` per symbolic link met.
  package static func resolved(_ path: String, from directory: String? = nil) -> String {
    let start = path.hasPrefix("/") ? "/" : resolved(directory ?? FileManager.default.currentDirectoryPath)
    var current = start
    for part in path.split(separator: "/") where part != "." {
      if part == ".." {
        current = parent(of: current)
        continue
      }
      let candidate = (current == "/" ? "" : current) + "/" + part
      current = isLink(candidate) ? (realPath(candidate) ?? candidate) : candidate
    }
    return current
  }

  /// Whether `path` is `folder` itself or lies inside it; both must be resolved.
  package static func isWithin(_ path: String, folder: String) -> Bool {
    path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
  }

  /// `path` relative to `folder` (`a/b.gif`) when it lies inside it, else `nil`; both resolved.
  package static func relative(_ path: String, to folder: String) -> String? {
    guard path != folder, isWithin(path, folder: folder) else { return nil }
    return String(path.dropFirst(folder == "/" ? 1 : folder.count + 1))
  }

  /// The folder holding a resolved path: `/a/b` → `/a`, `/a` → `/`, `/` → `/`.
  package static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
    return String(path[..<slash])
  }

  /// Whether `path` is a symbolic link (the walk so far being real, anything else at it is real too).
  private static func isLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
  }

  /// The system's real path, or `nil` for a dangling or looping link.
  private static func realPath(_ path: String) -> String? {
    guard let real = realpath(path, nil) else { return nil }
    defer { free(real) }
    return String(cString: real)
  }
}
