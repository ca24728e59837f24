import Foundation
import Testing

@testable import ProgressRenderFormats
@testable import ProgressRenderSupport

@Suite struct AtomicFileTests {
  /// A fresh empty directory for one test.
  static func scratchDirectory(_ name: String = #function) throws -> String {
    let base = FileManager.default.temporaryDirectory.path + "/atomicfile-tests-\(getpid())"
    let dir = base + "/" + name.filter { $0.isLetter || $0.isNumber }
    try? FileManager.default.removeItem(atPath: dir)
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
  }

  static func contents(_ dir: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
  }

  @Test func writesAndReplacesLeavingNoTemporaryFile() throws {
    let dir = try Self.scratchDirectory()
    let path = dir + "/out.bin"
    try AtomicFile.write([1, 2, 3], to: path)
    #expect(FileManager.default.contents(atPath: path) == Data([1, 2, 3]))
    // Larger than the internal buffer, written in pieces.
    let big = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
    try AtomicFile.write(to: path) { file in
      try file.write(Array(big[0..<1000]))
      try file.write(Array(big[1000..<150_000]))
      try file.write(Array(big[150_000...]))
    }
    #expect(FileManager.default.contents(atPath: path) == Data(big))
    #expect(try Self.contents(dir) == ["out.bin"])
  }

  @Test func temporaryFileIsHiddenInTheSameDirectoryUntilCommit() throws {
    let dir = try Self.scratchDirectory()
    let file = try AtomicFile(path: dir + "/a.gif")
    try file.write([9])
    let names = try Self.contents(dir)
    #expect(names.count == 1)
    #expect(names[0].hasPrefix(".a.gif.\(getpid()).") && names[0].hasSuffix(".tmp"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/a.gif"))
    try file.commit()
    #expect(try Self.contents(dir) == ["a.gif"])
    #expect(throws: FileWriteError(path: dir + "/a.gif", reason: "the file was already closed")) {
      try file.write([1])
    }
  }

  @Test func abortAndDroppingRemoveTheTemporaryFile() throws {
    let dir = try Self.scratchDirectory()
    try AtomicFile.write([7], to: dir + "/keep.txt")
    let file = try AtomicFile(path: dir + "/keep.txt")
    try file.write([1, 2])
    file.abort()
    do {
      let dropped = try AtomicFile(path: dir + "/other.txt")
      try dropped.write([3])
    }
    #expect(try Self.contents(dir) == ["keep.txt"])
    #expect(FileManager.default.contents(atPath: dir + "/keep.txt") == Data([7]))
  }

  @Test func missingDirectoryNamesThePath() throws {
    let dir = try Self.scratchDirectory()
    let path = dir + "/no/such/dir/out.gif"
    let error = #expect(throws: FileWriteError.self) { try AtomicFile.write([1], to: path) }
    #expect(error?.code == ENOENT)
    #expect(
      error?.description
        == "cannot write '\(path)': No such file or directory (the output directory must exist)")
    #expect(try Self.contents(dir) == [])
  }

  @Test func targetThatIsADirectoryFailsAndCleansUp() throws {
    let dir = try Self.scratchDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/taken/inner", withIntermediateDirectories: true)
    let error = #expect(throws: FileWriteError.self) { try AtomicFile.write([1, 2], to: dir + "/taken") }
    #expect(error?.code == EISDIR)
    #expect(error?.description.hasPrefix("cannot write '\(dir)/taken': Is a directory") == true)
    #expect(try Self.contents(dir) == ["taken"])
    #expect(try Self.contents(dir + "/taken") == ["inner"])
  }

  #if os(Linux)
    @Test func readOnlyDirectoryIsRefused() throws {
      let dir = try Self.scratchDirectory()
      try FileManager.default.createDirectory(atPath: dir + "/ro", withIntermediateDirectories: true)
      chmod(dir + "/ro", 0o555)
      defer { chmod(dir + "/ro", 0o755) }
      // Root ignores permissions; /proc is read-only for everyone.
      let path = getuid() == 0 ? "/proc/out.gif" : dir + "/ro/out.gif"
      let error = #expect(throws: FileWriteError.self) { try AtomicFile.write([1], to: path) }
      #expect(error?.path == path)
      #expect(error.map { [EACCES, EROFS, ENOENT, EPERM].contains($0.code ?? 0) } == true)
      #expect(try Self.contents(dir + "/ro") == [])
    }
  #endif

  @Test func failedGIFLeavesThePreviousFileAndNoTemporary() throws {
    struct Boom: Error {}
    let dir = try Self.scratchDirectory()
    let path = dir + "/anim.gif"
    try AtomicFile.write(Array("old".utf8), to: path)
    let encoder = try GIFEncoder(width: 8, height: 8)
    #expect(throws: Boom.self) {
      try encoder.write(to: path, delays: [2, 2, 2, 2]) { i in
        if i == 2 { throw Boom() }
        return GIFTestFrames.frame(width: 8, height: 8, background: 0xFF00_0000 | UInt32(i * 40))
      }
    }
    #expect(try Self.contents(dir) == ["anim.gif"])
    #expect(FileManager.default.contents(atPath: path) == Data("old".utf8))
    let summary = try encoder.write(to: path, delays: [2, 2]) { i in
      GIFTestFrames.frame(width: 8, height: 8, background: 0xFF00_0000 | UInt32(i * 40))
    }
    let bytes = try #require(FileManager.default.contents(atPath: path))
    #expect(bytes.count == summary.byteCount)
    #expect(try GIFTestDecoder(Array(bytes)).images.count == 2)
    #expect(try Self.contents(dir) == ["anim.gif"])
  }
}
