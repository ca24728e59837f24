import ProgressRenderCore

/// SVG path data in its short form: every point rounded to a fixed number of places, the first
/// `M` absolute and every later command relative to the point before (`m`, `l`, `h`, `v`, `c`), a
/// command letter left out where it repeats, and numbers joined without a space before a minus
/// sign or a second point (`.5.3`), a leading zero left out; a closed contour's straight way back
/// to its start is its `z`.
///
/// Each point is rounded first and each offset is the difference of two rounded points, counted in
/// whole units of the last place: the offsets add up to exactly the rounded points, so the outline is
/// the one the absolute form of the same places draws.
enum SVGPathData {
  /// The path data of contours, each point to `places` decimals.
  /// - Complexity: O(vertices).
  static func text(_ path: VectorPath, places: Int) -> String {
    var writer = Writer(places: places)
    for contour in path.contours {
      guard let first = contour.vertices.first else { continue }
      writer.move(to: first.point)
      let count = contour.vertices.count
      for index in 1..<(contour.closed ? count + 1 : count) where count > 1 || contour.closed {
        let a = contour.vertices[index - 1]
        let b = contour.vertices[index % count]
        if a.outTangent == Point(x: 0, y: 0), b.inTangent == Point(x: 0, y: 0) {
          // The straight way back to the start is the `z` itself.
          if index < count { writer.line(to: b.point) }
        } else {
          writer.curve(
            Point(x: a.point.x + a.outTangent.x, y: a.point.y + a.outTangent.y),
            Point(x: b.point.x + b.inTangent.x, y: b.point.y + b.inTangent.y), b.point)
        }
      }
      if contour.closed { writer.close() }
    }
    return writer.text
  }

  /// A number of whole units of `places` decimals in its shortest text: `0`, `-1.5`, `.25`, `-.5`.
  static func number(_ units: Int, places: Int) -> String {
    guard units != 0 else { return "0" }
    var scale = 1
    for _ in 0..<places { scale *= 10 }
    let magnitude = units.magnitude
    let whole = magnitude / UInt(scale)
    var fraction = ""
    if places > 0 {
      let digits = String(magnitude % UInt(scale))
      fraction = String(repeating: "0", count: places - digits.count) + digits
      while fraction.hasSuffix("0") { fraction.removeLast() }
    }
    let sign = units < 0 ? "-" : ""
    if fraction.isEmpty { return sign + String(whole) }
    return sign + (whole == 0 ? "" : String(whole)) + "." + fraction
  }

  /// Writes commands one at a time, keeping the rounded current point and the last command.
  private struct Writer {
    let places: Int
    let scale: Double
    var text = ""
    /// The current point and the start of the contour, in units.
    var current = (x: 0, y: 0)
    var start = (x: 0, y: 0)
    var command: Character?
    /// The second control point of the last command when it was a curve, in units.
    var lastControl: (x: Int, y: Int)?
    /// Whether the last number written has a decimal point (a `.` next needs no space).
    var lastHasPoint = false

    init(places: Int) {
      self.places = places
      var scale = 1.0
      for _ in 0..<places { scale *= 10 }
      self.scale = scale
    }

    func units(_ value: Double) -> Int {
      guard value.isFinite else { return 0 }
      return Int(min(max((value * scale).rounded(), -1e15), 1e15))
    }

    func units(_ p: Point) -> (x: Int, y: Int) { (units(p.x), units(p.y)) }

    mutating func move(to p: Point) {
      let to = units(p)
      if text.isEmpty {
        emit("M", [to.x, to.y])
      } else {
        emit("m", [to.x - current.x, to.y - current.y])
      }
      current = to
      start = to
      lastControl = nil
      // A pair after `m` would be a line: the next command always writes its letter.
      command = nil
    }

    mutating func line(to p: Point) {
      let to = units(p)
      let (dx, dy) = (to.x - current.x, to.y - current.y)
      if dy == 0 {
        emit("h", [dx])
      } else if dx == 0 {
        emit("v", [dy])
      } else {
        emit("l", [dx, dy])
      }
      current = to
      lastControl = nil
    }

    mutating func curve(_ c1: Point, _ c2: Point, _ p: Point) {
      let (a, b, to) = (units(c1), units(c2), units(p))
      // A first control point that mirrors the last curve's second about the current point: `s`.
      if let mirrored = lastControl, a.x == 2 * current.x - mirrored.x, a.y == 2 * current.y - mirrored.y {
        emit("s", [b.x - current.x, b.y - current.y, to.x - current.x, to.y - current.y])
      } else {
        emit(
          "c",
          [a.x - current.x, a.y - current.y, b.x - current.x, b.y - current.y, to.x - current.x, to.y - current.y])
      }
      current = to
      lastControl = b
    }

    mutating func close() {
      emit("z", [])
      current = start
      lastControl = nil
      command = nil
    }

    /// A command and its numbers, its letter left out when it repeats the last one; a space only
    /// between two numbers that would run together.
    private mutating func emit(_ letter: Character, _ numbers: [Int]) {
      if letter != command || numbers.isEmpty {
        text.append(letter)
        lastHasPoint = false
      }
      command = letter
      for value in numbers {
        let number = SVGPathData.number(value, places: places)
        let runsOn = number.hasPrefix("-") || (number.hasPrefix(".") && lastHasPoint)
        if let last = text.last, last.isNumber, !runsOn { text += " " }
        text += number
        lastHasPoint = number.contains(".")
      }
    }
  }
}
