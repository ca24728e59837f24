/// One image of a GIF file as displayed: the part of its rectangle inside the logical screen, its colour
/// indices, palette and graphics-control settings. Read by `GIFFileReader`, composited by `GIFCompositor`.
package struct GIFImageRecord: Equatable, Sendable {
  /// Left edge on the logical screen.
  public var left: Int
  /// Top edge on the logical screen.
  public var top: Int
  /// Width of the rectangle's visible part (0 when it lies wholly right of the screen).
  public var width: Int
  /// Height of the rectangle's visible part (0 when it lies wholly below the screen).
  public var height: Int
  /// Palette indices, `width × height`, top row first (de-interlaced). Every index is either the
  /// transparent index or below `palette.count`.
  public var indices: [UInt8]
  /// The palette in force (local, else global) as opaque `0xFFRRGGBB` pixels.
  public var palette: [UInt32]
  /// The transparent index of the graphics control extension, if any.
  public var transparentIndex: Int?
  /// Disposal mode 0…3 (0 unspecified and 1 leave in place, 2 restore to background, 3 restore previous);
  /// other values are treated as 1.
  public var disposal: Int
  /// Delay as written, in hundredths of a second (0 when the image has no graphics control extension).
  public var delay: Int
}
