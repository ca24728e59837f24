/// The bounds a Lottie file must stay within, so that a hostile or broken file is refused early
/// with the limit it breaks instead of exhausting memory or time.
public struct LottieImportLimits: Equatable, Sendable {
  /// Largest file, in bytes.
  public var maxBytes = 64 << 20
  /// Largest number of layers, over the root and every precomposition, each use counted.
  public var maxLayers = 10_000
  /// Largest number of shape items (all levels, each use counted).
  public var maxShapes = 200_000
  /// Largest number of keyframes in one property.
  public var maxKeyframes = 10_000
  /// Largest number of keyframes in the whole file, each use counted, with the keys the import
  /// adds for expressions (loops, overshoot samples).
  public var maxTotalKeyframes = 500_000
  /// Deepest nesting of shape groups, and of precompositions inside precompositions.
  public var maxDepth = 64
  /// Largest number of vertices in one path.
  public var maxVertices = 100_000
  /// Largest canvas side, in points.
  public var maxSide = 16_384.0
  /// Largest embedded or linked image, in bytes.
  public var maxImageBytes = 16 << 20
  /// Largest image, in pixels.
  public var maxImagePixels = 16 << 20
  /// Most characters in one text document.
  public var maxTextCharacters = 10_000
  /// Most copies a repeater makes.
  public var maxRepeaterCopies = 1_000
  /// Most entries in a dotLottie archive.
  public var maxArchiveEntries = 1_000
  /// Largest entry of a dotLottie archive once uncompressed, in bytes: as its header declares it
  /// and as it actually inflates (inflating stops at the limit). The animation is bounded by
  /// `maxBytes` too.
  public var maxArchiveEntryBytes = 64 << 20
  /// Largest sum of a dotLottie archive's entries once uncompressed, in bytes.
  public var maxArchiveBytes = 256 << 20

  /// The default limits.
  public init() {}
}
