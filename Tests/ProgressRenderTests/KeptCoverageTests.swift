import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderRaster

/// `CairoCanvas.layer(_:within:reusing:shape:)`: a layer painted through kept coverage is, pixel
/// for pixel, the layer drawn afresh, and the coverage is kept only where that holds.
@Suite struct KeptCoverageTests {
  /// What differs between the frame that kept the coverage and the next one.
  enum Change: CaseIterable, CustomTestStringConvertible {
    case nothing, color, transform, bounds, roundClip, outerRectangle

    var testDescription: String { "\(self)" }

    /// Whether the kept coverage still serves: the shape lands on the same device pixels.
    var reuses: Bool { self == .nothing || self == .color || self == .outerRectangle }
  }

  private static let bounds = CairoCanvas.Rect(x: 2, y: 3, width: 16, height: 15)
  private static let red = CairoCanvas.Color(RGBAColor(r: 255, g: 0, b: 0, a: 200))
  private static let white = CairoCanvas.Color(RGBAColor.white)

  /// Sets up the second frame's state for `change` (the first frame is drawn with none).
  private static func prepare(_ canvas: CairoCanvas, for change: Change) {
    switch change {
    case .transform: canvas.translate(0.25, 0)
    case .roundClip:
      canvas.circle(centerX: 10, centerY: 10, radius: 7)
      canvas.clip()
    case .outerRectangle:
      // A clip on whole pixels wider than the layer's: the layer's own clip is the same.
      canvas.move(to: 0, 0)
      canvas.line(to: 19.5, 0)
      canvas.line(to: 19.5, 19.5)
      canvas.line(to: 0, 19.5)
      canvas.closePath()
      canvas.clip()
    case .nothing, .color, .bounds: break
    }
  }

  private static func disc(_ canvas: CairoCanvas) {
    canvas.circle(centerX: 10.3, centerY: 10.6, radius: 6.2)
    canvas.fill()
  }

  @Test(arguments: Change.allCases)
  func keptCoverageServesOnlyWhereItPaintsTheSamePixels(change: Change) throws {
    let canvas = try CairoCanvas(pixelWidth: 40, pixelHeight: 40, deviceScale: 2, edgeLevels: 17)
    try canvas.beginFrame(background: .black)
    let kept = canvas.layer(Self.white, within: Self.bounds, reusing: nil) { Self.disc(canvas) }
    #expect(kept != nil)

    try canvas.beginFrame(background: .black)
    Self.prepare(canvas, for: change)
    let color = change == .color ? Self.red : Self.white
    let bounds = change == .bounds ? CairoCanvas.Rect(x: 2, y: 3, width: 17, height: 15) : Self.bounds
    var drawn = 0
    let next = canvas.layer(color, within: bounds, reusing: kept) {
      drawn += 1
      Self.disc(canvas)
    }
    let frame = try canvas.snapshot()

    let fresh = try CairoCanvas(pixelWidth: 40, pixelHeight: 40, deviceScale: 2, edgeLevels: 17)
    try fresh.beginFrame(background: .black)
    Self.prepare(fresh, for: change)
    fresh.layer(color, within: bounds) { Self.disc(fresh) }
    #expect(frame == (try fresh.snapshot()))
    #expect(frame.pixels.contains { $0 != 0xff00_0000 })

    #expect((next === kept) == change.reuses)
    #expect(drawn == (change.reuses ? 0 : 1))
    // Inside a round clip nothing is kept: the coverage there depends on the clip's own edge.
    #expect((next == nil) == (change == .roundClip))
  }

  @Test func nothingIsKeptAtFullEdgeLevels() throws {
    let canvas = try CairoCanvas(pixelWidth: 40, pixelHeight: 40, deviceScale: 2, edgeLevels: 256)
    try canvas.beginFrame(background: .black)
    let kept = canvas.layer(Self.white, within: Self.bounds, reusing: nil) { Self.disc(canvas) }
    #expect(kept == nil)
    let frame = try canvas.snapshot()
    try canvas.beginFrame(background: .black)
    canvas.layer(Self.white, within: Self.bounds) { Self.disc(canvas) }
    #expect(frame == (try canvas.snapshot()))
  }

  /// Coverage kept on one canvas is not taken for another's, whatever their transforms.
  @Test func coverageIsKeptForItsOwnCanvas() throws {
    let one = try CairoCanvas(pixelWidth: 40, pixelHeight: 40, deviceScale: 2, edgeLevels: 17)
    let other = try CairoCanvas(pixelWidth: 40, pixelHeight: 40, deviceScale: 2, edgeLevels: 3)
    try one.beginFrame(background: .black)
    let kept = one.layer(Self.white, within: Self.bounds, reusing: nil) { Self.disc(one) }
    try other.beginFrame(background: .black)
    var drawn = 0
    let next = other.layer(Self.white, within: Self.bounds, reusing: kept) {
      drawn += 1
      Self.disc(other)
    }
    #expect(drawn == 1 && next !== kept)
    let frame = try other.snapshot()
    try other.beginFrame(background: .black)
    other.layer(Self.white, within: Self.bounds) { Self.disc(other) }
    #expect(frame == (try other.snapshot()))
  }
}
