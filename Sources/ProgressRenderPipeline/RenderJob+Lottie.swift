import ProgressRenderFormats
import ProgressRenderSupport

extension RenderJob {
  /// Writes the style as a Lottie animation (`LottieExporter`) at the settings' size, rate and
  /// length, atomically.
  /// - Parameter path: the file to write.
  /// - Returns: what was written (the frame count is the animation's).
  /// - Throws: `FormatError`, an image error, or `FileWriteError`; nothing partial is left.
  func writeLottie(to path: String) throws -> RenderSummary {
    let exporter = LottieExporter(
      style: style, size: settings.size, fps: settings.fps, duration: settings.duration,
      frameCount: settings.frameCount, background: settings.background, baseDirectory: baseDirectory)
    let bytes = try exporter.animation().json()
    try AtomicFile.write(bytes, to: path)
    return RenderSummary(
      path: path, frameCount: settings.frameCount, storedFrameCount: settings.frameCount, bytes: bytes.count,
      pixelSize: Int(settings.size.rounded()))
  }
}
