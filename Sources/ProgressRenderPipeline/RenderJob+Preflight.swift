import Foundation
import ProgressRenderRaster
import ProgressRenderSupport
import Synchronization

extension RenderJob {
  /// Checks what the render needs from the disk, before anything is rendered: the picture the
  /// style paints can be decoded, and the output can be written (`OutputTarget.preflight()`,
  /// which creates and removes a probe file). Planning a job touches nothing; this is the step
  /// between planning and running.
  /// - Throws: `RenderError`, the picture checked first.
  /// - Complexity: one decode of the picture, the first time its path is asked about.
  public func preflight() throws(RenderError) {
    if let path = imagePath, let problem = RenderJob.imageProblem(path) {
      throw .image(key: .styleFile, description: problem)
    }
    try output.preflight()
  }

  /// The picture the style paints, resolved against `baseDirectory`, or `nil` when it paints none.
  public var imagePath: String? {
    guard let image = style.look.image?.path else { return nil }
    guard !image.hasPrefix("/"), let base = baseDirectory, base != "." else { return image }
    return (base.hasSuffix("/") ? base : base + "/") + image
  }

  /// Why the picture at `path` cannot be painted, read as the painter reads it (a regular file, a
  /// valid PNG within `PresetCompiler.maxImagePixels`, at most 32767 pixels a side as Cairo requires), or
  /// `nil` when it can.
  /// - Complexity: one decode of the file, the first time a path is asked about (a batch whose
  ///   entries share a picture decodes it once).
  public static func imageProblem(_ path: String) -> String? {
    if let known = checkedImages.withLock({ $0[path] }) { return known }
    let problem = readImageProblem(path)
    checkedImages.withLock { $0[path] = .some(problem) }
    return problem
  }

  /// `imageProblem` of each path asked about so far.
  private static let checkedImages = Mutex<[String: String?]>([:])

  private static func readImageProblem(_ path: String) -> String? {
    let bytes: [UInt8]
    do {
      bytes = try InputFile.readBytes(path, limit: PresetCompiler.maxImageBytes)
    } catch {
      guard error.message.contains("bytes") else { return RasterError.unreadableImage(path: path).description }
      return "\(path) \(error.message): give a PNG file of at most \(PresetCompiler.maxImageBytes) bytes"
    }
    do {
      let frame = try PNGCodec.decode(bytes, source: path, maxPixels: PresetCompiler.maxImagePixels)
      guard frame.width <= 32767, frame.height <= 32767 else {
        return "\(path): the PNG is \(frame.width)×\(frame.height) pixels, more than 32767 a side; use a smaller image"
      }
      return nil
    } catch {
      return error.description
    }
  }
}
