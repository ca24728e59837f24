/// The end of a stroked arc, as `CAShapeLayer.lineCap`.
public enum LineCap: String, Codable, Sendable, CaseIterable {
  case butt
  case round
  case square
}
