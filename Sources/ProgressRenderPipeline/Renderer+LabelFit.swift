import ProgressRenderRaster

extension Renderer {
  /// A warning for each centre label whose text would cross the ring at some of the given times,
  /// so that it is drawn smaller (and wrapped), or still clipped (`RenderWarning.labelTooLong`).
  /// A text that only had to be wrapped is not warned about.
  /// - Parameter times: seconds since the start of the output (a still's time, or every frame's).
  /// - Returns: at most one warning per label, for the text that had to shrink most.
  /// - Throws: `RasterError` if Pango could not lay out a label.
  /// - Complexity: O(times × labels) scene evaluations; a few layouts per distinct text.
  public func labelWarnings(at times: [Double]) throws -> [RenderWarning] {
    // The labels as drawn at this size (`PresetCompiler.sized`), and those left out there.
    let compiler = PresetCompiler(style: style, pixelSize: settings.pixelSize, scale: settings.scale)
    let labels = compiler.style.look.labels ?? []
    let small = compiler.leftOut.map { label in
      RenderWarning.labelTooSmall(
        key: .look(.label), text: label.format, fontSize: label.font.size * settings.size / max(style.size, 1e-9),
        given: true)
    }
    var worst: [Int: (text: String, fit: LabelFit)] = [:]
    for time in times {
      for (index, text, fit) in try painter.textFits(scene(at: time)) where labels.indices.contains(index) {
        let shrunk = fit.overflows || fit.fontSize < labels[index].font.size
        if shrunk, Self.isWorse(fit, than: worst[index]?.fit) { worst[index] = (text, fit) }
      }
    }
    return small
      + worst.sorted { $0.key < $1.key }.map { index, shown in
        let label = labels[index]
        return .labelTooLong(
          key: .look(label.role == .caption ? .caption : .label), text: shown.text, fontSize: label.font.size,
          drawnSize: shown.fit.fontSize, clipped: shown.fit.overflows)
      }
  }

  /// Whether a fit is worse than another: clipped before shrunk, then smaller.
  private static func isWorse(_ fit: LabelFit, than other: LabelFit?) -> Bool {
    guard let other else { return true }
    if fit.overflows != other.overflows { return fit.overflows }
    return fit.fontSize < other.fontSize
  }
}
