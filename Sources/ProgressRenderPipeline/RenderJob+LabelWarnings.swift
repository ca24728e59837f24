extension RenderJob {
  /// The labels whose text does not fit inside the ring in this render, even wrapped
  /// (`Renderer.labelWarnings(at:)`): checked at the still's time, or at every frame's. Call it
  /// after `preflight()`; it paints nothing. None for a Lottie file, which is not fitted.
  /// - Returns: at most one warning per label.
  /// - Throws: an error naming the failure when the canvas, the picture or a text layout cannot be set up.
  /// - Complexity: O(frames × labels) scene evaluations; a few text layouts per distinct text.
  public func labelWarnings() throws -> [RenderWarning] {
    // A Lottie file is not fitted (players draw a text at its own size; the writer warns about that).
    guard !(style.look.labels ?? []).isEmpty || style.look.thumb?.label != nil, output.format != .lottie else {
      return []
    }
    let renderer = try Renderer(style: style, settings: settings, baseDirectory: baseDirectory)
    let times: [Double]
    if case .still = output {
      times = [stillSeconds]
    } else {
      let schedule = renderer.schedule
      times = (0..<settings.frameCount).map { schedule.time(ofFrame: $0) }
    }
    return try renderer.labelWarnings(at: times)
  }

  /// The time of a still in seconds of the output, within it.
  var stillSeconds: Double { min(max(at.seconds(inDuration: settings.duration), 0), settings.duration) }
}
