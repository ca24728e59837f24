/// How a GIF, whose transparency is one bit, shows pixels that are partly transparent when no
/// matte colour is given.
public enum GIFTransparency: String, CaseIterable, Equatable, Sendable, Codable {
  /// An ordered (4 × 4 Bayer) pattern keeps a share of the pixels equal to their alpha, each
  /// pixel's cut fixed by its place, so parts that do not move never flicker: a 40 % track
  /// stays visible as 6 of every 16 pixels.
  case dither
  /// Pixels under 50 % alpha become transparent and the rest opaque: crisp edges, but parts
  /// drawn under 50 % opacity vanish.
  case cut
}
