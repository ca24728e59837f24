import Foundation
import ProgressRenderCore
import ProgressRenderPipeline
import ProgressRenderSupport

/// The SHA-256 fingerprint of everything a batch asset's output depends on.
///
/// What goes in, one line each, in this order:
/// - the tool: `progress-render <version>` (a new version may draw differently);
/// - the typed request as canonical text (`RenderRequest.canonicalText`: sorted keys, normalised
///   values, paths as written in the manifest), so spelling an option differently (`"red"` or
///   `"#ff0000"`, `120` or `"120"`) changes nothing;
/// - the style as canonical JSON, before overrides, so editing a preset changes it;
/// - each input file's role and the digest of its bytes: the style file or the Lottie file and the
///   image files it links, the image (`--image` or the style's own), or `missing` when it cannot
///   be read;
/// - each font the labels use: fontconfig pattern (family and weight) and, when fontconfig
///   resolves it, the file it resolves to with its size and modification time (see `FontFileLocator`;
///   font files are large, so they are not read).
///
/// Absolute paths of the inputs are left out, so a checkout in another folder has the same fingerprints.
package enum BatchFingerprint {
  /// An input file of an asset.
  package struct Input: Equatable, Sendable {
    /// What it is: `style-file`, `image`.
    package var role: String
    /// Where to read it.
    package var path: String

    /// Creates an input.
    package init(role: String, path: String) {
      self.role = role
      self.path = path
    }
  }

  /// The fingerprint of an asset's inputs.
  /// - Parameters:
  ///   - request: the asset's request, paths as written in the manifest (the output by its name).
  ///   - style: the style it names (the preset or the style file's), before overrides.
  ///   - files: the files it reads.
  ///   - fonts: fontconfig patterns of the fonts its labels use.
  /// - Returns: 64 hex digits.
  /// - Complexity: O(total size of the files and of the style).
  package static func inputs(request: RenderRequest, style: Style, files: [Input], fonts: [String]) -> String {
    let hasher = SHA256Hasher()
    hasher.update("tool progress-render \(ProgressRenderVersion.string)\n")
    hasher.update("request \(request.canonicalText)\n")
    let json = (try? style.canonicalJSON()) ?? "unencodable"
    hasher.update("style \(json.utf8.count) \(json)\n")
    for file in files {
      hasher.update("\(file.role) \(fileDigest(file.path) ?? "missing")\n")
    }
    for font in Set(fonts).sorted() {
      let digest = FontFileLocator.file(for: font).map { fileStamp($0) } ?? "unresolved"
      hasher.update("font \(JSONText.quoted(font)) \(digest)\n")
    }
    return hasher.hexDigest()
  }

  /// The fontconfig patterns of a style's labels: `sans-serif`, `Droid Sans:weight=bold`.
  package static func fontPatterns(of style: Style) -> [String] {
    let labels = style.look.labels ?? []
    return Set(
      labels.map { label in
        (label.font.family ?? "sans-serif") + (label.font.weight == .bold ? ":weight=bold" : "")
      }
    ).sorted()
  }

  /// The digest of an output: a file's bytes, or for a frames folder every `frame-NNNN.png` in name
  /// order (name and bytes).
  /// - Returns: 64 hex digits, or `nil` when the output does not exist.
  package static func outputDigest(_ output: OutputTarget) -> String? {
    switch output {
    case .gif(let path), .still(let path), .webp(let path), .apng(let path), .lottie(let path), .svg(let path),
      .dotLottie(let path):
      return fileDigest(path)
    case .pngFrames:
      guard let frames = frameFiles(of: output) else { return nil }
      let hasher = SHA256Hasher()
      for frame in frames {
        guard let digest = fileDigest(frame.path) else { return nil }
        hasher.update("\(frame.name) \(digest)\n")
      }
      return hasher.hexDigest()
    }
  }

  /// A frames folder's `frame-NNNN.png` files in name order, or `nil` when the folder cannot be read.
  private static func frameFiles(of output: OutputTarget) -> [(name: String, path: String)]? {
    guard case .pngFrames(let directory) = output,
      let names = try? FileManager.default.contentsOfDirectory(atPath: directory)
    else { return nil }
    return names.filter { $0.hasPrefix("frame-") && $0.hasSuffix(".png") }.sorted().map {
      ($0, output.framePath(0).replacingLastComponent(with: $0))
    }
  }

  /// `<path> <size> <modification time>` of a file, or `<path> missing`.
  static func fileStamp(_ path: String) -> String {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let size = attributes[.size] as? NSNumber, let date = attributes[.modificationDate] as? Date
    else { return "\(path) missing" }
    return "\(path) \(size) \(date.timeIntervalSince1970)"
  }

  /// The size of an output in bytes: a file's, or for a frames folder the sum over its
  /// `frame-NNNN.png` files; `nil` when it does not exist.
  package static func outputBytes(_ output: OutputTarget) -> Int? {
    func size(_ path: String) -> Int? {
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
        attributes[.type] as? FileAttributeType == .typeRegular
      else { return nil }
      return (attributes[.size] as? NSNumber)?.intValue
    }
    switch output {
    case .gif(let path), .still(let path), .webp(let path), .apng(let path), .lottie(let path), .svg(let path),
      .dotLottie(let path):
      return size(path)
    case .pngFrames:
      guard let frames = frameFiles(of: output) else { return nil }
      var total = 0
      for frame in frames {
        guard let bytes = size(frame.path) else { return nil }
        total += bytes
      }
      return total
    }
  }

  /// The digest of a file's bytes, or `nil` when it cannot be read. Read 1 MiB at a time, so a
  /// 2 GB output costs 1 MiB of memory, not 2 GB.
  package static func fileDigest(_ path: String) -> String? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
      let handle = FileHandle(forReadingAtPath: path)
    else { return nil }
    defer { try? handle.close() }
    let hasher = SHA256Hasher()
    while true {
      do {
        guard let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty else { break }  // nil at the end
        hasher.update(chunk)
      } catch {
        return nil
      }
    }
    return hasher.hexDigest()
  }
}

extension String {
  /// `a/b/c` with its last component replaced: `a/b/<name>`.
  fileprivate func replacingLastComponent(with name: String) -> String {
    guard let slash = lastIndex(of: "/") else { return name }
    return String(self[...slash]) + name
  }
}
