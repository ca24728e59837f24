// TEMPORARY: the timeline helper replaces this file with the real parser and formatter.
extension Easing: Codable {
  public init(from decoder: any Decoder) throws {
    self = .linear
  }
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode("linear")
  }
}
