import Foundation
import FuzzSupport
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderLottie
@testable import ProgressRenderRaster

/// JPEG pictures through libjpeg-turbo: decoded to opaque pixels, hostile bytes refused with an error
/// naming the source, and JPEG images of Lottie files drawn.
@Suite struct JPEGCodecTests {
  /// 16 × 8 pixels, the left half red and the right half blue, at quality 95 without chroma
  /// subsampling (Pillow), baseline.
  static let baseline = [UInt8](
    Data(
      base64Encoded:
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsI"
        + "CQoKCgoKBggLDAsKDAkKCgr/2wBDAQICAgICAgUDAwUKBwYHCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoK"
        + "CgoKCgoKCgoKCgoKCgr/wAARCAAIABADAREAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAA"
        + "AgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6"
        + "Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXG"
        + "x8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREA"
        + "AgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5"
        + "OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPE"
        + "xcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD4vr+Uz/fw+Q6/6qD/AJrz/9k="
    )!)
  /// The same picture, progressive.
  static let progressive = [UInt8](
    Data(
      base64Encoded:
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsI"
        + "CQoKCgoKBggLDAsKDAkKCgr/2wBDAQICAgICAgUDAwUKBwYHCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoK"
        + "CgoKCgoKCgoKCgoKCgr/wgARCAAIABADAREAAhEBAxEB/8QAFAABAAAAAAAAAAAAAAAAAAAAB//EABYBAQEBAAAAAAAAAAAA"
        + "AAAAAAkHCP/aAAwDAQACEAMQAAABF5Tv4hVQ1//EABQQAQAAAAAAAAAAAAAAAAAAABD/2gAIAQEAAQUCP//EABQRAQAAAAAA"
        + "AAAAAAAAAAAAABD/2gAIAQMBAT8BP//EABQRAQAAAAAAAAAAAAAAAAAAABD/2gAIAQIBAT8BP//EABQQAQAAAAAAAAAAAAAA"
        + "AAAAABD/2gAIAQEABj8CP//EABQQAQAAAAAAAAAAAAAAAAAAABD/2gAIAQEAAT8hP//aAAwDAQACAAMAAAAQA//EABQRAQAA"
        + "AAAAAAAAAAAAAAAAABD/2gAIAQMBAT8QP//EABQRAQAAAAAAAAAAAAAAAAAAABD/2gAIAQIBAT8QP//EABQQAQAAAAAAAAAA"
        + "AAAAAAAAABD/2gAIAQEAAT8QP//Z"
    )!)
  /// 8 × 8 pixels of grey 128, one channel.
  static let grey = [UInt8](
    Data(
      base64Encoded:
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsI"
        + "CQoKCgoKBggLDAsKDAkKCgr/wAALCAAIAAgBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgED"
        + "AwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RF"
        + "RkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJ"
        + "ytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/ACv/2Q=="
    )!)

  @Test(arguments: [("baseline", baseline), ("progressive", progressive)])
  func decodes(name: String, bytes: [UInt8]) throws {
    let picture = try JPEGCodec.decodePixels(bytes, source: name, maxPixels: 1_000)
    #expect(picture.width == 16 && picture.height == 8)
    #expect(picture.pixels.allSatisfy { $0 >> 24 == 0xFF }, "opaque")
    let frame = Frame(picture)
    let left = frame.rgba(x: 2, y: 4)
    let right = frame.rgba(x: 13, y: 4)
    #expect(left.r > 240 && left.g < 16 && left.b < 16, "\(left)")
    #expect(right.b > 240 && right.r < 16 && right.g < 16, "\(right)")
  }

  @Test func greyIsGrey() throws {
    let frame = Frame(try JPEGCodec.decodePixels(Self.grey, source: "grey", maxPixels: 100))
    let p = frame.rgba(x: 4, y: 4)
    #expect(abs(Int(p.r) - 128) <= 1 && p.r == p.g && p.g == p.b && p.a == 255, "\(p)")
  }

  /// The same bytes give the same pixels, run after run.
  @Test func deterministic() throws {
    let a = try JPEGCodec.decodePixels(Self.progressive, source: "a", maxPixels: 1_000)
    let b = try JPEGCodec.decodePixels(Self.progressive, source: "b", maxPixels: 1_000)
    #expect(a.pixels == b.pixels)
  }

  /// A header claiming 16,384 × 16,384 pixels: refused before any pixel memory.
  static var huge: [UInt8] {
    var bytes = baseline
    // The SOF0 marker (FF C0): length (2 bytes), precision (1), then height and width.
    let sof = (0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }!
    bytes.replaceSubrange((sof + 5)..<(sof + 9), with: [0x40, 0x00, 0x40, 0x00])
    return bytes
  }

  @Test(arguments: [
    ("truncated", Array(baseline.prefix(200)), "pic.jpg: the JPEG is truncated or corrupt ("),
    ("huge", huge, "pic.jpg: the JPEG is 16384×16384 = 268435456 pixels, more than the limit of 1000"),
    ("not a JPEG", Array("GIF89a".utf8), "pic.jpg: neither a PNG nor a JPEG"),
    ("signature only", [0xFF, 0xD8, 0xFF], "pic.jpg: the JPEG is truncated or corrupt ("),
  ])
  func refuses(name: String, bytes: [UInt8], message: String) {
    do {
      _ = try JPEGCodec.decodePixels(bytes, source: "pic.jpg", maxPixels: 1_000)
      Issue.record("\(name) was decoded")
    } catch {
      #expect(error.description.hasPrefix(message), "\(error.description)")
      #expect(error.kind == .badInput)
    }
  }

  /// 2,000 mutations of the baseline and progressive files: each decodes to its size or is
  /// refused with a `RasterError`, never a crash.
  @Test(arguments: [(baseline, UInt64(0x4A50_4547)), (progressive, UInt64(0x5052_4F47))])
  func mutationsAreDecodedOrRefused(seed: [UInt8], state: UInt64) {
    var generator = FuzzGenerator(state: state)
    var decoded = 0
    for _ in 0..<1_000 {
      var bytes = seed
      for _ in 0..<(1 + generator.below(4)) {
        bytes[generator.below(bytes.count)] = UInt8(truncatingIfNeeded: generator.next())
      }
      if generator.below(8) == 0 { bytes = Array(bytes.prefix(generator.below(bytes.count))) }
      if let picture = try? JPEGCodec.decodePixels(bytes, source: "m", maxPixels: 1 << 20) {
        #expect(picture.pixels.count == picture.width * picture.height)
        decoded += 1
      }
    }
    #expect(decoded > 0)
  }

  /// A Lottie image layer whose asset is an embedded JPEG is drawn, without a warning.
  @Test func lottieImageLayer() throws {
    let asset = #"[{"id":"photo","w":16,"h":8,"e":1,"p":"data:image/jpeg;base64,\#(Self.baseline.base64)"}]"#
    let layer = #"[{"ty":2,"nm":"photo","ind":1,"refId":"photo","ip":0,"op":60,"st":0,"ks":{}}]"#
    let imported = try LottieImporter().read(LottieImportTests.document(layer, assets: asset))
    #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    let frame = try LottieRenderTests.frame(layer, assets: asset)
    #expect(LottieRenderTests.rgba(frame, 2, 4)[0] > 240 && LottieRenderTests.rgba(frame, 13, 4)[2] > 240)
    #expect(frame.rgba(x: 20, y: 4).a == 0)
  }
}

extension [UInt8] {
  fileprivate var base64: String { Data(self).base64EncodedString() }
}
