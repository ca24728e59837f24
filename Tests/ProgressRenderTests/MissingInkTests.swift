import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderDiff
@testable import ProgressRenderPipeline

/// The differ sees missing ink: a label, dot or stroke segment drawn in one frame and not in the
/// other is changed as a whole, however thin; an edge moved by a fraction of a pixel stays excused.
@Suite struct MissingInkTests {
  static func frame(_ name: String, size: Double = 200, at time: Double, edit: (inout Style) -> Void = { _ in })
    throws -> Frame
  {
    var style = try Presets.named(name)
    edit(&style)
    var settings = RenderSettings(defaultsOf: style)
    settings.size = size
    settings.edgeLevels = 256
    return try Renderer(style: style, settings: settings).frame(at: time)
  }

  /// Pixels over the threshold, excused or not.
  static func differing(_ a: Frame, _ b: Frame) -> Int {
    let limit = PixelComparator.maxYIQDelta * 0.01
    return zip(a.pixels, b.pixels).filter { PixelComparator.colorDelta($0, $1) > limit }.count
  }

  /// download's frame without its label is different by the label's whole area (rlottie drew
  /// such frames and the differ excused 91 of 166 pixels as anti-aliasing).
  @Test(arguments: [("download", 1.0), ("download", 2.7), ("countdown", 1.5), ("thumb", 5.0)])
  func aMissingLabelIsChangedAsAWhole(_ name: String, _ time: Double) throws {
    let full = try Self.frame(name, at: time)
    let bare = try Self.frame(name, at: time) {
      $0.look.labels = nil
      $0.look.thumb?.label = nil
    }
    let area = Self.differing(full, bare)
    #expect(area > 40)
    for (a, b) in [(full, bare), (bare, full)] {
      let delta = PixelComparator().compare(a, b)
      #expect(delta.changedPixels == area, "\(name) at \(time): \(delta.changedPixels) of \(area) changed")
      #expect(delta.antialiasedPixels == 0)
    }
  }

  /// A missing dot (the right third of the row painted over with the background) and a missing
  /// segment of a thin ring (the lower half of activity's canvas): the same.
  @Test(arguments: [("dots", 0.3, 2.0 / 3, 0.0), ("material", 0.5, 0.0, 0.5), ("wave", 1.0, 0.0, 0.6)])
  func aMissingDotOrSegmentIsChanged(_ name: String, _ time: Double, _ fromX: Double, _ fromY: Double) throws {
    let full = try Self.frame(name, size: 64, at: time)
    var erased = full
    let background = full.pixels[0]
    for y in Int(fromY * 64)..<64 {
      for x in Int(fromX * 64)..<64 { erased.pixels[y * 64 + x] = background }
    }
    let area = Self.differing(full, erased)
    #expect(area > 20)
    let delta = PixelComparator().compare(full, erased)
    #expect(delta.antialiasedPixels == 0 && delta.changedPixels == area, "\(delta.changedPixels) of \(area)")
  }

  /// Shapes that grow or turn by a fraction of a pixel keep their edge pixels excused: the counts
  /// are pixelmatch's own (the rule adds nothing).
  @Test(arguments: [("dots", 0.30, 0.34), ("countdown", 1.0, 1.02), ("wave", 0.5, 0.51), ("material", 0.5, 0.505)])
  func aMovedEdgeStaysExcused(_ name: String, _ t0: Double, _ t1: Double) throws {
    let a = try Self.frame(name, size: 64, at: t0)
    let b = try Self.frame(name, size: 64, at: t1)
    let delta = PixelComparator().compare(a, b)
    let (changed, excused) = DiffComparatorTests.pixelmatchCounts(a.pixels, b.pixels, width: 64, height: 64)
    #expect(excused > 0)
    #expect(delta.changedPixels == changed && delta.antialiasedPixels == excused, "\(delta) vs \(changed), \(excused)")
  }
}
