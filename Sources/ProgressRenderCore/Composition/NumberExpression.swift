import Foundation

/// A number computed from the timeline at one time: a track's value, the clock, and the arithmetic
/// a preset needs to turn them into geometry (clamps, remainders, a cosine).
///
/// Expressions are data, so the renderer evaluates them and the vector writers turn them into
/// keyframes: exactly where the expression is an affine map of one track (the track's own keys,
/// easings kept), else one key per frame. Evaluation follows the tree's order of operations, so
/// a compiler that builds `(a × 2) × π` gets exactly that double.
public indirect enum NumberExpression: Codable, Equatable, Sendable {
  /// A constant.
  case constant(Double)
  /// A track's value; while it is absent, `fallbackTrack`'s, else `fallback`.
  case track(String, fallbackTrack: String? = nil, fallback: Double = 0)
  /// Output seconds since the first frame.
  case time
  /// a + b.
  case sum(NumberExpression, NumberExpression)
  /// a − b.
  case difference(NumberExpression, NumberExpression)
  /// a × b.
  case product(NumberExpression, NumberExpression)
  /// a ÷ b.
  case quotient(NumberExpression, NumberExpression)
  /// The larger of the two.
  case maximum(NumberExpression, NumberExpression)
  /// The smaller of the two.
  case minimum(NumberExpression, NumberExpression)
  /// The value limited to `lower…upper`; NaN gives `lower`.
  case clamped(NumberExpression, lower: Double, upper: Double)
  /// The value, or `otherwise` when it is NaN or infinite.
  case finite(NumberExpression, otherwise: Double)
  /// The value's remainder after dividing by `divisor` towards zero (`truncatingRemainder`).
  case remainder(NumberExpression, divisor: Double)
  /// The largest whole number not above the value.
  case floor(NumberExpression)
  /// The cosine of the value (radians).
  case cosine(NumberExpression)
  /// The sine of the value (radians).
  case sine(NumberExpression)

  /// The expression's value.
  /// - Parameter values: every track's value at one time, and that time.
  /// - Returns: the number.
  /// - Complexity: O(nodes of the expression).
  public func value(in values: TrackValues) -> Double {
    switch self {
    case .constant(let value): value
    case .track(let name, let fallbackTrack, let fallback):
      values.values[name] ?? fallbackTrack.flatMap { values.values[$0] } ?? fallback
    case .time: values.time
    case .sum(let a, let b): a.value(in: values) + b.value(in: values)
    case .difference(let a, let b): a.value(in: values) - b.value(in: values)
    case .product(let a, let b): a.value(in: values) * b.value(in: values)
    case .quotient(let a, let b): a.value(in: values) / b.value(in: values)
    case .maximum(let a, let b): Swift.max(a.value(in: values), b.value(in: values))
    case .minimum(let a, let b): Swift.min(a.value(in: values), b.value(in: values))
    case .clamped(let a, let lower, let upper):
      Self.clamp(a.value(in: values), lower, upper)
    case .finite(let a, let otherwise):
      Self.finite(a.value(in: values), otherwise)
    case .remainder(let a, let divisor): a.value(in: values).truncatingRemainder(dividingBy: divisor)
    case .floor(let a): a.value(in: values).rounded(.down)
    case .cosine(let a): Foundation.cos(a.value(in: values))
    case .sine(let a): Foundation.sin(a.value(in: values))
    }
  }

  /// The expression's first reading of track `name`, with the fallbacks it is read with, or a plain
  /// reading of it when the expression does not read it.
  /// - Parameter name: a track's name.
  /// - Returns: a `track` expression.
  /// - Complexity: O(nodes of the expression).
  public func reading(_ name: String) -> NumberExpression {
    func find(_ e: NumberExpression) -> NumberExpression? {
      switch e {
      case .constant, .time: return nil
      case .track(let read, _, _): return read == name ? e : nil
      case .sum(let a, let b), .difference(let a, let b), .product(let a, let b), .quotient(let a, let b),
        .maximum(let a, let b), .minimum(let a, let b):
        return find(a) ?? find(b)
      case .clamped(let a, _, _), .finite(let a, _), .remainder(let a, _), .floor(let a), .cosine(let a), .sine(let a):
        return find(a)
      }
    }
    return find(self) ?? .track(name)
  }

  /// The tracks the expression reads (a fallback track included), in first-use order.
  public var tracks: [String] {
    var names: [String] = []
    func visit(_ e: NumberExpression) {
      switch e {
      case .constant, .time: break
      case .track(let name, let fallbackTrack, _):
        for n in [name] + (fallbackTrack.map { [$0] } ?? []) where !names.contains(n) { names.append(n) }
      case .sum(let a, let b), .difference(let a, let b), .product(let a, let b), .quotient(let a, let b),
        .maximum(let a, let b), .minimum(let a, let b):
        visit(a)
        visit(b)
      case .clamped(let a, _, _), .finite(let a, _), .remainder(let a, _), .floor(let a), .cosine(let a), .sine(let a):
        visit(a)
      }
    }
    visit(self)
    return names
  }

  /// Whether the expression is piecewise constant in what it reads somewhere (it rounds down).
  public var steps: Bool {
    switch self {
    case .floor: true
    case .constant, .track, .time: false
    case .sum(let a, let b), .difference(let a, let b), .product(let a, let b), .quotient(let a, let b),
      .maximum(let a, let b), .minimum(let a, let b):
      a.steps || b.steps
    case .clamped(let a, _, _), .finite(let a, _), .remainder(let a, _), .cosine(let a), .sine(let a):
      a.steps
    }
  }

  /// Whether the expression reads the clock.
  public var readsTime: Bool {
    switch self {
    case .time: true
    case .constant, .track: false
    case .sum(let a, let b), .difference(let a, let b), .product(let a, let b), .quotient(let a, let b),
      .maximum(let a, let b), .minimum(let a, let b):
      a.readsTime || b.readsTime
    case .clamped(let a, _, _), .finite(let a, _), .remainder(let a, _), .floor(let a), .cosine(let a), .sine(let a):
      a.readsTime
    }
  }

  /// The value limited to `lower…upper`, NaN giving `lower`.
  public static func clamp(_ value: Double, _ lower: Double, _ upper: Double) -> Double {
    value.isNaN ? lower : Swift.min(Swift.max(value, lower), upper)
  }

  /// The value, or `otherwise` when it is NaN or infinite.
  public static func finite(_ value: Double, _ otherwise: Double) -> Double {
    value.isFinite ? value : otherwise
  }
}

extension NumberExpression: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
  /// A constant from a literal.
  public init(floatLiteral value: Double) { self = .constant(value) }
  /// A constant from a literal.
  public init(integerLiteral value: Int) { self = .constant(Double(value)) }
}
