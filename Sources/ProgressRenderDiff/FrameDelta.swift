import ProgressRenderCore

/// How two frames of equal size differ, as measured by `PixelComparator`.
package struct FrameDelta: Equatable, Sendable {
  /// Pixels whose delta exceeds the threshold and that are not anti-aliasing (or all of them with
  /// `includeAntialiasing`).
  public var changedPixels: Int
  /// Pixels over the threshold that look like anti-aliasing of a moved edge; they do not fail a
  /// comparison unless `includeAntialiasing` is set.
  public var antialiasedPixels: Int
  /// The largest colour delta in threshold units, 0…1: the smallest `--threshold` that would let
  /// every pixel pass.
  public var maxDelta: Double
  /// Expected faded to grey, changed pixels red, anti-aliased ones yellow; present when asked for.
  public var diffImage: Frame?
}
