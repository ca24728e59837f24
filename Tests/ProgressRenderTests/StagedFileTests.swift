import Foundation
import Testing

@testable import ProgressRenderSupport

/// Files written plainly into a staging folder (`StagedFile`) and synced many at once (`FileBatch`).
@Suite struct StagedFileTests {
  @Test(arguments: [0, 1, 2, 40])
  func writesNewFilesWithTheirBytes(count: Int) throws {
    let dir = try AtomicFileTests.scratchDirectory("staged-\(count)")
    let paths = (0..<count).map { dir + "/frame-\($0).png" }
    for (index, path) in paths.enumerated() {
      try StagedFile.write(Array(repeating: UInt8(index), count: index), to: path)
    }
    for (index, path) in paths.enumerated() {
      #expect(FileManager.default.contents(atPath: path) == Data(repeating: UInt8(index), count: index))
    }
    #expect(FileBatch.sync(paths) == [])
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).count == count)
  }

  @Test func anExistingFileIsNotOverwritten() throws {
    let dir = try AtomicFileTests.scratchDirectory()
    try StagedFile.write([1, 2, 3], to: dir + "/a.png")
    #expect(throws: FileWriteError.self) { try StagedFile.write([4], to: dir + "/a.png") }
    #expect(FileManager.default.contents(atPath: dir + "/a.png") == Data([1, 2, 3]))
    #expect(throws: FileWriteError.self) { try StagedFile.write([4], to: dir + "/missing/a.png") }
  }

  /// Links, folders and missing paths are passed over, not failures.
  @Test func syncPassesOverWhatIsNotARegularFile() throws {
    let dir = try AtomicFileTests.scratchDirectory()
    try StagedFile.write([1], to: dir + "/file")
    try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: "file")
    try FileManager.default.createDirectory(atPath: dir + "/folder", withIntermediateDirectories: false)
    #expect(FileBatch.sync(["file", "link", "folder", "missing"].map { dir + "/" + $0 }) == [])
  }

  /// Files and links go, in parallel; a folder stays (for `FileManager` to remove with what it holds).
  @Test func removePassesOverFolders() throws {
    let dir = try AtomicFileTests.scratchDirectory()
    for index in 0..<30 { try StagedFile.write([UInt8(index)], to: dir + "/f\(index)") }
    try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: "f0")
    try FileManager.default.createDirectory(atPath: dir + "/folder", withIntermediateDirectories: false)
    let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    #expect(FileBatch.remove(names.map { dir + "/" + $0 } + [dir + "/missing"]) == [dir + "/folder"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["folder"])
    FolderReplacement.remove(dir)
    #expect(!FileManager.default.fileExists(atPath: dir))
  }
}
