import Foundation
import Synchronization
import Testing

@testable import ProgressRenderBatch
@testable import ProgressRenderDiff
@testable import ProgressRenderSupport

/// Paths resolved to where they really lead; destinations checked before work starts; the file
/// lock that lets two batch runs share one lock file.
@Suite struct OutputPathResolverTests {
  /// A folder (its real path) holding `real/`, `real/inner/`, `link → real`, `deep → real/inner`,
  /// `dangling → nowhere` and the file `real/file`.
  private func scratch() throws -> String {
    let manager = FileManager.default
    let made = manager.temporaryDirectory.path + "/resolver-\(UUID().uuidString)"
    try manager.createDirectory(atPath: made + "/real/inner", withIntermediateDirectories: true)
    #expect(manager.createFile(atPath: made + "/real/file", contents: Data()))
    try manager.createSymbolicLink(atPath: made + "/link", withDestinationPath: "real")
    try manager.createSymbolicLink(atPath: made + "/deep", withDestinationPath: "real/inner")
    try manager.createSymbolicLink(atPath: made + "/dangling", withDestinationPath: "nowhere")
    return OutputPathResolver.resolved(made)
  }

  @Test(arguments: [
    ("a.gif", "a.gif"),
    ("./a.gif", "a.gif"),
    ("x//y/../a.gif", "x/a.gif"),
    ("frames/", "frames"),
    ("real/b.gif", "real/b.gif"),
    ("link/b.gif", "real/b.gif"),
    ("link//b.gif", "real/b.gif"),
    ("link/./new/../b.gif", "real/b.gif"),
    ("deep/../b.gif", "real/b.gif"),
    ("link/inner/../../a.gif", "a.gif"),
    ("new/../link/b.gif", "real/b.gif"),
    ("dangling/b.gif", "dangling/b.gif"),
    ("link", "real"),
    ("link/", "real"),
    (".", ""),
    ("link/..", ""),
  ])
  func spellingsOfOnePlaceResolveAlike(path: String, expected: String) throws {
    let root = try scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let resolved = OutputPathResolver.resolved(path, from: root)
    #expect(resolved == (expected.isEmpty ? root : root + "/" + expected))
    #expect(OutputPathResolver.resolved(root + "/" + path) == resolved)
  }

  /// Random spellings through links, `.`, `..`, missing folders and doubled slashes: where
  /// `resolved` says a path leads is where the system creates the file (its `realpath` once
  /// created). 200 paths from a fixed seed, each in a fresh tree (about half can be created).
  @Test func resolvedIsWhereTheSystemWrites() throws {
    let parts = ["real", "link", "deep", "inner", "new", "x", ".", "..", "", "dangling", "loop", "flink"]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var checked = 0
    for _ in 0..<200 {
      let root = try scratch()
      defer { try? FileManager.default.removeItem(atPath: root) }
      try FileManager.default.createSymbolicLink(atPath: root + "/loop", withDestinationPath: "loop")
      try FileManager.default.createSymbolicLink(atPath: root + "/flink", withDestinationPath: "real/file")
      let path = (0..<(1 + next(5))).map { _ in parts[next(parts.count)] }.joined(separator: "/") + "/out.gif"
      let resolved = OutputPathResolver.resolved(path, from: root)
      let full = root + "/" + path
      guard OutputPathResolver.isWithin(resolved, folder: root),
        (try? FileManager.default.createDirectory(
          atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)) != nil
      else { continue }
      let descriptor = open(full, O_WRONLY | O_CREAT, 0o644)
      guard descriptor >= 0 else { continue }
      close(descriptor)
      let real = realpath(full, nil).map { pointer in
        defer { free(pointer) }
        return String(cString: pointer)
      }
      #expect(real == resolved, "\(path)")
      checked += 1
    }
    #expect(checked > 80, "\(checked)")
  }

  @Test func theFolderAboveTheRootIsReached() throws {
    let root = try scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(OutputPathResolver.resolved("../x", from: root) == OutputPathResolver.parent(of: root) + "/x")
    #expect(OutputPathResolver.resolved("/../../a") == "/a")
    #expect(OutputPathResolver.resolved("/") == "/")
  }

  @Test(arguments: [
    ("/a/b", "/a", "b" as String?), ("/a", "/a", nil), ("/ab", "/a", nil), ("/a", "/a/b", nil), ("/x/y", "/", "x/y"),
  ])
  func within(path: String, folder: String, relative: String?) {
    #expect(OutputPathResolver.isWithin(path, folder: folder) == (relative != nil || path == folder))
    #expect(OutputPathResolver.relative(path, to: folder) == relative)
  }

  #if os(Linux)
    @Test func destinationsAreCheckedWithoutCreatingAnything() throws {
      let root = try scratch()
      defer { try? FileManager.default.removeItem(atPath: root) }
      let before = try FileManager.default.contentsOfDirectory(atPath: root).sorted()
      let cases: [(String, Bool, String?)] = [
        (root + "/new/deeper/", true, nil),
        (root + "/real", true, nil),
        (root + "/real/file", true, "is a file, not a folder"),
        (root + "/real/file/sub/", true, "is a file, not a folder; choose another path"),
        ("/proc/nope/", true, "the folder '/proc' is not writable"),
        (root + "/j.xml", false, nil),
        (root + "/real", false, "is a folder; give a file path"),
        (root + "/missing/j.xml", false, "the folder '\(root)/missing' does not exist"),
        (root + "/real/file/j.xml", false, "is a file, not a folder"),
        ("/proc/j.xml", false, "the folder '/proc' is not writable"),
      ]
      for (path, folder, fragment) in cases {
        do {
          if folder {
            try ReportDestination.checkFolder(path, named: "--out '\(path)'")
          } else {
            try ReportDestination.checkFile(path, named: "--junit '\(path)'")
          }
          #expect(fragment == nil, "\(path)")
        } catch {
          #expect(fragment.map { error.description.contains($0) } == true, "\(path): \(error)")
        }
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == before)
    }
  #endif

  @Test func aFolderLockMakesTheSecondHolderWait() throws {
    let root = try scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    var first: FileLock? = try FileLock(folder: root)
    let acquired = Atomic<Bool>(false)
    let done = DispatchSemaphore(value: 0)
    Thread {
      let second = try? FileLock(folder: root)
      acquired.store(second != nil, ordering: .sequentiallyConsistent)
      done.signal()
    }.start()
    #expect(done.wait(timeout: .now() + 0.3) == .timedOut)
    let early = acquired.load(ordering: .sequentiallyConsistent)
    #expect(!early)
    withExtendedLifetime(first) {}
    first = nil
    #expect(done.wait(timeout: .now() + 5) == .success)
    let late = acquired.load(ordering: .sequentiallyConsistent)
    #expect(late)
    #expect(throws: FileWriteError.self) { try FileLock(folder: root + "/missing") }
  }

  @Test func theLockFileIsMergedNotReplaced() throws {
    let root = try scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let path = root + "/assets.lock"
    let a = BatchLock.Entry(inputs: "a", output: "1")
    let b = BatchLock.Entry(inputs: "b", output: "2")
    try BatchLock.update(at: path) { lock in
      var lock = lock
      lock.assets["a.gif"] = a
      return lock
    }
    try BatchLock.update(at: path) { lock in
      var lock = lock
      lock.assets["b.gif"] = b
      return lock
    }
    #expect(BatchLock.load(path: path).lock.assets == ["a.gif": a, "b.gif": b])
    #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted().contains("assets.lock"))
  }
}
