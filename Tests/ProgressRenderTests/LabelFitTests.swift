import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderPipeline
@testable import ProgressRenderRaster

/// Long captions and labels inside the ring (issue 12 item 7): wrapped to the ring's inside,
/// shrunk when wrapping is not enough, warned about; the presets' own texts stay as written.
@Suite struct LabelFitTests {
  static let longCJK = "已推送至 3 家公司，请耐心等待对方回复，我们会在第一时间通知您"
  static let longLatin = "Downloading the latest update, please wait"

  /// A preset with its overrides applied.
  private static func style(_ name: String, _ overrides: StyleOverrides) throws -> Style {
    overrides.applied(to: try Presets.named(name))
  }

  /// The frame at `time` of the style as it is, and without its centre labels.
  private static func frames(_ style: Style, at time: Double) throws -> (with: Frame, without: Frame) {
    var bare = style
    bare.look.labels = nil
    let settings = RenderSettings(defaultsOf: style)
    return (
      try Renderer(style: style, settings: settings).frame(at: time),
      try Renderer(style: bare, settings: settings).frame(at: time)
    )
  }

  /// (preset, overrides, time, radius of the ring's inside in points, worked out by hand):
  /// thumb 119.5 − 33/2 (the thumb riding the ring), download 54 − 12/2, countdown 44/1.1 − 2 − 2.
  static let longTexts: [(String, StyleOverrides, Double, Double)] = [
    ("thumb", StyleOverrides(caption: longCJK), 30, 103),
    ("thumb", StyleOverrides(caption: longCJK + longCJK), 30, 103),
    ("download", StyleOverrides(label: longLatin), 1, 48),
    ("countdown", StyleOverrides(label: "Skip this ad in a moment"), 0.5, 44 / 1.1 - 4),
  ]

  /// Every pixel the labels change lies inside the ring's inside (half a pixel of edge allowed).
  @Test(arguments: longTexts)
  func inkStaysInsideTheRing(name: String, overrides: StyleOverrides, time: Double, radius: Double) throws {
    let style = try Self.style(name, overrides)
    let (with, without) = try Self.frames(style, at: time)
    let center = style.size / 2
    var changed = 0
    var farthest = 0.0
    for y in 0..<with.height {
      for x in 0..<with.width where with.rgba(x: x, y: y) != without.rgba(x: x, y: y) {
        changed += 1
        // The pixel's corner farthest from the centre.
        let dx = max(abs(Double(x) - center), abs(Double(x + 1) - center))
        let dy = max(abs(Double(y) - center), abs(Double(y + 1) - center))
        farthest = max(farthest, (dx * dx + dy * dy).squareRoot())
      }
    }
    #expect(changed > 100, "\(name): the text is drawn")
    #expect(
      farthest <= radius + 0.5, "\(name): ink reaches \(farthest) pt from the centre, the ring's inside \(radius)")
  }

  /// The presets' own texts fit as written at every frame: nothing is wrapped, shrunk or warned about.
  @Test(arguments: Presets.all.map(\.name))
  func presetTextsStayAsWritten(name: String) throws {
    let style = try Presets.named(name)
    let renderer = try Renderer(style: style, settings: RenderSettings(defaultsOf: style))
    let times = (0..<renderer.settings.frameCount).map { renderer.schedule.time(ofFrame: $0) }
    for time in times {
      for (index, _, fit) in try renderer.painter.textFits(renderer.scene(at: time)) {
        #expect(fit == .asWritten(try #require(style.look.labels?[index].font.size)), "\(name) at \(time) s")
      }
    }
    #expect(try renderer.labelWarnings(at: times) == [])
  }

  /// (preset, overrides, the warning's key, clipped): shrunk texts warn; one far too long is clipped.
  static let warned: [(String, StyleOverrides, String, Bool)] = [
    ("thumb", StyleOverrides(caption: longCJK + longCJK), "caption", false),
    ("download", StyleOverrides(label: longLatin), "label", false),
    ("thumb", StyleOverrides(caption: String(repeating: longCJK, count: 12)), "caption", true),
  ]

  @Test(arguments: warned)
  func tooLongTextsWarn(name: String, overrides: StyleOverrides, key: String, clipped: Bool) throws {
    let style = try Self.style(name, overrides)
    let job = RenderJob(style: style, settings: RenderSettings(defaultsOf: style), output: .still(path: "x.png"))
    let warnings = try job.labelWarnings()
    #expect(warnings.count == 1)
    guard
      case .labelTooLong(let warnedKey, _, let fontSize, let drawnSize, let isClipped, _) = try #require(warnings.first)
    else {
      Issue.record("expected labelTooLong, got \(warnings)")
      return
    }
    #expect(warnedKey.name == key && isClipped == clipped)
    #expect(drawnSize < fontSize && drawnSize >= fontSize * LabelFitter.minScale * 0.99)
  }

  /// A text that only needs more lines is wrapped at its own size, without a warning.
  @Test(arguments: [
    ("download", StyleOverrides(label: "Please wait a moment")), ("thumb", StyleOverrides(caption: Self.longCJK)),
  ])
  func wrappingAloneDoesNotWarn(name: String, overrides: StyleOverrides) throws {
    let style = try Self.style(name, overrides)
    let renderer = try Renderer(style: style, settings: RenderSettings(defaultsOf: style))
    let fits = try renderer.painter.textFits(renderer.scene(at: 1))
    let size = try #require(style.look.labels?.first?.font.size)
    #expect(fits.count == 1)
    #expect(fits.first?.fit == LabelFit(fontSize: size, wrapWidth: fits.first?.fit.wrapWidth, overflows: false))
    #expect(fits.first?.fit.wrapWidth != nil)
    #expect(try renderer.labelWarnings(at: [1]) == [])
  }

  /// Words are broken between characters only when no size down to `minScale` fits them whole.
  @Test func wordsStayWholeWhileShrinkingFitsThem() throws {
    let style = try Self.style("download", StyleOverrides(label: Self.longLatin))
    let renderer = try Renderer(style: style, settings: RenderSettings(defaultsOf: style))
    let fit = try #require(try renderer.painter.textFits(renderer.scene(at: 1)).first?.fit)
    #expect(!fit.breaksWords && fit.wrapWidth != nil && fit.fontSize < 14)
  }

  @Test(arguments: [
    (
      RenderWarning.labelTooLong(key: .look(.caption), text: "short", fontSize: 18, drawnSize: 12.6, clipped: false),
      "--caption 'short' does not fit inside the ring at 18 pt: wrapped and shrunk to 12.6 pt"
    ),
    (
      RenderWarning.labelTooLong(
        key: .look(.label), text: "abcdefghijklmnopqrstuvwxyz", fontSize: 14, drawnSize: 5.6, clipped: true),
      "--label 'abcdefghijklmnopqrstuvw…' does not fit inside the ring at 14 pt even shrunk to 5.6 pt:"
        + " it is left out; shorten it or give a larger --size"
    ),
  ])
  func message(warning: RenderWarning, expected: String) {
    #expect(warning.message(naming: { "--" + $0.name }) == expected)
    #expect(warning.key == .look(expected.hasPrefix("--caption") ? .caption : .label))
  }
}
