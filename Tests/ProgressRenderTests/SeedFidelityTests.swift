import Foundation
import Testing

@testable import ProgressRenderBatch
@testable import ProgressRenderCore
@testable import ProgressRenderPipeline

/// The presets against their sources (`../shared/seeds/003`, `004`): the wave's directions and
/// the upload ring variant's colours, measured in pixels.
@Suite struct SeedFidelityTests {
  /// The `wave` preset painted at `time`, its level held at one half so only the motion differs,
  /// with its front wave alone (the back one moves the same way, slower).
  private static func wave(at time: Double) throws -> Frame {
    var style = try Presets.named("wave")
    style.look.wave?.layers.removeFirst()
    var values = Timeline(tracks: style.tracks).scene(at: time).values
    values["progress"] = 0.5
    return try PainterTests.render(style, values, time: time)
  }

  /// Centre angle (degrees, clockwise from 3 o'clock) of the ring's gap: the circular mean of the
  /// background pixels on the ring's centre line (radius 97 on the 200 pt canvas).
  private static func gapAngle(_ f: Frame) -> Double {
    var x = 0.0
    var y = 0.0
    for step in 0..<720 {
      let degrees = Double(step) / 2
      let p = PainterTests.pixel(f, radius: 97, degrees: degrees, center: 100)
      guard p.r > 240, p.g > 240, p.b > 240 else { continue }
      x += cos(degrees * .pi / 180)
      y += sin(degrees * .pi / 180)
    }
    return atan2(y, x) * 180 / .pi
  }

  /// The water's top edge per column across the inner circle (the first row of water from the top).
  private static func surface(_ f: Frame) -> [Int] {
    (50...150).map { x in (25...180).first { f.rgba(x: x, y: $0).r < 150 } ?? 180 }
  }

  /// The shift (points, positive to the right) that best maps the first surface onto the second.
  private static func shift(from a: [Int], to b: [Int]) -> Int {
    (-40...40).min { s, t in mismatch(a, b, s) < mismatch(a, b, t) } ?? 0
  }

  private static func mismatch(_ a: [Int], _ b: [Int], _ s: Int) -> Double {
    let pairs = a.indices.compactMap { i in b.indices.contains(i + s) ? abs(a[i] - b[i + s]) : nil }
    return Double(pairs.reduce(0, +)) / Double(max(pairs.count, 1))
  }

  /// The source turns its ring by −π/1.9 per update (counter-clockwise on screen) and moves its
  /// wave's left edge from −750 toward 0 (to the right): a tenth of a second apart, the gap turns
  /// 9° counter-clockwise (the preset's calmer 90°/s) and the front crest moves 13 pt right (a
  /// tenth of its wavelength, 0.8 of the 164 pt inner circle).
  @Test(arguments: [0.4, 1.0, 2.35])
  func waveTurnsCounterClockwiseAndSlidesRight(time: Double) throws {
    let before = try Self.wave(at: time)
    let after = try Self.wave(at: time + 0.1)
    var turn = Self.gapAngle(after) - Self.gapAngle(before)
    turn -= 360 * (turn / 360).rounded()
    #expect(abs(turn + 9) < 2, "turned \(turn)°; counter-clockwise is negative")
    let moved = Self.shift(from: Self.surface(before), to: Self.surface(after))
    #expect(abs(moved - 13) <= 2, "moved \(moved) pt; right is positive")
  }

  /// The upload preset as the ring variant, painted with `progress`.
  private static func ring(_ progress: Double, _ overrides: StyleOverrides = StyleOverrides(variant: .ring)) throws
    -> Frame
  {
    let style = overrides.applied(to: try Presets.named("upload"))
    return try PainterTests.render(style, ["progress": progress])
  }

  /// UIKit `orangeColor` (1.0, 0.5, 0.0) on the ring, `blueColor` (the view's `backgroundColor`
  /// under the source's thin ring) on the disc under it, not the picture.
  @Test func ringVariantIsOrangeOverABlueDisc() throws {
    let f = try Self.ring(0.5)
    // Ring radius 57, width 6: at 3 o'clock the arc, at 9 o'clock the disc shows through the ring.
    #expect(f.rgba(x: 116, y: 60) == (255, 128, 0, 255))
    #expect(f.rgba(x: 3, y: 60) == (0, 0, 255, 255))
    #expect(f.rgba(x: 30, y: 90) == (0, 0, 255, 255))
    let green = try Self.ring(0.5, StyleOverrides(variant: .ring, discColor: RGBAColor(r: 0, g: 255, b: 0)))
    #expect(green.rgba(x: 3, y: 60) == (0, 255, 0, 255))
    #expect(green.rgba(x: 116, y: 60) == (255, 128, 0, 255))
  }

  /// At 100 % nothing of the disc shows past the ring: every pixel from the ring's centre line
  /// out is a blend of the orange and the white page (red 255 give or take rounding, green and blue
  /// in step).
  @Test(arguments: [1, 3])
  func ringVariantLeavesNoFringeOutsideTheRing(scale: Int) throws {
    let style = StyleOverrides(variant: .ring).applied(to: try Presets.named("upload"))
    let f = try PainterTests.render(style, ["progress": 1], scale: scale)
    let s = Double(scale)
    var fringe = 0
    for y in 0..<f.height {
      for x in 0..<f.width {
        let dx = (Double(x) + 0.5) / s - 60
        let dy = (Double(y) + 0.5) / s - 60
        guard (dx * dx + dy * dy).squareRoot() > 57 else { continue }
        let p = f.rgba(x: x, y: y)
        let green = 128 + 127 * Double(p.b) / 255
        if p.r < 253 || abs(Double(p.g) - green) > 2 { fringe += 1 }
      }
    }
    #expect(fringe == 0)
  }

  /// `disc-color` is an option of the one table: a manifest takes it, and the pie ignores it.
  @Test func discColorIsAManifestOption() throws {
    let option = try #require(RenderOption.named("disc-color"))
    #expect(option.field == .discColor)
    let folder = FileManager.default.temporaryDirectory.path + "/seed-fidelity-\(UUID().uuidString)"
    let text =
      ##"{ "assets": [ { "style": "upload", "out": "a.png", "variant": "ring", "disc-color": "#00ff00" }, "##
      + ##"{ "style": "upload", "out": "b.png", "disc-color": "#00ff00" } ] }"##
    let manifest = try BatchManifest.decode(Data(text.utf8), path: folder + "/assets.json")
    let planned = try BatchPlanner(manifest: manifest, outputRoot: nil).plan()
    #expect(planned.count == 2)
    #expect(planned.first?.asset.job.style.look.disc?.color == RGBAColor(r: 0, g: 255, b: 0))
    #expect(planned.first?.warnings == [])
    #expect(planned.last?.warnings == ["assets[1] (b.png): style 'upload' does not use --disc-color; ignored"])
  }
}
