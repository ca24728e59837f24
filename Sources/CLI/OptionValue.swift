import ProgressRender

/// A parsed option value, checked against its option's `ValueKind`.
enum OptionValue: Equatable, Sendable {
  case integer(Int)
  case number(Double)
  case color(RGBAColor)
  case text(String)
  case time(StillTime)
  case flag
}
