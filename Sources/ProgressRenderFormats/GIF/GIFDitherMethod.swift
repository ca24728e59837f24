/// How `GIFEncoder` dithers colours its palette lacks.
public enum GIFDitherMethod: String, CaseIterable, Equatable, Sendable {
  /// Floyd–Steinberg error diffusion over the pixels that changed since the previous frame.
  case diffusion
  /// An 8×8 Bayer pattern fixed to the canvas: smaller files, visibly coarser.
  case ordered
}
