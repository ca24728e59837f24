import ProgressRenderCore

/// The text a label shows in a scene, as the compiled composition shows it (`PresetCompiler.content(of:)`).
package enum LabelText {
  /// The label's text in a scene, or `nil` when it is hidden (zero with `hiddenAtZero`).
  package static func string(for label: LookLabel, in scene: TrackValues) -> String? {
    PresetCompiler.content(of: label).string(in: scene)
  }
}
