/// An expression read as `constant + Σ coefficient × track`, with the clamps, limits and remainders
/// it passes through left out: what a vector writer keys from the tracks' own keyframes (and then
/// checks against the expression frame by frame, where a clamp or remainder may bite).
package struct LinearForm: Equatable, Sendable {
  /// Coefficient of each track read.
  public var terms: [String: Double]
  /// The constant part.
  public var constant: Double

  /// The linear form of an expression, or `nil` when it is not linear in its tracks (a product of
  /// two tracks, a cosine, the clock).
  /// - Parameter expression: the expression.
  /// - Complexity: O(nodes of the expression).
  public init?(_ expression: NumberExpression) {
    switch expression {
    case .constant(let value): self.init(terms: [:], constant: value)
    case .track(let name, _, _): self.init(terms: [name: 1], constant: 0)
    case .time: return nil
    case .sum(let a, let b), .difference(let a, let b):
      guard let x = LinearForm(a), var y = LinearForm(b) else { return nil }
      if case .difference = expression { y = y.scaled(by: -1) }
      self.init(
        terms: x.terms.merging(y.terms, uniquingKeysWith: +).filter { $0.value != 0 }, constant: x.constant + y.constant
      )
    case .product(let a, let b):
      guard let x = LinearForm(a), let y = LinearForm(b) else { return nil }
      if x.terms.isEmpty {
        self = y.scaled(by: x.constant)
      } else if y.terms.isEmpty {
        self = x.scaled(by: y.constant)
      } else {
        return nil
      }
    case .quotient(let a, let b):
      guard let x = LinearForm(a), let y = LinearForm(b), y.terms.isEmpty, y.constant != 0 else { return nil }
      self = x.scaled(by: 1 / y.constant)
    case .maximum(let a, let b), .minimum(let a, let b):
      guard let x = LinearForm(a), let y = LinearForm(b) else { return nil }
      if y.terms.isEmpty {
        self = x
      } else if x.terms.isEmpty {
        self = y
      } else {
        return nil
      }
    case .clamped(let a, _, _), .finite(let a, _), .remainder(let a, _):
      guard let x = LinearForm(a) else { return nil }
      self = x
    case .floor, .cosine, .sine: return nil
    }
  }

  /// Creates a form.
  public init(terms: [String: Double], constant: Double) {
    self.terms = terms
    self.constant = constant
  }

  /// The form times a factor.
  public func scaled(by factor: Double) -> LinearForm {
    LinearForm(terms: terms.mapValues { $0 * factor }.filter { $0.value != 0 }, constant: constant * factor)
  }
}
