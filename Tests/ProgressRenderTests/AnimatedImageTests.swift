import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats
@testable import ProgressRenderPipeline
@testable import ProgressRenderRaster

/// Animated WebP and APNG written by `AnimationEncoder` and read back by `AnimatedImageDecoder` (and, where
/// installed, by ffmpeg and webpmux): lossless frames equal the rendered frames pixel for pixel, durations
/// and plays come from the bytes, transparency keeps every alpha value.
@Suite struct AnimatedImageTests {
  enum Kind: String, CaseIterable, Sendable { case webp, apng, palettedAPNG, lossyWebP }

  /// A small render of a preset: its frames and its millisecond schedule.
  static func render(_ preset: String, background: RGBAColor? = nil, size: Double = 40, duration: Double = 0.6)
    throws -> (frames: [Frame], times: [Int])
  {
    let style = try Presets.named(preset)
    var settings = RenderSettings(defaultsOf: style)
    settings.size = size
    settings.duration = duration
    settings.fps = 20
    if let background { settings.background = background }
    let renderer = try Renderer(style: style, settings: settings)
    let frames = try (0..<settings.frameCount).map { try renderer.frame($0) }
    return (frames, renderer.schedule.millisecondBoundaries)
  }

  static func encode(_ kind: Kind, _ frames: [Frame], times: [Int], loop: Int? = 0) throws -> [UInt8] {
    let format: AnimationEncoder.Format =
      switch kind {
      case .webp: .webp(quality: nil)
      case .apng, .palettedAPNG: .apng
      case .lossyWebP: .webp(quality: 80)
      }
    var colors: Set<UInt32>? = kind == .palettedAPNG ? [0] : nil
    for frame in frames { AnimationEncoder.collect(frame, into: &colors) }
    #expect(kind != .palettedAPNG || colors != nil, "the test frames fit a palette")
    var encoder = try AnimationEncoder(
      format: format, width: frames[0].width, height: frames[0].height, loop: loop, colors: colors)
    for (i, frame) in frames.enumerated() { try encoder.add(frame, start: times[i]) }
    return try encoder.finish(end: times[frames.count])
  }

  static func decode(_ bytes: [UInt8], _ kind: Kind) throws -> FrameSequence {
    if kind == .apng || kind == .palettedAPNG {
      return try #require(try AnimatedImageDecoder.scanAPNG(bytes, source: "x.apng"))
    }
    return try AnimatedImageDecoder.scanWebP(bytes, source: "x.webp")
  }

  /// Every rendered frame i, shown from `times[i]`, is the decoded frame showing at that time.
  static func expectShows(_ sequence: FrameSequence, _ frames: [Frame], times: [Int], exact: Bool = true) throws {
    let durations = try #require(sequence.millisecondDelays)
    var starts = [0]
    for d in durations { starts.append(starts[starts.count - 1] + d) }
    #expect(starts.last == times.last, "the durations add up to the render's length")
    #expect(Set(starts).isSubset(of: Set(times)), "frames start on the schedule's boundaries")
    let decoded = sequence.frames
    for (i, frame) in frames.enumerated() {
      let shown = try #require(starts.lastIndex { $0 <= times[i] })
      let pixels = try #require(decoded[shown]).pixels
      if exact {
        #expect(pixels == frame.pixels, "frame \(i) differs")
      } else {
        #expect(psnr(pixels, frame.pixels) >= 32, "frame \(i)")
      }
    }
  }

  static func psnr(_ a: [UInt32], _ b: [UInt32]) -> Double {
    var sum = 0.0
    for (p, q) in zip(a, b) {
      for shift: UInt32 in [0, 8, 16, 24] {
        let d = Double(Int(p >> shift & 0xFF) - Int(q >> shift & 0xFF))
        sum += d * d
      }
    }
    let mse = sum / Double(a.count * 4)
    return mse == 0 ? 100 : 10 * log10(255 * 255 / mse)
  }

  @Test(arguments: ["download", "wave", "countdown"], [Kind.webp, .apng, .palettedAPNG])
  func losslessRoundTripEqualsTheFrames(preset: String, kind: Kind) throws {
    let (frames, times) = try Self.render(preset)
    let bytes = try Self.encode(kind, frames, times: times, loop: 2)
    let sequence = try Self.decode(bytes, kind)
    #expect(sequence.kind == (kind == .webp ? .webp : .apng))
    #expect(sequence.plays == 3, "loop 2 repeats twice after the first play")
    #expect(sequence.width == 40 && sequence.height == 40)
    try Self.expectShows(sequence, frames, times: times)
    #expect(try Self.encode(kind, frames, times: times, loop: 2) == bytes, "same frames, same bytes")
  }

  /// A lossy WebP stays close to the frames (a 40 px render: little room for chroma) and is smaller than
  /// the lossless one; on a flat preset libwebp's mixed mode keeps frames lossless where that is smaller.
  @Test func lossyWebPStaysClose() throws {
    let (frames, times) = try Self.render("upload", size: 120)
    let bytes = try Self.encode(.lossyWebP, frames, times: times)
    try Self.expectShows(try Self.decode(bytes, .lossyWebP), frames, times: times, exact: false)
    #expect(bytes.count < (try Self.encode(.webp, frames, times: times)).count)
    let (flat, flatTimes) = try Self.render("wave")
    try Self.expectShows(
      try Self.decode(try Self.encode(.lossyWebP, flat, times: flatTimes), .lossyWebP), flat, times: flatTimes)
  }

  /// On a transparent background every alpha value survives, and a pixel's colour is the rendered one:
  /// no matte, no fringe (lossless); lossy WebP keeps the alpha plane exact and fully transparent pixels
  /// transparent black.
  @Test(arguments: Kind.allCases)
  func transparencyKeepsEveryAlpha(kind: Kind) throws {
    let (frames, times) = try Self.render("download", background: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
    #expect(frames.contains { $0.pixels.contains { (1...254).contains($0 >> 24) } }, "the render has partial alpha")
    let decoded = try Self.decode(try Self.encode(kind, frames, times: times), kind)
    guard kind == .lossyWebP else {
      try Self.expectShows(decoded, frames, times: times)
      return
    }
    let first = try #require(decoded.frames.first ?? nil)
    #expect(first.pixels.map { $0 >> 24 } == frames[0].pixels.map { $0 >> 24 })
    #expect(zip(first.pixels, frames[0].pixels).allSatisfy { $1 >> 24 != 0 || $0 == 0 })
  }

  @Test(arguments: [(nil, 1), (0, 0), (1, 2), (65535, 65535)] as [(Int?, Int)])
  func loopBecomesPlays(loop: Int?, plays: Int) throws {
    let (frames, times) = try Self.render("wave", size: 8, duration: 0.2)
    #expect(try Self.decode(try Self.encode(.webp, frames, times: times, loop: loop), .webp).plays == plays)
    let apngPlays = loop.map { $0 == 0 ? 0 : $0 + 1 } ?? 1
    #expect(try Self.decode(try Self.encode(.apng, frames, times: times, loop: loop), .apng).plays == apngPlays)
  }

  /// APNG chunk choices: the default image is frame 0, later frames are changed rectangles, identical
  /// frames merge, and OVER is used only where every changed pixel is opaque.
  @Test func apngStoresChangedRectangles() throws {
    let still = Frame(width: 4, height: 3, fill: RGBAColor(red: 1, green: 1, blue: 1, alpha: 1))
    var dot = still
    dot.pixels[5] = 0xFF00_0000
    var hole = dot
    hole.pixels[6] = 0x8000_0000
    let bytes = try Self.encode(.apng, [still, still, dot, hole], times: [0, 100, 200, 300, 450])
    let file = try #require(try APNGFile.parse(bytes, source: "x", limits: .standard))
    #expect(file.frames.map(\.milliseconds) == [200, 100, 150])
    #expect(file.frames.map { [$0.x, $0.y, $0.width, $0.height] } == [[0, 0, 4, 3], [1, 1, 1, 1], [2, 1, 1, 1]])
    #expect(file.frames.map(\.blend) == [0, 1, 0])
    #expect(file.frames.map(\.dispose) == [0, 0, 0])
    let sequence = try #require(try AnimatedImageDecoder.scanAPNG(bytes, source: "x"))
    #expect(sequence.frames.map { $0?.pixels } == [still.pixels, dot.pixels, hole.pixels])
  }

  /// A palette is used only when it holds every colour: a frame with another colour fails cleanly, and
  /// more than 256 colours leave no palette.
  @Test func paletteMustHoldEveryColour() throws {
    let white = Frame(width: 2, height: 2, fill: RGBAColor(red: 1, green: 1, blue: 1, alpha: 1))
    var encoder = try AnimationEncoder(format: .apng, width: 2, height: 2, loop: 0, colors: [white.pixels[0]])
    try encoder.add(white, start: 0)
    try encoder.add(Frame(width: 2, height: 2, fill: RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)), start: 10)
    #expect(throws: RasterError.self) { try encoder.finish(end: 20) }
    var colors: Set<UInt32>? = [0]
    AnimationEncoder.collect(
      Frame(width: 16, height: 16, pixels: (0..<256).map { 0xFF00_0000 | UInt32($0) }), into: &colors)
    #expect(colors == nil)
  }

  @Test func millisecondsConvertToCentiseconds() {
    #expect(FrameSequence.centiseconds(milliseconds: [33, 33, 34, 33]) == [3, 3, 4, 3])
    #expect(FrameSequence.centiseconds(milliseconds: [50, 50, 55]) == [5, 5, 6])
    #expect(APNGFile.milliseconds(1, 0) == 10)
    #expect(APNGFile.milliseconds(1, 3) == 333)
    #expect(APNGAssembler.delayFraction(milliseconds: 70000) == (7000, 100))
  }

  // MARK: - Independent readers

  static func tool(_ name: String) -> String? {
    ["/usr/bin/", "/usr/local/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  static func run(_ tool: String, _ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return data
  }

  static func temporary(_ bytes: [UInt8], _ ext: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.path + "/animated-\(UUID().uuidString).\(ext)"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// ffmpeg's APNG decoder shows the same straight RGBA frames as ours, RGBA or colour-mapped.
  @Test(.enabled(if: tool("ffmpeg") != nil), arguments: [Kind.apng, .palettedAPNG])
  func ffmpegReadsOurAPNG(kind: Kind) throws {
    let (frames, times) = try Self.render("download", background: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
    let bytes = try Self.encode(kind, frames, times: times)
    let path = try Self.temporary(bytes, "apng")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let raw = try Self.run(
      try #require(Self.tool("ffmpeg")),
      ["-v", "error", "-i", path, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
    let ours = try #require(try AnimatedImageDecoder.scanAPNG(bytes, source: path)).frames
    let size = 40 * 40 * 4
    #expect(raw.count == ours.count * size, "ffmpeg shows as many frames")
    for (k, frame) in ours.enumerated() where raw.count >= (k + 1) * size {
      #expect([UInt8](raw[(k * size)..<((k + 1) * size)]) == frame?.straightRGBA(), "frame \(k)")
    }
  }

  /// webpmux reads our WebP's frame count, durations and loop count.
  @Test(.enabled(if: tool("webpmux") != nil)) func webpmuxReadsOurWebP() throws {
    let (frames, times) = try Self.render("download")
    let bytes = try Self.encode(.webp, frames, times: times, loop: 4)
    let path = try Self.temporary(bytes, "webp")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let info = String(decoding: try Self.run(try #require(Self.tool("webpmux")), ["-info", path]), as: UTF8.self)
    let sequence = try Self.decode(bytes, .webp)
    #expect(info.contains("Loop Count : 5"))
    #expect(info.contains("Number of frames: \(sequence.count)"))
    let durations = info.split(separator: "\n").filter { $0.contains("lossless") }.compactMap { line in
      Int(line.split(separator: " ", omittingEmptySubsequences: true)[6])
    }
    #expect(durations == sequence.millisecondDelays)
  }
}
