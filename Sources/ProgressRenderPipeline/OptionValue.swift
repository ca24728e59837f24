import ProgressRenderCore

/// A parsed option value, checked against its option's `OptionKind`.
package enum OptionValue: Equatable, Sendable {
  case integer(Int)
  /// A canvas that is not square, `WIDTHxHEIGHT`.
  case canvas(width: Int, height: Int)
  case number(Double)
  case color(RGBAColor)
  case text(String)
  case time(StillTime)
  case flag

  /// The whole number, if this is one.
  public var integer: Int? {
    if case .integer(let value) = self { return value }
    return nil
  }

  /// The decimal number (whole numbers convert), if this is one.
  public var number: Double? {
    switch self {
    case .number(let value): return value
    case .integer(let value): return Double(value)
    default: return nil
    }
  }

  /// The colour, if this is one.
  public var color: RGBAColor? {
    if case .color(let value) = self { return value }
    return nil
  }

  /// The text, path or choice, if this is one.
  public var text: String? {
    if case .text(let value) = self { return value }
    return nil
  }

  /// The time, if this is one.
  public var time: StillTime? {
    if case .time(let value) = self { return value }
    return nil
  }
}
