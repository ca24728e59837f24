import ProgressRenderCore

/// One item of a Lottie shape layer or group, by its `ty`: `gr` group (items in `it`, its
/// transform last), `el` ellipse, `sh` path, `rc` rectangle, `fl` fill, `st` stroke, `tm` trim
/// path, `sr` star or polygon, `tr` a group's transform. Items paint bottom to top from the end of the list; a fill,
/// stroke or trim applies to the paths listed before it in the same group.
package struct LottieShape: Codable, Equatable, Sendable {
  /// The kind of item.
  public var ty: String
  /// Name.
  public var nm: String?
  /// A group's items.
  public var it: [LottieShape]?
  /// An ellipse's, rectangle's or polystar's direction (1 clockwise, 3 counter-clockwise).
  public var d: Int?
  /// Position (ellipse, rectangle centre; transform position).
  public var p: LottieProperty?
  /// Size (ellipse, rectangle); a trim's start; a transform's scale.
  public var s: LottieProperty?
  /// A trim's end, in percent.
  public var e: LottieProperty?
  /// A path's Bézier data.
  public var ks: LottieProperty?
  /// A rectangle's roundness; a transform's or polystar's rotation in degrees (clockwise).
  public var r: LottieProperty?
  /// Opacity in percent (fill, stroke, transform); a trim's offset in degrees.
  public var o: LottieProperty?
  /// A transform's anchor point.
  public var a: LottieProperty?
  /// A transform's skew.
  public var sk: LottieProperty?
  /// A transform's skew axis.
  public var sa: LottieProperty?
  /// Colour, RGBA in 0…1 (fill, stroke).
  public var c: LottieProperty?
  /// Stroke width.
  public var w: LottieProperty?
  /// Line cap: 1 butt, 2 round, 3 square.
  public var lc: Int?
  /// Line join: 1 miter, 2 round, 3 bevel.
  public var lj: Int?
  /// Miter limit.
  public var ml: Double?
  /// Trim mode: 1 trims the paths together.
  public var m: Int?
  /// A polystar's kind: 1 star, 2 polygon.
  public var sy: Int?
  /// A polystar's number of points.
  public var pt: LottieProperty?
  /// A polystar's outer radius.
  public var or: LottieProperty?
  /// A star's inner radius.
  public var ir: LottieProperty?
  /// A polystar's outer roundness, in percent.
  public var os: LottieProperty?
  /// A star's inner roundness, in percent.
  public var `is`: LottieProperty?
  /// Blend mode of a group, fill or stroke (`CompositionBlendMode.allCases` index), when not normal.
  public var bm: Int?

  /// Creates an item of kind `ty` with no fields; the factories below fill them.
  public init(ty: String, nm: String? = nil) {
    self.ty = ty
    self.nm = nm
  }

  /// A group of items, with a transform (identity unless given) appended as Lottie requires.
  public static func group(_ name: String, _ items: [LottieShape], transform: LottieShape = .transform()) -> LottieShape
  {
    var shape = LottieShape(ty: "gr", nm: name)
    shape.it = items + [transform]
    return shape
  }

  /// A group transform: scale and rotation about `anchor`, placed at `position`.
  public static func transform(
    anchor: [Double] = [0, 0], position: [Double] = [0, 0], scale: LottieProperty = .vector([100, 100]),
    rotation: LottieProperty = .number(0)
  ) -> LottieShape {
    var shape = LottieShape(ty: "tr")
    shape.a = .vector(anchor)
    shape.p = .vector(position)
    shape.s = scale
    shape.r = rotation
    shape.o = .number(100)
    shape.sk = .number(0)
    shape.sa = .number(0)
    return shape
  }

  /// A group transform that only moves its items.
  public static func translation(_ position: LottieProperty) -> LottieShape {
    var shape = transform()
    shape.p = position
    return shape
  }

  /// An ellipse of `width` × `height` centred at (`x`, `y`), drawn clockwise.
  public static func ellipse(x: Double, y: Double, width: Double, height: Double) -> LottieShape {
    var shape = LottieShape(ty: "el")
    shape.d = 1
    shape.p = .vector([x, y])
    shape.s = .vector([width, height])
    return shape
  }

  /// A rectangle centred at (`x`, `y`).
  public static func rectangle(x: Double, y: Double, width: Double, height: Double) -> LottieShape {
    var shape = LottieShape(ty: "rc")
    shape.d = 1
    shape.p = .vector([x, y])
    shape.s = .vector([width, height])
    shape.r = .number(0)
    return shape
  }

  /// A path, static or keyframed.
  public static func path(_ value: LottieValue) -> LottieShape {
    var shape = LottieShape(ty: "sh")
    shape.d = 1
    shape.ks = LottieProperty(value)
    return shape
  }

  /// A solid fill (the colour's alpha becomes the opacity).
  public static func fill(_ color: RGBAColor) -> LottieShape {
    var shape = LottieShape(ty: "fl")
    shape.c = .vector([color.red, color.green, color.blue, 1])
    shape.o = .number(color.alpha * 100)
    return shape
  }

  /// A solid stroke (the colour's alpha becomes the opacity).
  public static func stroke(_ color: RGBAColor, width: Double, cap: LineCap) -> LottieShape {
    var shape = LottieShape(ty: "st")
    shape.c = .vector([color.red, color.green, color.blue, 1])
    shape.o = .number(color.alpha * 100)
    shape.w = .number(width)
    shape.lc = LottieShape.capCode(cap)
    shape.lj = 2
    shape.ml = 4
    return shape
  }

  /// A trim from 0 to `end` percent of the paths before it.
  public static func trim(end: LottieProperty) -> LottieShape {
    var shape = LottieShape(ty: "tm")
    shape.s = .number(0)
    shape.e = end
    shape.o = .number(0)
    shape.m = 1
    return shape
  }

  /// Lottie's code of a line cap.
  public static func capCode(_ cap: LineCap) -> Int {
    switch cap {
    case .butt: return 1
    case .round: return 2
    case .square: return 3
    }
  }
}
