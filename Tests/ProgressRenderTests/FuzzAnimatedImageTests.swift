import Foundation
import FuzzSupport
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats

/// Deterministic mutation fuzzing of the WebP and APNG readers: truncations at every offset, thousands of
/// byte flips (for APNG also with every chunk's CRC repaired, so the flips reach the chunk and frame
/// checks), and forged oversized headers. Every input must decode or throw an error naming the file: no
/// crash, no hang, bounded memory. Run under AddressSanitizer by scripts/test (its filter picks `Fuzz`).
@Suite struct FuzzAnimatedImageTests {
  static let limits = DecodeLimits(
    maxFileBytes: 1 << 20, maxSide: 1024, maxFramePixels: 1 << 16, maxFrames: 64, maxTotalPixels: 1 << 18)

  enum Format: String, CaseIterable, Sendable { case webp, apng }

  /// A small valid animation: four 6×5 frames with partial alpha, a repeated frame, a changed rectangle.
  static func seed(_ format: Format) throws -> [UInt8] {
    let red = Frame(width: 6, height: 5, fill: RGBAColor(red: 1, green: 0, blue: 0, alpha: 1))
    var spot = red
    spot.pixels[7] = 0x8040_2010
    var clear = spot
    clear.pixels[20] = 0
    var encoder = try AnimationEncoder(
      format: format == .webp ? .webp(quality: nil) : .apng, width: 6, height: 5, loop: 1)
    for (i, frame) in [red, spot, spot, clear].enumerated() { try encoder.add(frame, start: i * 40) }
    return try encoder.finish(end: 170)
  }

  /// Decodes `bytes` and reads every frame; true on success, false on an error naming `source`; any other
  /// outcome is an issue.
  static func survives(_ bytes: [UInt8], _ format: Format, _ source: String) -> Bool {
    do {
      let sequence =
        switch format {
        case .webp: try AnimatedImageDecoder.scanWebP(bytes, source: source, limits: limits)
        case .apng: try AnimatedImageDecoder.scanAPNG(bytes, source: source, limits: limits)
        }
      guard let sequence else { return false }  // a PNG without acTL: a still, not ours to read here
      #expect(sequence.count >= 1)
      #expect(sequence.width * sequence.height <= limits.maxFramePixels)
      let reader = FrameReader(sequence)
      for index in 0..<sequence.count { _ = try reader.frame(at: index) }
      return true
    } catch {
      #expect("\(error)".contains(source), "error does not name the file: \(error)")
      return false
    }
  }

  @Test(arguments: Format.allCases) func seedDecodes(format: Format) throws {
    #expect(Self.survives(try Self.seed(format), format, "seed"))
  }

  @Test(arguments: Format.allCases) func everyTruncationFailsCleanly(format: Format) throws {
    let seed = try Self.seed(format)
    for length in 0..<seed.count {
      #expect(!Self.survives(Array(seed.prefix(length)), format, "cut-\(length)"), "cut at \(length) decoded")
    }
  }

  @Test(arguments: Format.allCases) func thousandsOfByteFlipsNeverCrash(format: Format) throws {
    let seed = try Self.seed(format)
    var random = FuzzGenerator(state: format == .webp ? 0x9E37_79B9_7F4A_7C15 : 0x2545_F491_4F6C_DD1D)
    for round in 0..<3000 {
      var bytes = seed
      for _ in 0..<(1 + random.below(4)) {
        let position = random.below(bytes.count)
        switch random.below(3) {
        case 0: bytes[position] ^= UInt8(1 << random.below(8))
        case 1: bytes[position] = [0x00, 0xFF, 0x7F, 0x80, 0x01][random.below(5)]
        default: bytes[position] = UInt8(truncatingIfNeeded: random.next())
        }
      }
      if format == .apng, round % 2 == 0 { Self.repairCRCs(&bytes) }
      _ = Self.survives(bytes, format, "flip-\(round)")
    }
  }

  /// Rewrites every chunk's CRC so a mutation passes the chunk layer (stops at a broken length).
  static func repairCRCs(_ bytes: inout [UInt8]) {
    var at = 8
    while at + 12 <= bytes.count {
      let length = Int(PNGChunks.uint32(bytes, at))
      guard length <= bytes.count - at - 12 else { return }
      let crc = PNGChunks.crc(bytes[(at + 4)..<(at + 8 + length)])
      bytes.replaceSubrange(
        (at + 8 + length)..<(at + 12 + length), with: withUnsafeBytes(of: crc.bigEndian, Array.init))
      at += 12 + length
    }
  }

  /// Headers that ask for more than the limits are refused before pixels are allocated, naming the file.
  @Test func oversizedAPNGHeadersAreRefused() throws {
    let seed = try Self.seed(.apng)
    // IHDR width (bytes 16…19), acTL frame count (the acTL data starts at 41).
    for (offset, value, words) in [
      (16, UInt32(100_000), "canvas"), (20, UInt32(0x7FFF_FFFF), "canvas"), (41, UInt32(1_000_000), "frames"),
      (41, UInt32(0), "frames"), (45, UInt32(3), ""),
    ] as [(Int, UInt32, String)] {
      var bytes = seed
      bytes.replaceSubrange(offset..<(offset + 4), with: withUnsafeBytes(of: value.bigEndian, Array.init))
      Self.repairCRCs(&bytes)
      if words.isEmpty {
        #expect(Self.survives(bytes, .apng, "plays"), "a play count is any number")
        continue
      }
      #expect(throws: FormatError.self) {
        try AnimatedImageDecoder.scanAPNG(bytes, source: "big.apng", limits: Self.limits)
      }
      do {
        _ = try AnimatedImageDecoder.scanAPNG(bytes, source: "big.apng", limits: Self.limits)
      } catch {
        #expect("\(error)".contains("big.apng") && "\(error)".contains(words), "\(error)")
      }
    }
  }

  @Test func oversizedWebPCanvasIsRefused() throws {
    var bytes = try Self.seed(.webp)
    // VP8X chunk: "VP8X" at 12, size at 16, flags at 20, canvas width − 1 (24 bits) at 24, height − 1 at 27.
    #expect(Array(bytes[12..<16]) == Array("VP8X".utf8))
    bytes.replaceSubrange(24..<30, with: [0xFF, 0x3F, 0x00, 0xFF, 0x3F, 0x00])  // 16384 × 16384
    #expect(!Self.survives(bytes, .webp, "big.webp"))
  }

  /// The loader tells the kinds apart by content and keeps the millisecond durations.
  @Test(arguments: Format.allCases) func loaderReadsByContent(format: Format) throws {
    let path = FileManager.default.temporaryDirectory.path + "/fuzz-seed-\(UUID().uuidString).bin"
    try Data(try Self.seed(format)).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let sequence = try FrameSequenceLoader.load(path, limits: Self.limits)
    #expect(sequence.kind == (format == .webp ? .webp : .apng))
    #expect(sequence.millisecondDelays == [40, 80, 50])
    #expect(sequence.delays == [4, 8, 5])
    #expect(sequence.plays == 2)
  }
}
