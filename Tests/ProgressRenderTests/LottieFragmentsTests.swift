import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats

/// Keyframe lists written straight to text (issue 22, item 4: 64 spokes over 10,000 frames took 8 s
/// and 440 MB through `JSONEncoder`) give the very bytes the encoder and the rewrite give.
@Suite struct LottieFragmentsTests {
  @Test(arguments: Presets.names)
  func everyPresetIsWrittenByteForByteAsBefore(name: String) throws {
    let style = try Presets.named(name)
    let exporter = LottieExporter(
      style: style, size: 64, fps: 20, duration: 1.5, frameCount: 30, background: .white, baseDirectory: nil)
    let (document, _) = try exporter.write()
    let fast = try LottieJSON.bytes(of: document)
    #expect(fast == (try LottieJSON.bytes(of: document, fragments: false)))
    #expect(try document.json() == fast + [0x0A])
  }

  /// Each kind of value, keyframes with and without holds and easing, paths and their keyframes.
  @Test func eachValueKindIsWrittenAsTheEncoderWritesIt() throws {
    let tangent = LottieTangent(x: [0.25, 1], y: [-0.5, 1.5])
    let path = LottieBezier(c: true, i: [[0, 1.5]], o: [[-2, 0]], v: [[10, 20.125]])
    let values: [LottieValue] = [
      .number(3), .number(-0.0001), .vector([1, 2.5, 1e-7]), .path(path), .keyframes([]),
      .keyframes([
        LottieKeyframe(t: 0, s: [1, 2], h: 1), LottieKeyframe(t: 2.5, s: [3], o: tangent, i: tangent),
        LottieKeyframe(t: 10, s: [100]),
      ]),
      .pathKeyframes([LottieKeyframe(t: 0, s: [path], o: tangent, i: tangent), LottieKeyframe(t: 4, s: [path, path])]),
    ]
    for value in values {
      let property = LottieProperty(value)
      #expect(
        try LottieJSON.bytes(of: property) == (try LottieJSON.bytes(of: property, fragments: false)), "\(value)")
    }
  }

  /// A string that looks like a placeholder is written as the string it is.
  @Test func aStringLikeAPlaceholderStaysAString() throws {
    let text = ["nm": "\u{0}00000000-0000-0000-0000-000000000000#0"]
    let bytes = try LottieJSON.bytes(of: text)
    #expect(String(decoding: bytes, as: UTF8.self) == #"{"nm":"\u0000"# + "00000000-0000-0000-0000-000000000000#0\"}")
  }
}
