/// What `GIFEncoder` wrote.
public struct GIFSummary: Equatable, Sendable {
  /// GIF frames written, after merging identical consecutive frames.
  public var framesWritten: Int
  /// Opaque colours in the palette.
  public var paletteColors: Int
  /// Whether the palette has a transparent entry.
  public var hasTransparentIndex: Bool
  /// Whether every pixel was written with its exact (alpha-resolved) colour.
  public var isLossless: Bool
  /// Size of the GIF in bytes.
  public var byteCount: Int
  /// Frames written with a local colour table of their own.
  public var localColorTables = 0
}
