extension RenderSettings {
  /// Largest pixel scale (@4x).
  public static let maxScale = 4

  /// Checks the settings against the tool's limits before anything is rendered or written.
  ///
  /// Order of the checks: scale, size × scale (1…4096 px), fps (0.01 ≤ fps ≤ 50), duration (> 0),
  /// frames = round(duration × fps) ≤ 10,000, edge levels (2…256). Non-finite numbers are refused.
  /// - Throws: the first `RenderError` found.
  public func validate() throws(RenderError) {
    guard (1...RenderSettings.maxScale).contains(scale) else { throw .scale(scale) }
    let pixels = size * Double(scale)
    guard pixels.isFinite, pixels.rounded() >= 1, pixels.rounded() <= Double(RenderSettings.maxPixelSize) else {
      throw .pixelSize(size: size, scale: scale)
    }
    guard fps.isFinite, fps >= RenderSettings.minFPS, fps <= RenderSettings.maxFPS else { throw .fps(fps) }
    guard duration.isFinite, duration > 0 else { throw .duration(duration) }
    guard (duration * fps).rounded() <= Double(RenderSettings.maxFrames) else {
      throw .frameCount(duration: duration, fps: fps)
    }
    guard RenderSettings.edgeLevelRange.contains(edgeLevels) else { throw .edgeLevels(edgeLevels) }
  }
}
