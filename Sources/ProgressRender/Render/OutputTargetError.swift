/// Why an `--out` path cannot be used; each case names the path.
public enum OutputTargetError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `--out ""`.
  case emptyPath
  /// The extension is neither `.gif` nor `.png` (`extension` is `""` when there is none).
  case unknownExtension(path: String, extension: String)
  /// The folder the output would go into does not exist.
  case missingFolder(folder: String, path: String)
  /// The folder the output would go into cannot be written.
  case notWritable(folder: String, path: String)
  /// A frames folder path that exists but is a file.
  case notADirectory(path: String)
  /// The frames folder could not be created.
  case cannotCreate(path: String)

  private static let validForms = "use name.gif (animation), name.png (still) or a folder ending in '/' (PNG frames)"

  /// One line naming the path and what would be right.
  public var description: String {
    switch self {
    case .emptyPath:
      return "--out is empty: \(OutputTargetError.validForms)"
    case .unknownExtension(let path, let ext):
      let what = ext.isEmpty ? "has no extension" : "has an unknown extension '.\(ext)'"
      return "--out '\(path)' \(what): \(OutputTargetError.validForms)"
    case .missingFolder(let folder, let path):
      return "--out '\(path)': the folder '\(folder)' does not exist; create it first or choose another path"
    case .notWritable(let folder, let path):
      return "--out '\(path)': the folder '\(folder)' is not writable; choose a folder you can write to"
    case .notADirectory(let path):
      return "--out '\(path)' is a file, not a folder; remove the trailing '/' or choose another path"
    case .cannotCreate(let path):
      return "--out '\(path)': the folder could not be created; check its parent's permissions"
    }
  }
}
