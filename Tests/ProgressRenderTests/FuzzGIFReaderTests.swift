import Foundation
import FuzzSupport
import Testing

@testable import ProgressRenderFormats
@testable import ProgressRenderRaster

/// Deterministic mutation fuzzing of the GIF and PNG readers: truncations at every offset and thousands
/// of byte flips of small valid files. Every input must decode or throw an error naming the file: no
/// crash, no hang, bounded memory (tight limits keep a flipped header from asking for a big screen).
/// CI-sized: a few seconds in a debug build. Run it under AddressSanitizer with
/// `swift test --sanitize=address --filter Fuzz`.
@Suite struct FuzzGIFReaderTests {
  static let limits = DecodeLimits(
    maxFileBytes: 1 << 20, maxSide: 1024, maxFramePixels: 1 << 16, maxFrames: 64, maxTotalPixels: 1 << 18)

  /// A small valid GIF using every feature the reader handles: local palette, transparency, disposal 2
  /// and 3, interlacing, a partial rectangle.
  static var seed: [UInt8] { seedFile.bytes() }

  static var seedFile: GIFReaderTestFile {
    var file = GIFReaderTestFile(width: 6, height: 5)
    file.images = [
      .init(width: 6, height: 5, indices: (0..<30).map { UInt8($0 % 4) }, disposal: 3),
      .init(
        left: 1, top: 1, width: 3, height: 3, indices: [0, 1, 2, 3, 0, 1, 2, 3, 0],
        localPalette: [0x101010, 0x202020, 0x303030, 0x404040], delay: 5, disposal: 2, transparentIndex: 3),
      .init(width: 6, height: 5, indices: (0..<30).map { UInt8($0 % 3) }, interlaced: true),
    ]
    return file
  }

  /// A fixed-seed generator so every run feeds the same cases.
  typealias Generator = FuzzGenerator

  /// Decodes `bytes`; returns true on success, false on an error that names `source`, and records an
  /// issue for any other outcome.
  static func survives(_ bytes: [UInt8], _ source: String) -> Bool {
    do {
      let sequence = try GIFDecoder.decode(bytes, source: source, limits: limits)
      #expect(!sequence.frames.isEmpty)
      return true
    } catch {
      #expect("\(error)".contains(source), "error does not name the file: \(error)")
      return false
    }
  }

  @Test func seedDecodes() throws {
    let sequence = try GIFDecoder.decode(Self.seed, source: "seed.gif", limits: Self.limits)
    #expect(sequence.frames.count == 3)
  }

  /// Where each image of the seed ends: the seed written with its first k + 1 images, less the trailer.
  static var imageEnds: [Int] {
    var file = GIFReaderTestFile(width: 6, height: 5)
    let images = seedFile.images
    return images.indices.map { k in
      file.images = Array(images.prefix(k + 1))
      file.trailer = false
      return file.bytes().count
    }
  }

  /// A cut inside the first image fails naming the file; a cut after it keeps the complete images, as
  /// browsers show them, with a note unless only the trailer is missing… or nothing is.
  @Test func everyTruncationKeepsTheCompleteFramesOrFailsWithTheFileName() throws {
    let seed = Self.seed
    let ends = Self.imageEnds
    for length in 0..<seed.count {
      let complete = ends.filter { $0 <= length }.count
      let bytes = Array(seed.prefix(length))
      guard complete > 0 else {
        #expect(!Self.survives(bytes, "cut-\(length).gif"), "truncated at \(length) decoded")
        continue
      }
      let sequence = try GIFDecoder.decode(bytes, source: "cut-\(length).gif", limits: Self.limits)
      #expect(sequence.count == complete, "cut at \(length)")
      #expect(sequence.notes.count == 1 && sequence.notes[0].contains("cut-\(length).gif"), "cut at \(length)")
    }
    #expect(try GIFDecoder.decode(seed, source: "whole.gif", limits: Self.limits).notes.isEmpty)
  }

  @Test func thousandsOfByteFlipsNeverCrash() {
    let seed = Self.seed
    var random = Generator(state: 0x9E37_79B9_7F4A_7C15)
    var decoded = 0
    for round in 0..<10_000 {
      var bytes = seed
      for _ in 0..<(1 + random.below(4)) {
        let position = random.below(bytes.count)
        switch random.below(3) {
        case 0: bytes[position] ^= UInt8(1 << random.below(8))
        case 1: bytes[position] = UInt8(random.below(256))
        default: bytes[position] = [0x00, 0xFF, 0x7F, 0x80][random.below(4)]
        }
      }
      if Self.survives(bytes, "flip-\(round).gif") { decoded += 1 }
    }
    // Some flips land in pixel data or palettes and still decode; most break the structure.
    #expect(decoded > 0 && decoded < 10_000)
  }

  @Test func randomSplicesAndInsertionsNeverCrash() {
    let seed = Self.seed
    var random = Generator(state: 42)
    for round in 0..<1000 {
      var bytes = seed
      let at = random.below(bytes.count)
      if random.below(2) == 0 {
        bytes.insert(contentsOf: (0..<random.below(16)).map { _ in UInt8(random.below(256)) }, at: at)
      } else {
        bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.below(16)))
      }
      _ = Self.survives(bytes, "splice-\(round).gif")
    }
  }

  @Test func pngByteFlipsNeverCrash() throws {
    let png = try PNGCodec.encode(DiffTestSupport.solid(0x336699, width: 7, height: 5))
    var random = Generator(state: 7)
    for round in 0..<1000 {
      var bytes = png
      bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8))
      if round % 2 == 0 { bytes = Array(bytes.prefix(random.below(bytes.count))) }
      do {
        _ = try PNGCodec.decode(bytes, source: "flip-\(round).png", maxPixels: 1 << 16)
      } catch {
        #expect("\(error)".contains("flip-\(round).png"))
      }
    }
  }
}
