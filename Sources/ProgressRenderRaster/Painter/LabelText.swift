import ProgressRenderCore

/// The text a label shows in a scene: its value looked up, multiplied and formatted with
/// `LabelFormatter`.
package enum LabelText {
  /// The label's text in a scene, or `nil` when it is hidden (zero with `hiddenAtZero`).
  ///
  /// A format that does not parse (refused earlier by the style loader and the command line)
  /// is drawn as plain text rather than failing a frame.
  package static func string(for label: LookLabel, in scene: TrackValues) -> String? {
    guard let formatter = try? LabelFormatter(format: label.format) else { return label.format }
    guard formatter.usesValue, label.source != nil else { return formatter.string(for: 0) }
    let raw = TrackUse.label(label).map { Painter.value($0, in: scene) } ?? scene.time
    let value = raw * (label.multiplier ?? 1)
    if label.hiddenAtZero == true, value == 0 { return nil }
    return formatter.string(for: value)
  }
}
