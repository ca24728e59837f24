import Foundation
import Testing

@testable import ProgressRenderSupport

@Suite struct FolderReplacementTests {
  /// A process id that cannot be running: above Linux's largest `pid_max` (2^22).
  static let deadPID: Int32 = 2_000_000_000

  static func scratch(_ name: String = #function) throws -> String {
    try AtomicFileTests.scratchDirectory("folder-" + name)
  }

  static func contents(_ dir: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
  }

  static func write(_ text: String, _ path: String) {
    #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
  }

  static func read(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  static func inode(_ path: String) -> ino_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_ino : 0
  }

  /// A folder `dir/frames` holding frame-0000…frame-0004 ("old N"), `notes.txt` and a link to it.
  static func oldFrames(in dir: String) throws -> String {
    let target = dir + "/frames"
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
    for index in 0..<5 { write("old \(index)", target + "/frame-000\(index).png") }
    write("keep me", target + "/notes.txt")
    try FileManager.default.createSymbolicLink(atPath: target + "/link", withDestinationPath: "notes.txt")
    return target
  }

  static func notFrame(_ name: String) -> Bool { !name.hasPrefix("frame-") }

  /// Exchanges like the kernel, or reports "unsupported" so the three-step fallback runs.
  static let exchanges: [Bool] = [true, false]

  @Test(arguments: exchanges)
  func replacesTheWholeSetAndCarriesOverKeptEntries(exchangeSupported: Bool) throws {
    let dir = try Self.scratch("replaces\(exchangeSupported)")
    let target = try Self.oldFrames(in: dir)
    let notesInode = Self.inode(target + "/notes.txt")
    let replacement = try FolderReplacement(
      target: target + "/", keeping: Self.notFrame, isMountPoint: { _ in false },
      exchange: { exchangeSupported ? try RenameExchange.exchange($0, $1, reportedPath: $2) : false })
    #expect(replacement.stagingPath == dir + "/.frames.\(getpid()).partial")
    #expect(!replacement.isPerFile)
    for index in 0..<2 { Self.write("new \(index)", replacement.stagingPath + "/frame-000\(index).png") }
    #expect(Self.read(target + "/frame-0004.png") == "old 4")  // nothing visible before the swap
    try replacement.commit()
    #expect(try Self.contents(target) == ["frame-0000.png", "frame-0001.png", "link", "notes.txt"])
    #expect(Self.read(target + "/frame-0001.png") == "new 1")
    #expect(Self.inode(target + "/notes.txt") == notesInode)  // hard-linked: the same bytes
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: target + "/link") == "notes.txt")
    #expect(try Self.contents(dir) == ["frames"])
  }

  @Test func createsAMissingTargetOnlyAtTheSwap() throws {
    let dir = try Self.scratch()
    let replacement = try FolderReplacement(target: dir + "/new", keeping: { _ in true })
    Self.write("x", replacement.stagingPath + "/frame-0000.png")
    #expect(try Self.contents(dir) == [".new.\(getpid()).partial"])
    try replacement.commit()
    #expect(try Self.contents(dir) == ["new"])
    #expect(try Self.contents(dir + "/new") == ["frame-0000.png"])
  }

  /// A write that fails in the staging folder is reported in the folder the user named; other
  /// errors pass as they are. (A full disk while writing `frames/` said
  /// `cannot write '/tmp/x/.frames.24706.partial/frame-0005.png'` before.)
  @Test(arguments: ["/new", "/new/"])
  func aFailedStagedWriteNamesTheTarget(spelled: String) throws {
    // A folder of each case's own: the cases run at once, and a shared one is removed under the other.
    let dir = try Self.scratch("failedStagedWrite" + (spelled.hasSuffix("/") ? "Slash" : ""))
    let replacement = try FolderReplacement(target: dir + spelled, keeping: { _ in true })
    let staged = replacement.stagingPath + "/frame-0005.png"
    #expect(throws: FileWriteError(path: dir + "/new/frame-0005.png", errno: ENOSPC)) {
      try replacement.filling { throw FileWriteError(path: staged, errno: ENOSPC) }
    }
    #expect(throws: FileWriteError(path: dir + spelled, errno: EACCES)) {
      try replacement.filling { throw FileWriteError(path: replacement.stagingPath, errno: EACCES) }
    }
    #expect(throws: FileWriteError(path: "elsewhere.png", errno: EIO)) {
      try replacement.filling { throw FileWriteError(path: "elsewhere.png", errno: EIO) }
    }
    #expect(try replacement.filling { 7 } == 7)
    replacement.abort()
  }

  @Test func abortAndDeinitLeaveTheTargetUntouched() throws {
    let dir = try Self.scratch()
    let target = try Self.oldFrames(in: dir)
    let before = try Self.contents(target)
    let replacement = try FolderReplacement(target: target, keeping: Self.notFrame)
    Self.write("new", replacement.stagingPath + "/frame-0000.png")
    replacement.abort()
    #expect(throws: FileWriteError.self) { try replacement.commit() }
    do {
      let dropped = try FolderReplacement(target: target, keeping: Self.notFrame)
      Self.write("new", dropped.stagingPath + "/frame-0000.png")
    }
    #expect(try Self.contents(dir) == ["frames"])
    #expect(try Self.contents(target) == before)
    #expect(Self.read(target + "/frame-0000.png") == "old 0")
  }

  @Test func aSymbolicLinkToAFolderStaysAndTheFolderItNamesIsReplaced() throws {
    let dir = try Self.scratch()
    let target = try Self.oldFrames(in: dir)
    try FileManager.default.createSymbolicLink(atPath: dir + "/alias", withDestinationPath: "frames")
    let replacement = try FolderReplacement(target: dir + "/alias/", keeping: { _ in false })
    Self.write("new", replacement.stagingPath + "/frame-0000.png")
    try replacement.commit()
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/alias") == "frames")
    #expect(try Self.contents(target) == ["frame-0000.png"])
    #expect(try Self.contents(dir) == ["alias", "frames"])
  }

  @Test func aMountPointIsReplacedFileByFileInsideIt() throws {
    let dir = try Self.scratch()
    let target = try Self.oldFrames(in: dir)
    let replacement = try FolderReplacement(
      target: target, keeping: Self.notFrame, isMountPoint: { _ in true }, exchange: { _, _, _ in true })
    #expect(replacement.isPerFile)
    #expect(replacement.stagingPath == target + "/.progress-render.\(getpid()).partial")
    for index in 0..<2 { Self.write("new \(index)", replacement.stagingPath + "/frame-000\(index).png") }
    try replacement.commit()
    #expect(try Self.contents(target) == ["frame-0000.png", "frame-0001.png", "link", "notes.txt"])
    #expect(Self.read(target + "/frame-0000.png") == "new 0")
    #expect(try Self.contents(dir) == ["frames"])
  }

  @Test func removesLeftoversOfDeadProcessesAndRestoresASetAsideFolder() throws {
    let dir = try Self.scratch()
    let target = try Self.oldFrames(in: dir)
    let dead = Self.deadPID
    let live = getppid()
    for name in [".frames.\(dead).partial", ".frames.\(live).partial", ".frames.\(dead).old"] {
      try FileManager.default.createDirectory(atPath: dir + "/" + name, withIntermediateDirectories: false)
    }
    Self.write("t", dir + "/.frames.\(dead).3.tmp")
    Self.write("t", dir + "/.frames.x.\(dead).partial")  // another target's name: not ours
    let replacement = try FolderReplacement(target: target, keeping: Self.notFrame)
    #expect(
      try Self.contents(dir)
        == [
          ".frames.\(live).partial", ".frames.\(getpid()).partial", ".frames.x.\(dead).partial", "frames",
        ].sorted())  // sorted as contents(_:) is: the two PIDs may sort either way
    replacement.abort()
    // Killed between the fallback's renames: the target is missing and the old set is aside.
    try FileManager.default.moveItem(atPath: target, toPath: dir + "/.frames.\(dead).old")
    let next = try FolderReplacement(target: target, keeping: Self.notFrame)
    #expect(Self.read(target + "/frame-0003.png") == "old 3")
    next.abort()
  }

  /// Names of 244 and 255 bytes (ASCII and multi-byte): every temporary name stays within NAME_MAX.
  static let longNames = [
    String(repeating: "a", count: 244), String(repeating: "b", count: 255),
    String(repeating: "é", count: 127) + "x",
  ]

  @Test(arguments: longNames)
  func longTargetNamesKeepTemporaryNamesWithinNameMax(name: String) throws {
    let dir = try Self.scratch("long\(name.utf8.count)\(name.first!)")
    let replacement = try FolderReplacement(target: dir + "/" + name, keeping: { _ in true })
    #expect((replacement.stagingPath as NSString).lastPathComponent.utf8.count <= 255)
    try AtomicFile.write([1], to: replacement.stagingPath + "/frame-0000.png")
    try replacement.commit()
    try AtomicFile.write([2], to: dir + "/" + name + "/" + name)
    #expect(try Self.contents(dir + "/" + name) == ["frame-0000.png", name].sorted())
    let stem = TemporaryName.stem(of: name)
    #expect(stem.utf8.count <= TemporaryName.stemMax)
    #expect(TemporaryName.leftover("." + stem + ".\(Int32.max).18446744073709551615.tmp", stem: stem)?.kind == .file)
    #expect(("." + stem + ".\(Int32.max).18446744073709551615.tmp").utf8.count <= 255)
  }

  @Test(arguments: ["/", ".", ".."])
  func refusesTheRootAndTheWorkingDirectory(target: String) throws {
    #expect(throws: FileWriteError.self) { try FolderReplacement(target: target, keeping: { _ in true }) }
    #expect(FolderReplacement.holdsWorkingDirectory(target))
  }

  #if os(Linux)
    @Test func findsMountPointsByDeviceOrMountTable() throws {
      #expect(FolderReplacement.isMountPoint("/proc"))
      #expect(!FolderReplacement.isMountPoint(try Self.scratch()))
      #expect(FolderReplacement.unescapedMountPath(#"/a\040b\134c"#) == #"/a b\c"#)
    }
  #endif
}
