import Foundation
import Testing

@testable import ProgressRenderBatch
@testable import ProgressRenderCore
@testable import ProgressRenderFormats
@testable import ProgressRenderPipeline
@testable import ProgressRenderRaster
@testable import ProgressRenderSupport

/// Issue 22, item 3: inputs read whole are capped by size before they are read (a sparse file stands
/// for a huge one: refused by its size, nothing is read).
@Suite struct InputBoundsTests {
  private let folder = FileManager.default.temporaryDirectory.path + "/input-bounds-\(UUID().uuidString)"

  /// A file of `bytes` followed by zeros up to `size` bytes (sparse: it takes no disk).
  private func sparse(_ name: String, _ bytes: [UInt8], size: Int) throws -> String {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/" + name
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    #expect(truncate(path, off_t(size)) == 0)
    return path
  }

  @Test func aHugeLockFileIsNotRead() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try sparse("assets.lock", Array(#"{"lockVersion":1,"assets":{}}"#.utf8), size: 3 << 30)
    let (lock, warning) = BatchLock.load(path: path)
    #expect(lock == BatchLock())
    #expect(warning?.contains("at most \(BatchLock.maxFileBytes) bytes are read") == true, "\(warning ?? "")")
  }

  @Test func aPictureWithAGigabyteAppendedIsRefused() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let png = try PNGCodec.encode(Frame(width: 32, height: 32, fill: RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)))
    let path = try sparse("pic.png", png, size: 1 << 30)
    let problem = try #require(RenderJob.imageProblem(path))
    #expect(problem.contains("at most \(PresetCompiler.maxImageBytes) bytes"), "\(problem)")
    #expect(throws: RasterError.self) { try PresetCompiler.loadPNG(path: path, baseDirectory: nil) }
  }

  @Test func aDiffInputOverTheCapIsRefusedByItsSize() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try sparse("big.gif", Array("GIF89a".utf8), size: DecodeLimits.standard.maxFileBytes + 1)
    #expect {
      _ = try FrameSequenceLoader.load(path)
    } throws: { "\($0)".contains("at most \(DecodeLimits.standard.maxFileBytes) bytes are read") }
  }

  /// An output's digest is the SHA-256 of its bytes, read in pieces.
  @Test func aDigestIsReadInPieces() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let bytes = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let path = try sparse("out.gif", bytes, size: bytes.count)
    #expect(BatchFingerprint.fileDigest(path) == SHA256Hasher.hex(bytes))
  }
}
