/// The `k` of a Lottie property: a static number, a static vector, a static path, or keyframes.
///
/// Numbers are written as they are given; `LottieNumber.clean(_:)` rounds them first, so that the
/// same style gives the same bytes.
package enum LottieValue: Codable, Equatable, Sendable {
  /// A static number (`"k": 100`).
  case number(Double)
  /// A static vector (`"k": [60, 60, 0]`).
  case vector([Double])
  /// A static Bézier path (`"k": {"c": true, "i": …, "o": …, "v": …}`).
  case path(LottieBezier)
  /// Number or vector keyframes (`"k": [{"t": 0, "s": [0], …}, …]`).
  case keyframes([LottieKeyframe<[Double]>])
  /// Path keyframes (`"k": [{"t": 0, "s": [{…}], …}, …]`).
  case pathKeyframes([LottieKeyframe<[LottieBezier]>])

  /// Whether the value changes over time (the property's `a`).
  public var isAnimated: Bool {
    switch self {
    case .number, .vector, .path: return false
    case .keyframes, .pathKeyframes: return true
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let vector = try? container.decode([Double].self) {
      self = .vector(vector)
    } else if let path = try? container.decode(LottieBezier.self) {
      self = .path(path)
    } else if let keys = try? container.decode([LottieKeyframe<[Double]>].self) {
      self = .keyframes(keys)
    } else {
      self = .pathKeyframes(try container.decode([LottieKeyframe<[LottieBezier]>].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if isAnimated, let fragments = encoder.userInfo[LottieFragments.key] as? LottieFragments {
      try container.encode(fragments.placeholder(for: self))
      return
    }
    switch self {
    case .number(let value): try container.encode(value)
    case .vector(let value): try container.encode(value)
    case .path(let value): try container.encode(value)
    case .keyframes(let value): try container.encode(value)
    case .pathKeyframes(let value): try container.encode(value)
    }
  }
}

/// An animatable property of a Lottie file: `{"a": 0|1, "k": …}`.
package struct LottieProperty: Codable, Equatable, Sendable {
  /// 1 when `k` holds keyframes, else 0.
  public var a: Int
  /// The value or the keyframes.
  public var k: LottieValue

  /// Creates a property; `a` follows from the value.
  public init(_ value: LottieValue) {
    a = value.isAnimated ? 1 : 0
    k = value
  }

  /// A static number.
  public static func number(_ value: Double) -> LottieProperty { LottieProperty(.number(LottieNumber.clean(value))) }

  /// A static vector.
  public static func vector(_ values: [Double]) -> LottieProperty {
    LottieProperty(.vector(values.map(LottieNumber.clean)))
  }
}

/// One keyframe of a Lottie property: at frame `t` the value is `s`; `o`/`i` shape the way to the
/// next key (out of this key, into the next), `h: 1` holds `s` until the next key.
package struct LottieKeyframe<Value: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
  /// The frame.
  public var t: Double
  /// The value at `t`.
  public var s: Value
  /// 1 to hold the value until the next key.
  public var h: Int?
  /// The out tangent: the easing's first control point.
  public var o: LottieTangent?
  /// The in tangent: the easing's second control point.
  public var i: LottieTangent?

  /// Creates a keyframe.
  public init(t: Double, s: Value, h: Int? = nil, o: LottieTangent? = nil, i: LottieTangent? = nil) {
    self.t = t
    self.s = s
    self.h = h
    self.o = o
    self.i = i
  }
}

/// A control point of a keyframe's easing curve, one entry per dimension of the value.
package struct LottieTangent: Codable, Equatable, Sendable {
  /// Time coordinates, 0…1.
  public var x: [Double]
  /// Value coordinates (may leave 0…1 for an overshoot).
  public var y: [Double]

  /// Creates a tangent.
  public init(x: [Double], y: [Double]) {
    self.x = x
    self.y = y
  }
}

/// A Bézier path of a Lottie file: vertices `v` with in (`i`) and out (`o`) tangents relative to
/// their vertex, closed when `c`.
package struct LottieBezier: Codable, Equatable, Sendable {
  /// Closed.
  public var c: Bool
  /// In tangents, relative to each vertex.
  public var i: [[Double]]
  /// Out tangents, relative to each vertex.
  public var o: [[Double]]
  /// Vertices.
  public var v: [[Double]]

  /// Creates a path.
  public init(c: Bool, i: [[Double]], o: [[Double]], v: [[Double]]) {
    self.c = c
    self.i = i
    self.o = o
    self.v = v
  }
}

/// Rounding of the numbers written to a Lottie file, so that the same style gives the same bytes.
package enum LottieNumber {
  /// The value rounded to 1/10 000, with −0 and non-finite values written as 0.
  public static func clean(_ value: Double) -> Double {
    guard value.isFinite else { return 0 }
    let rounded = (value * 10_000).rounded() / 10_000
    return rounded == 0 ? 0 : rounded
  }
}
