import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats
@testable import ProgressRenderPipeline

/// `RenderJob.renderedFile()` (issue 23, item 5): a render held in memory is byte for byte the file
/// `run()` writes, for every single-file output, and nothing is written.
@Suite struct RenderedFileTests {
  private let folder = FileManager.default.temporaryDirectory.path + "/rendered-file-\(UUID().uuidString)"

  private static let settings = RenderSettings(size: 24, scale: 1, fps: 10, duration: 0.5, background: .white)

  /// Output names and the frames their file holds (a still holds one).
  static let outputs: [(String, String, Int)] = [
    ("download", "a.gif", 5), ("wave", "a.webp", 5), ("countdown", "a.apng", 5), ("thumb", "a.png", 1),
    ("download", "a.json", 5), ("material", "a.lottie", 5), ("dots", "a.svg", 5),
  ]

  @Test(arguments: outputs)
  func inMemoryBytesAreTheWrittenFile(preset: String, name: String, frames: Int) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/" + name
    let job = RenderJob(style: try Presets.named(preset), settings: Self.settings, output: try OutputTarget(path: path))
    let file = try job.renderedFile()
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    let summary = try job.run()
    #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == file.bytes)
    #expect(file.summary == summary)
    #expect(file.summary.bytes == file.bytes.count)
    #expect(file.summary.frameCount == frames)
  }

  /// Raster bytes in memory decode as the file on disk does (`FrameSequenceLoader.load(bytes:)`).
  @Test(arguments: ["a.gif", "a.webp", "a.apng", "a.png"])
  func inMemoryBytesLoadAsFrames(name: String) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/" + name
    let job = RenderJob(style: try Presets.named("wave"), settings: Self.settings, output: try OutputTarget(path: path))
    let memory = try FrameSequenceLoader.load(bytes: try job.renderedFile().bytes, source: "<memory>")
    try job.run()
    let disk = try FrameSequenceLoader.load(path)
    #expect(memory.count == disk.count)
    #expect(memory.kind == disk.kind)
    let readers = (memory: FrameReader(memory), disk: FrameReader(disk))
    for index in 0..<disk.count {
      #expect(try readers.memory.frame(at: index) == readers.disk.frame(at: index))
    }
  }

  @Test func aFramesFolderIsRefused() throws {
    let job = RenderJob(style: Presets.download, settings: Self.settings, output: .pngFrames(directory: "frames/"))
    #expect(throws: RenderError.framesInMemory(path: "frames/")) { try job.renderedFile() }
    #expect(
      RenderError.framesInMemory(path: "frames/").description
        == "out 'frames/' is a folder of PNG frames, many files, and cannot be rendered to bytes in memory: give a "
        + "single file, name.gif, name.webp, name.apng, name.png, name.json, name.lottie or name.svg")
  }

  @Test func tooManyBytesAreRefusedByName() throws {
    let limits = DecodeLimits(maxFileBytes: 10, maxSide: 100, maxFramePixels: 100, maxFrames: 10, maxTotalPixels: 100)
    #expect {
      try FrameSequenceLoader.load(bytes: [UInt8](repeating: 0, count: 11), source: "<memory>", limits: limits)
    } throws: { "\($0)".contains("<memory>") && "\($0)".contains("11 bytes") }
  }
}

/// An animation's canvas is bounded tighter than a PNG (issue 22, item 3): GIF, WebP and APNG frames
/// up to `maxAnimatedFramePixels` (2048 × 2048 by default, the largest animation rendered), PNGs up to
/// `maxFramePixels`.
@Suite struct AnimatedFrameLimitTests {
  private static let limits = DecodeLimits(
    maxFileBytes: 1 << 20, maxSide: 100, maxFramePixels: 100, maxFrames: 100, maxTotalPixels: 10_000,
    maxAnimatedFramePixels: 36)

  @Test(arguments: [("a.gif", true), ("a.webp", true), ("a.apng", true), ("a.png", false)])
  func animationsOfMoreThanTheirLimitAreRefused(name: String, refused: Bool) throws {
    let settings = RenderSettings(size: 7, scale: 1, fps: 10, duration: 0.3, background: .white)
    let job = RenderJob(style: Presets.download, settings: settings, output: try OutputTarget(path: "/tmp/" + name))
    let bytes = try job.renderedFile().bytes
    if refused {
      #expect {
        try FrameSequenceLoader.load(bytes: bytes, source: name, limits: Self.limits)
      } throws: { "\($0)".contains("36") && "\($0)".contains(name) }
    } else {
      #expect(try FrameSequenceLoader.load(bytes: bytes, source: name, limits: Self.limits).count == 1)
    }
  }

  @Test func theDefaultIsTheLargestAnimationRendered() {
    #expect(DecodeLimits.standard.maxAnimatedFramePixels == RenderLimits.maxAnimatedPixels)
    #expect(DecodeLimits.standard.maxFramePixels == 4096 * 4096)
  }
}
