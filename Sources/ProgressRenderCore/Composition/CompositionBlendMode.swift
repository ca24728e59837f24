/// How a node's colours combine with what is already painted under it: the separable and
/// non-separable blend modes of PDF, Cairo and After Effects.
///
/// The cases are declared in After Effects' order, the order Lottie numbers them by (`bm`):
/// `allCases[n]` is Lottie's blend mode `n`.
public enum CompositionBlendMode: String, CaseIterable, Codable, Equatable, Sendable {
  /// Painted over (source over).
  case normal
  /// The colours multiplied: always darker.
  case multiply
  /// The inverted colours multiplied: always lighter.
  case screen
  /// Multiply or screen, by the colour underneath.
  case overlay
  /// The darker of the two colours, per channel.
  case darken
  /// The lighter of the two colours, per channel.
  case lighten
  /// The colour underneath brightened by the colour painted.
  case colorDodge
  /// The colour underneath darkened by the colour painted.
  case colorBurn
  /// Multiply or screen, by the colour painted.
  case hardLight
  /// A softer hard light.
  case softLight
  /// The absolute difference of the colours.
  case difference
  /// A lower-contrast difference.
  case exclusion
  /// The hue painted, the saturation and luminosity underneath.
  case hue
  /// The saturation painted, the hue and luminosity underneath.
  case saturation
  /// The hue and saturation painted, the luminosity underneath.
  case color
  /// The luminosity painted, the hue and saturation underneath.
  case luminosity
}
