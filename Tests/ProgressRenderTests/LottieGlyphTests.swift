import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats
@testable import ProgressRenderRaster

/// Labels in a Lottie file as the frames draw them: every character shown has its glyph in `chars`
/// (found by the font's family and style), from the font that drew it; wrapped text keeps its lines.
@Suite struct LottieGlyphTests {
  /// The example styles folder.
  static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples/styles").path

  /// Every character of every text document has a glyph listed under the document's font.
  @Test(arguments: ["thumb", "download", "countdown", "upload"])
  func everyCharacterShownHasItsGlyph(name: String) throws {
    let animation = try LottieExportTests.export(try Presets.named(name))
    let fonts = try #require(animation.fonts?.list)
    let chars = try #require(animation.chars)
    let listed = Set(chars.map { [$0.ch, $0.fFamily, $0.style] })
    for layer in animation.layers where layer.ty == 5 {
      for key in try #require(layer.t).d.k {
        let font = try #require(fonts.first { $0.fName == key.s.f }, "no font \(key.s.f)")
        for character in key.s.t where character != "\r" {
          #expect(listed.contains([String(character), font.fFamily, font.fStyle]), "\(name): '\(character)'")
        }
      }
    }
    #expect(chars.allSatisfy { $0.size == 100 && $0.w >= 0 })
    #expect(chars.filter { $0.ch != " " }.allSatisfy { !($0.data.shapes.first?.it ?? []).isEmpty })
  }

  /// The font is named by the family fontconfig chose, not by the request.
  @Test func fontsAreTheFamiliesThatDrew() throws {
    let animation = try LottieExportTests.export(try Presets.named("download"))
    let font = try #require(animation.fonts?.list.first)
    #expect(font.fFamily != "sans-serif")
    #expect(font.fName == font.fFamily.filter { $0 != " " } + "-Bold")
    #expect(font.fStyle == "Bold")
  }

  /// A caption the frames wrap to two lines is two lines in the file, a line height apart, its
  /// layer's origin on the first line's baseline.
  @Test func wrappedCaptionKeepsItsLines() throws {
    let node = CompositionText(
      name: "caption", content: .fixed("Sent to three"), font: FontSpec(size: 10), color: .constant(.black),
      position: .constant(50, 50), fit: TextFit(radius: 20, offset: 0))
    let composition = Composition(
      name: "t", width: 100, height: 100, duration: 1, frameRate: 10, frameCount: 10, nodes: [.text(node)])
    let (animation, _) = try LottieWriter(composition: composition).document()
    let layer = try #require(animation.layers.first { $0.ty == 5 })
    let document = try #require(layer.t?.d.k.first?.s)
    #expect(document.t.split(separator: "\r").count == 2, "\(document.t)")
    #expect(document.lh > document.s)
    let laid = try #require(try TextOutliner().layout("Sent to three", of: node))
    #expect(document.t == laid.lines.joined(separator: "\r"))
    #expect(layer.ks.a == .vector([-50, -50 - laid.baselines[0], 0].map(LottieNumber.clean)))
  }

  /// Outlines: a glyph's contours are closed, at size 100, its advance that of the text alone.
  @Test(arguments: [("0", false), ("%", true), ("家", false)])
  func glyphOutlines(character: Character, bold: Bool) throws {
    let outliner = try TextOutliner()
    let glyph = try outliner.glyph(character, font: FontSpec(size: 12, weight: bold ? .bold : .regular))
    #expect(!glyph.path.contours.isEmpty)
    #expect(glyph.path.contours.allSatisfy { $0.closed && $0.vertices.count >= 2 })
    #expect(glyph.advance > 20 && glyph.advance < 130)
    let ys = glyph.path.contours.flatMap { $0.vertices.map(\.point.y) }
    #expect((ys.min() ?? 0) > -110 && (ys.max() ?? 0) < 40)
    #expect(glyph.bold == bold || character == "家")
  }

  /// Lines and baselines: one line's baseline is below the centre; wrapped lines are a line height apart.
  @Test func linesAndBaselines() throws {
    let outliner = try TextOutliner()
    let node = CompositionText(
      name: "t", content: .fixed("Sent to three"), font: FontSpec(size: 10), color: .constant(.black),
      position: .constant(0, 0), fit: TextFit(radius: 20, offset: 0))
    let laid = try #require(try outliner.layout("Sent to three", of: node))
    #expect(laid.lines.count >= 2, "\(laid.lines)")
    #expect(laid.baselines.first.map { $0 < 0 } == true)
    #expect(laid.lineHeight > laid.fontSize)
    let one = try #require(try outliner.layout("42", of: node))
    #expect(one.lines == ["42"])
    #expect(one.baselines[0] > 0 && one.baselines[0] < one.fontSize)
  }
}
