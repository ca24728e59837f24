/// One layer of a Lottie file, by its `ty`: 2 image, 4 shape, 5 text. Layers are listed top first.
package struct LottieLayer: Codable, Equatable, Sendable {
  /// 3D: always 0.
  public var ddd = 0
  /// Index, unique in the file.
  public var ind: Int
  /// Kind: 2 image, 4 shape, 5 text.
  public var ty: Int
  /// Name.
  public var nm: String
  /// Time stretch: 1.
  public var sr = 1.0
  /// The layer's transform.
  public var ks: LottieTransform
  /// Auto-orient: 0.
  public var ao = 0
  /// First frame the layer shows.
  public var ip: Double
  /// Frame after the last it shows.
  public var op: Double
  /// Start time.
  public var st = 0.0
  /// Blend mode: normal.
  public var bm = 0
  /// A shape layer's items.
  public var shapes: [LottieShape]?
  /// An image layer's asset id.
  public var refId: String?
  /// A text layer's documents.
  public var t: LottieTextData?
  /// Whether `masksProperties` is set.
  public var hasMask: Bool?
  /// Masks, in the layer's own coordinates.
  public var masksProperties: [LottieMask]?

  /// Creates a layer showing from frame `ip` to `op`.
  public init(ind: Int, ty: Int, nm: String, ks: LottieTransform, ip: Double, op: Double) {
    self.ind = ind
    self.ty = ty
    self.nm = nm
    self.ks = ks
    self.ip = ip
    self.op = op
  }
}

/// A layer's transform: opacity, rotation, position, anchor and scale (percent, three axes).
package struct LottieTransform: Codable, Equatable, Sendable {
  /// Opacity in percent.
  public var o: LottieProperty
  /// Rotation in degrees, clockwise.
  public var r: LottieProperty
  /// Where the anchor goes.
  public var p: LottieProperty
  /// The point scaled and turned about, in the layer's coordinates.
  public var a: LottieProperty
  /// Scale in percent per axis.
  public var s: LottieProperty

  /// A transform scaling by `scale` (percent, keyframed or not) about `anchor`, which is put at `position`.
  public init(
    anchor: [Double], position: [Double], scale: LottieProperty = .vector([100, 100, 100]),
    opacity: LottieProperty = .number(100)
  ) {
    o = opacity
    r = .number(0)
    p = .vector(position + [0])
    a = .vector(anchor + [0])
    s = scale
  }
}

/// A mask of a layer: the layer shows only inside the closed path `pt` (mode `a` add, `s` subtract,
/// `i` intersect; `inv` inverted).
package struct LottieMask: Codable, Equatable, Sendable {
  /// Whether the outside of the path counts.
  public var inv = false
  /// How it combines with the masks before it: `a`, `s` or `i`.
  public var mode = "a"
  /// The path.
  public var pt: LottieProperty
  /// Opacity in percent.
  public var o = LottieProperty.number(100)
  /// The mask's expansion in points (Bodymovin always writes it; lottie-web reads it).
  public var x = LottieProperty.number(0)
  /// Name.
  public var nm: String

  /// Creates an additive mask.
  public init(nm: String, path: LottieBezier) {
    self.nm = nm
    pt = LottieProperty(.path(path))
  }
}
