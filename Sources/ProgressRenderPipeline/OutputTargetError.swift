import ProgressRenderSupport

/// Why an output path cannot be used; each case names the path (a command line adds its option:
/// `--out 'x.jpg' has an unknown extension …`).
public enum OutputTargetError: ProgressRenderError, Equatable, Sendable, CustomStringConvertible {
  /// Bad input: nothing was written.
  public var kind: ErrorKind { .badInput }

  /// An empty path.
  case emptyPath
  /// The extension is not `.gif`, `.png`, `.webp` or `.apng` (`extension` is `""` when there is none).
  case unknownExtension(path: String, extension: String)
  /// The folder the output would go into does not exist.
  case missingFolder(folder: String, path: String)
  /// The folder the output would go into cannot be written.
  case notWritable(folder: String, path: String)
  /// A frames folder path that exists but is a file.
  case notADirectory(path: String)
  /// A frames folder that is `/`, the working directory or a folder above it.
  case holdsWorkingDirectory(path: String)
  /// An existing frames folder holding an entry that cannot be carried over (`kind`: "a subfolder", …).
  case holdsEntry(path: String, name: String, kind: String)
  /// The folder a frames folder's replacement is staged in (its parent) cannot be written.
  case parentNotWritable(folder: String, path: String)
  /// A file output that exists and is not a regular file (`kind`: "a FIFO", "a symbolic link (to '…')", …).
  case notARegularFile(path: String, kind: String)
  /// The output is a file the same run reads (`input`: "the style file 's.json'", "the picture 'p.png'").
  case overwritesInput(path: String, input: String)

  private static let validForms =
    "use name.gif, name.webp or name.apng (animation), name.png (still), name.json (Lottie) or a folder ending in '/' (PNG frames)"

  /// One line naming the path and what would be right.
  public var description: String {
    switch self {
    case .emptyPath:
      return "the output path is empty: \(OutputTargetError.validForms)"
    case .unknownExtension(let path, let ext):
      let what = ext.isEmpty ? "has no extension" : "has an unknown extension '.\(ext)'"
      return "'\(path)' \(what): \(OutputTargetError.validForms)"
    case .missingFolder(let folder, let path):
      return "'\(path)': the folder '\(folder)' does not exist; create it first or choose another path"
    case .notWritable(let folder, let path):
      return "'\(path)': the folder '\(folder)' is not writable; choose a folder you can write to"
    case .notADirectory(let path):
      return "'\(path)' is a file, not a folder; remove the trailing '/' or choose another path"
    case .holdsWorkingDirectory(let path):
      return "'\(path)' is '/', the working directory or a folder holding it: a frames folder is replaced "
        + "as a whole; name a new folder such as 'frames/'"
    case .holdsEntry(let path, let name, let kind):
      return "'\(path)': the folder holds \(kind) '\(name)'; a frames folder is replaced as a whole: "
        + "point the output at a new folder or one holding only frames"
    case .notARegularFile(let path, let kind):
      return "'\(path)' is \(kind), not a regular file; an output is written as a new file and renamed over "
        + "the old one, so give the path of a regular file or a new one (for a link: its target)"
    case .overwritesInput(let path, let input):
      return "'\(path)' is \(input), which this run reads; writing it would replace an input: choose another "
        + "output path"
    case .parentNotWritable(let folder, let path):
      return "'\(path)': the folder '\(folder)' is not writable, and a frames folder is replaced there "
        + "as a whole; choose a folder whose parent you can write to"
    }
  }
}
