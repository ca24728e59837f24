import Foundation
import FuzzSupport
import Testing

@testable import ProgressRenderPipeline
@testable import ProgressRenderSupport

@Suite struct OutputTargetTests {
  /// A fresh empty folder for one test.
  private func scratch() throws -> String {
    let path = FileManager.default.temporaryDirectory.path + "/output-target-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    return path
  }

  @Test func classifiesByExtensionAndFolder() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let cases: [(String, OutputTarget)] = [
      ("\(dir)/a.gif", .gif(path: "\(dir)/a.gif")),
      ("\(dir)/a.GIF", .gif(path: "\(dir)/a.GIF")),
      ("\(dir)/a.png", .still(path: "\(dir)/a.png")),
      ("\(dir)/a.json", .lottie(path: "\(dir)/a.json")),
      ("\(dir)/a.lottie.JSON", .lottie(path: "\(dir)/a.lottie.JSON")),
      ("\(dir)/a.webp", .webp(path: "\(dir)/a.webp")),
      ("\(dir)/a.APNG", .apng(path: "\(dir)/a.APNG")),
      ("\(dir)/frames/", .pngFrames(directory: "\(dir)/frames/")),
      (dir, .pngFrames(directory: dir)),
    ]
    for (path, expected) in cases {
      #expect(try OutputTarget(path: path) == expected)
      try OutputTarget(path: path).preflight()
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
  }

  /// The library names the path, not the command-line option (the CLI adds `--out`).
  @Test(arguments: [
    (
      "x.jpg",
      "'x.jpg' has an unknown extension '.jpg': use name.gif, name.webp or name.apng (animation), name.png (still), name.json (Lottie) or a folder ending in '/' (PNG frames)"
    ),
    (
      "noext",
      "'noext' has no extension: use name.gif, name.webp or name.apng (animation), name.png (still), name.json (Lottie) or a folder ending in '/' (PNG frames)"
    ),
    (
      ".gif",
      "'.gif' has no extension: use name.gif, name.webp or name.apng (animation), name.png (still), name.json (Lottie) or a folder ending in '/' (PNG frames)"
    ),
    (
      "",
      "the output path is empty: use name.gif, name.webp or name.apng (animation), name.png (still), name.json (Lottie) or a folder ending in '/' (PNG frames)"
    ),
    ("/nope/a.gif", "'/nope/a.gif': the folder '/nope' does not exist; create it first or choose another path"),
    (
      "/nope/frames/",
      "'/nope/frames/': the folder '/nope' does not exist; create it first or choose another path"
    ),
    (
      readOnlyFolder + "/a.png",
      "'\(readOnlyFolder)/a.png': the folder '\(readOnlyFolder)' is not writable; choose a folder you can write to"
    ),
  ])
  func rejects(path: String, message: String) {
    #expect(throws: (any Error).self) { try OutputTarget(path: path).preflight() }
    do {
      try OutputTarget(path: path).preflight()
    } catch {
      #expect(error.outputProblem == message)
      #expect(error.description == "out " + message)
    }
  }

  @Test func fileWhereAFolderIsWanted() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(FileManager.default.createFile(atPath: "\(dir)/f", contents: Data([1])))
    #expect(throws: RenderError.notADirectory(path: "\(dir)/f/")) {
      try OutputTarget(path: "\(dir)/f/").preflight()
    }
  }

  @Test(arguments: [
    ("frame-0000.png", true), ("frame-12345.png", true), ("frame-000.png", false), ("frame-00a0.png", false),
    ("frame-0000.PNG", false), ("notes.txt", false), (".frame-0000.png.12.0.tmp", false),
  ])
  func frameNames(name: String, isFrame: Bool) {
    #expect(OutputTarget.isFrameName(name) == isFrame)
  }

  @Test(arguments: ["/", "//", "/./", "/tmp/.."])
  func theRootIsNeverAFramesFolder(path: String) {
    #expect(throws: RenderError.holdsWorkingDirectory(path: path)) { try OutputTarget(path: path).preflight() }
  }

  @Test func anExistingFramesFolderMayHoldOnlyFilesAndLinks() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: "\(dir)/frames", withIntermediateDirectories: false)
    #expect(FileManager.default.createFile(atPath: "\(dir)/frames/notes.txt", contents: Data([1])))
    try FileManager.default.createSymbolicLink(atPath: "\(dir)/frames/link", withDestinationPath: "/")
    #expect(try OutputTarget(path: "\(dir)/frames/") == .pngFrames(directory: "\(dir)/frames/"))
    #expect(mkfifo("\(dir)/frames/fifo", 0o600) == 0)
    #expect(throws: RenderError.holdsEntry(path: "\(dir)/frames", name: "fifo", kind: "a special file")) {
      try OutputTarget(path: "\(dir)/frames").preflight()
    }
  }

  /// Classifying is pure: a path whose folder is missing or not writable is classified, and only
  /// `preflight()` refuses it.
  @Test(arguments: [
    ("/nope/a.gif", OutputTarget.gif(path: "/nope/a.gif")), ("/nope/frames/", .pngFrames(directory: "/nope/frames/")),
    (readOnlyFolder + "/a.png", .still(path: readOnlyFolder + "/a.png")),
  ])
  func classifyingTouchesNothing(path: String, expected: OutputTarget) throws {
    #expect(try OutputTarget(path: path) == expected)
    #expect(throws: RenderError.self) { try OutputTarget(path: path).preflight() }
  }

  @Test(arguments: [
    ("out/", 0, "out/frame-0000.png"),
    ("out", 42, "out/frame-0042.png"),
    ("out/", 9999, "out/frame-9999.png"),
  ])
  func framePaths(folder: String, index: Int, expected: String) {
    #expect(OutputTarget.pngFrames(directory: folder).framePath(index) == expected)
  }

  @Test(arguments: [
    ("a/b/c.gif", "a/b"), ("c.gif", "."), ("/c.gif", "/"), ("a/b/", "a"), ("/a/", "/"),
  ])
  func parentFolder(path: String, parent: String) {
    #expect(PathNames.parent(of: path) == parent)
  }
}
