import Foundation
import ProgressRenderSupport

/// Where a render goes, chosen by the `--out` path.
///
/// - `name.gif` → an animated GIF;
/// - a path ending in `/`, or an existing directory → one PNG per frame in that folder,
///   `frame-0000.png`, `frame-0001.png`, … The folder is replaced as a whole (`FolderReplacement`):
///   created when the frames are in place if it does not exist yet (its parent must), and other
///   files in it are carried over. `/`, the working directory and the folders above it are refused,
///   and so is a folder holding a subfolder or a special file;
/// - `name.png` → one still frame;
/// - `name.webp` → an animated WebP (lossless, or lossy with a quality);
/// - `name.apng` → an animated PNG.
/// - `name.json` (e.g. `name.lottie.json`) → a Lottie animation (`LottieExporter`).
///
/// Extensions are matched without regard to case. `init(path:)` only classifies the path (it
/// looks whether an existing folder is there and writes nothing); `preflight()` checks, before
/// anything is rendered, that the folder the output goes into exists and that a file can be
/// created in it — for a frames folder, also in the folder its replacement is staged in.
public enum OutputTarget: Equatable, Sendable {
  /// An animated GIF file.
  case gif(path: String)
  /// A folder of numbered PNG frames.
  case pngFrames(directory: String)
  /// One PNG still.
  case still(path: String)
  /// An animated WebP file.
  case webp(path: String)
  /// An animated PNG file.
  case apng(path: String)
  /// A Lottie animation (Bodymovin JSON).
  case lottie(path: String)
  /// An animated SVG (CSS keyframes).
  case svg(path: String)
  /// A dotLottie file (the Lottie JSON and its manifest in a ZIP).
  case dotLottie(path: String)

  /// Classifies `--out` by its form, and by whether an existing folder is there; writes nothing.
  /// - Parameter path: the path as the user wrote it.
  /// - Throws: `RenderError` naming the path (an unknown extension lists the valid forms).
  public init(path: String) throws(RenderError) {
    let fileManager = FileManager.default
    guard !path.isEmpty else { throw .emptyPath }
    var isDirectory: ObjCBool = false
    let exists = fileManager.fileExists(atPath: path, isDirectory: &isDirectory)
    if path.hasSuffix("/") || (exists && isDirectory.boolValue) {
      self = .pngFrames(directory: path)
    } else {
      let fileExtension = PathNames.fileExtension(of: path)
      switch OutputFormat(fileExtension: fileExtension) {
      case .gif: self = .gif(path: path)
      case .png: self = .still(path: path)
      case .webp: self = .webp(path: path)
      case .apng: self = .apng(path: path)
      case .lottie: self = .lottie(path: path)
      case .svg: self = .svg(path: path)
      case .dotLottie: self = .dotLottie(path: path)
      case nil: throw .unknownExtension(path: path, extension: fileExtension)
      }
    }
  }

  /// The format written: GIF, or PNG for a still and for a frames folder.
  public var format: OutputFormat {
    switch self {
    case .gif: return .gif
    case .still, .pngFrames: return .png
    case .webp: return .webp
    case .apng: return .apng
    case .lottie: return .lottie
    case .svg: return .svg
    case .dotLottie: return .dotLottie
    }
  }

  /// Whether the output is one animated file (GIF, WebP or APNG), which a loop count applies to.
  public var isAnimatedFile: Bool {
    switch self {
    case .gif, .webp, .apng: return true
    case .pngFrames, .still, .lottie, .svg, .dotLottie: return false
    }
  }

  /// The file or folder written.
  public var path: String {
    switch self {
    case .gif(let path), .still(let path), .webp(let path), .apng(let path), .lottie(let path), .svg(let path),
      .dotLottie(let path):
      return path
    case .pngFrames(let directory): return directory
    }
  }

  /// The path of frame `index` in a PNG frames folder: `<folder>/frame-0042.png`.
  /// - Parameter index: 0-based frame number (four digits cover the 10,000-frame limit).
  /// - Returns: the file path.
  public func framePath(_ index: Int) -> String {
    let digits = String(index)
    let name = "frame-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
    return (path.hasSuffix("/") ? path : path + "/") + name
  }

  /// Whether `name` is a frame this tool writes: `frame-` and four or more digits, then `.png`.
  /// A frames folder is replaced with every such file; other entries are carried over.
  public static func isFrameName(_ name: String) -> Bool {
    guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
    let digits = name.dropFirst(6).dropLast(4)
    return digits.count >= 4 && TemporaryName.isNumber(digits)
  }

  // MARK: - Checks

  /// Checks, before anything is rendered, that the output can be written: its folder exists and a
  /// file can be created in it (a probe file is created and removed); a frames folder is not `/`
  /// or above the working directory, holds only files and links, and its parent can be written.
  /// - Throws: `RenderError` naming the path and the folder.
  public func preflight() throws(RenderError) {
    let fileManager = FileManager.default
    var isDirectory: ObjCBool = false
    switch self {
    case .pngFrames(let directory):
      guard !FolderReplacement.holdsWorkingDirectory(directory) else { throw .holdsWorkingDirectory(path: directory) }
      if fileManager.fileExists(atPath: PathNames.trimmingTrailingSlashes(directory), isDirectory: &isDirectory) {
        guard isDirectory.boolValue else { throw .notADirectory(path: directory) }
        try OutputTarget.checkReplaceable(directory)
        guard PathNames.canCreateFiles(in: directory) else { throw .notWritable(folder: directory, path: path) }
      } else {
        try OutputTarget.checkFolder(PathNames.parent(of: directory), for: directory)
      }
    case .gif(let file), .still(let file), .webp(let file), .apng(let file), .lottie(let file), .svg(let file),
      .dotLottie(let file):
      try OutputTarget.checkFolder(PathNames.parent(of: file), for: file)
      try OutputTarget.checkReplaceableFile(file)
    }
  }

  /// Checks that an existing file output is a regular file, which the new file is renamed over: a
  /// FIFO, device, socket or folder is refused (renaming over it would remove it), and so is a
  /// symbolic link (the rename would replace the link and leave its target as it was).
  private static func checkReplaceableFile(_ file: String) throws(RenderError) {
    var info = stat()
    guard lstat(file, &info) == 0 else { return }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return
    case S_IFLNK:
      let target = FolderReplacement.realPath(file)
      throw .notARegularFile(
        path: file, kind: target.map { "a symbolic link (to '\($0)')" } ?? "a dangling symbolic link")
    case S_IFDIR: throw .notARegularFile(path: file, kind: "a folder")
    case S_IFIFO: throw .notARegularFile(path: file, kind: "a FIFO")
    case S_IFCHR: throw .notARegularFile(path: file, kind: "a character device")
    case S_IFBLK: throw .notARegularFile(path: file, kind: "a block device")
    case S_IFSOCK: throw .notARegularFile(path: file, kind: "a socket")
    default: throw .notARegularFile(path: file, kind: "a special file")
    }
  }

  /// Checks what replacing the existing frames folder `directory` as a whole needs (see
  /// `FolderReplacement`): it holds only files and symbolic links (they are carried over), and its
  /// parent, where the staging folder goes, can be written. A mount point is replaced file by file
  /// inside itself, so neither applies.
  private static func checkReplaceable(_ directory: String) throws(RenderError) {
    guard !FolderReplacement.isMountPoint(directory) else { return }  // replaced file by file: entries stay
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    for name in names.sorted() {
      var info = stat()
      guard lstat((directory.hasSuffix("/") ? directory : directory + "/") + name, &info) == 0 else { continue }
      switch info.st_mode & S_IFMT {
      case S_IFREG, S_IFLNK: continue
      case S_IFDIR:
        if TemporaryName.leftover(name, stem: FolderReplacement.perFileStem)?.kind == .staging { continue }
        throw .holdsEntry(path: directory, name: name, kind: "a subfolder")
      default:
        throw .holdsEntry(path: directory, name: name, kind: "a special file")
      }
    }
    var info = stat()
    let real = FolderReplacement.realPath(directory) ?? directory
    let isLink = lstat(PathNames.trimmingTrailingSlashes(directory), &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    let parent = PathNames.parent(of: isLink ? real : directory)
    guard PathNames.canCreateFiles(in: parent) else { throw .parentNotWritable(folder: parent, path: directory) }
  }

  private static func checkFolder(_ folder: String, for path: String) throws(RenderError) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw .missingFolder(folder: folder, path: path)
    }
    guard PathNames.canCreateFiles(in: folder) else { throw .notWritable(folder: folder, path: path) }
  }
}
