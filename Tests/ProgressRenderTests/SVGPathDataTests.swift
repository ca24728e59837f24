import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats

/// `SVGPathData`: path data in its short form — relative commands, repeated letters left out, no
/// space before a minus or a second point — drawing exactly the rounded points of the absolute form.
@Suite struct SVGPathDataTests {
  static let none = Point(x: 0, y: 0)

  @Test(arguments: [
    (0, 1, "0"), (5, 1, ".5"), (-5, 1, "-.5"), (15, 1, "1.5"), (-150, 2, "-1.5"), (1200, 2, "12"), (7, 0, "7"),
    (-3, 2, "-.03"),
  ])
  func numbers(units: Int, places: Int, text: String) {
    #expect(SVGPathData.number(units, places: places) == text)
  }

  /// A square and a curve: `h`/`v` for straight lines along an axis, one `c` for two curves, the
  /// second contour moved from the first one's start.
  @Test func shortForm() {
    let square = VectorPath.Contour(
      vertices: [Point(x: 1, y: 1), Point(x: 3.5, y: 1), Point(x: 3.5, y: 2.25), Point(x: 1, y: 2.25)].map {
        VectorPath.Vertex($0, inTangent: Self.none, outTangent: Self.none)
      }, closed: true)
    let curve = VectorPath.Contour(
      vertices: [
        VectorPath.Vertex(Point(x: 5, y: 5), inTangent: Self.none, outTangent: Point(x: 1, y: 0)),
        VectorPath.Vertex(Point(x: 7, y: 6), inTangent: Point(x: -1, y: 0), outTangent: Point(x: 0.5, y: -0.5)),
        VectorPath.Vertex(Point(x: 8, y: 4.6), inTangent: Point(x: 0, y: 0.4), outTangent: Self.none),
      ], closed: false)
    let text = SVGPathData.text(VectorPath(contours: [square, curve]), places: 2)
    #expect(text == "M1 1h2.5v1.25h-2.5zm4 4c1 0 1 1 2 1 .5-.5 1-1 1-1.4")
  }

  /// A curve whose first control point mirrors the last one's second is an `s` of four numbers;
  /// one that does not mirror it, or follows a line, stays a `c`.
  @Test func mirroredCurvesAreShort() {
    let contour = VectorPath.Contour(
      vertices: [
        VectorPath.Vertex(Point(x: 0, y: 0), inTangent: Self.none, outTangent: Point(x: 1, y: 1)),
        VectorPath.Vertex(Point(x: 4, y: 2), inTangent: Point(x: -1, y: 0), outTangent: Point(x: 1, y: 0)),
        VectorPath.Vertex(Point(x: 8, y: 0), inTangent: Point(x: -1, y: 1), outTangent: Point(x: 2, y: 0)),
        VectorPath.Vertex(Point(x: 12, y: 3), inTangent: Self.none, outTangent: Self.none),
      ], closed: false)
    let text = SVGPathData.text(VectorPath(contours: [contour]), places: 0)
    #expect(text == "M0 0c1 1 3 2 4 2s3-1 4-2c2 0 4 3 4 3")
  }

  /// Relative offsets add up to the rounded absolute points: no drift over a long outline.
  @Test func offsetsDoNotDrift() {
    let points = (0..<200).map { Point(x: Double($0) * 0.333333, y: Double($0 % 7) * 1.777777) }
    let contour = VectorPath.Contour(
      vertices: points.map { VectorPath.Vertex($0, inTangent: Self.none, outTangent: Self.none) }, closed: false)
    let text = SVGPathData.text(VectorPath(contours: [contour]), places: 1)
    // Walk the commands back to absolute points.
    var (x, y) = (0.0, 0.0)
    var command: Character = "M"
    var numbers: [Double] = []
    var token = ""
    var last = Point(x: 0, y: 0)
    func flushToken() {
      if !token.isEmpty, let value = Double(token) { numbers.append(value) }
      token = ""
    }
    func apply() {
      switch command {
      case "M": (x, y) = (numbers[0], numbers[1])
      case "l": (x, y) = (x + numbers[0], y + numbers[1])
      case "h": x += numbers[0]
      case "v": y += numbers[0]
      default: break
      }
      numbers = []
      last = Point(x: x, y: y)
    }
    let arity: [Character: Int] = ["M": 2, "l": 2, "h": 1, "v": 1]
    for character in text {
      if character.isLetter {
        flushToken()
        if !numbers.isEmpty { apply() }
        command = character
      } else if character == "-" || (character == "." && token.contains(".")) {
        flushToken()
        token = String(character)
      } else if character == " " {
        flushToken()
      } else {
        token.append(character)
      }
      if numbers.count == arity[command] { apply() }
    }
    flushToken()
    if !numbers.isEmpty { apply() }
    let end = points[points.count - 1]
    #expect(abs(last.x - (end.x * 10).rounded() / 10) < 1e-9)
    #expect(abs(last.y - (end.y * 10).rounded() / 10) < 1e-9)
  }
}
