import Foundation
import ProgressRender
import Testing

/// One exit-code rule for every command (issue 10, item 15): 2 when the arguments are wrong, found
/// before any work starts (a missing folder, one that cannot be written, a file where a folder is
/// needed); 1 when writing fails while running (or, for `diff` and `check`, the inputs differ).
@Suite struct ExitCodeTests {
  /// One command line, where its standard output goes, the exit status and a piece of the error line.
  struct Case: CustomStringConvertible, Sendable {
    var arguments: [String]
    var status: Int32
    var fragment: String
    var stdout = "/dev/null"
    /// `ulimit -f` in 512-byte blocks: a larger file fails to write (EFBIG), as on a full disk.
    var fileSizeLimit: Int?
    var description: String {
      (fileSizeLimit.map { "ulimit -f \($0); " } ?? "") + arguments.joined(separator: " ")
        + (stdout == "/dev/null" ? "" : " > " + stdout)
    }
  }

  private static let tiny = ["--size", "12", "--fps", "5", "--duration", "0.4"]
  private static let manifest = #"{ "assets": [ { "style": "wave", "out": "w.gif", "size": 12, "fps": 5 } ] }"#

  static let cases: [Case] = portableCases + linuxCases

  static let portableCases: [Case] = [
    // render
    Case(arguments: ["--style", "wave", "--out", "afile/"] + tiny, status: 2, fragment: "is a file, not a folder"),
    Case(
      arguments: ["--style", "wave", "--out", "missing/x.gif"] + tiny, status: 2,
      fragment: "the folder 'missing' does not exist"),
    Case(
      arguments: ["--style", "upload", "--image", "wide.png", "--out", "u.gif"] + tiny, status: 2,
      fragment: "wide.png: the PNG is 40000×1 pixels, more than 32767 a side"),
    Case(
      arguments: ["--style", "wave", "--out", "big.gif", "--size", "200", "--fps", "20", "--duration", "2"],
      status: 1, fragment: "cannot write 'big.gif': File too large", fileSizeLimit: 20),
    Case(
      arguments: [
        "--style", "upload", "--out", "big/", "--size", "600", "--edge-levels", "256", "--fps", "2", "--duration", "1",
      ],
      status: 1, fragment: "File too large", fileSizeLimit: 20),
    // batch
    Case(
      arguments: ["batch", "lockdir/assets.json"], status: 2, fragment: "lock file 'lockdir/assets.lock' is a folder"),
    Case(
      arguments: ["batch", "infile/assets.json"], status: 2,
      fragment: "assets[0].out: --out 'infile/afile/x.gif': the folder 'infile/afile' does not exist"),
    // check
    Case(
      arguments: ["check", "set/assets.json", "--golden", "g", "--out", "afile"], status: 2,
      fragment: "--out 'afile' is a file"),
    Case(
      arguments: ["check", "set/assets.json", "--golden", "g", "--junit", "/nonexistent/j.xml"], status: 2,
      fragment: "the folder '/nonexistent' does not exist"),
    Case(
      arguments: ["check", "set/assets.json", "--golden", "g", "--junit", "folder"], status: 2,
      fragment: "--junit 'folder' is a folder"),
    Case(
      arguments: ["check", "set/assets.json", "--golden", "afile"], status: 2,
      fragment: "--golden 'afile' is a file, not a folder"),
    Case(
      arguments: ["check", "set/assets.json", "--golden", "g", "--quiet", "--out", "rep"], status: 1,
      fragment: "cannot write"),
    // diff
    Case(arguments: ["diff", "g1.gif", "g1.gif", "--out", "afile"], status: 2, fragment: "--out 'afile' is a file"),
    Case(
      arguments: ["diff", "g1.gif", "g1.gif", "--junit", "/nonexistent/j.xml"], status: 2,
      fragment: "the folder '/nonexistent' does not exist"),
    Case(
      arguments: ["diff", "g1.gif", "g1.gif", "--junit", "folder"], status: 2, fragment: "--junit 'folder' is a folder"),
    Case(arguments: ["diff", "g1.gif", "missing.gif"], status: 2, fragment: "missing.gif"),
    Case(
      arguments: ["diff", "missing/sub/x.gif", "g1.gif", "--update"], status: 2,
      fragment: "the folder 'missing/sub' does not exist"),
    Case(
      arguments: ["diff", "one.png", "g1.gif", "--update"], status: 2,
      fragment: "--update cannot turn the 2-frame gif 'g1.gif' into the single-PNG baseline 'one.png'"),
    Case(arguments: ["diff", "g1.gif", "g1.gif", "--out", "rep"], status: 1, fragment: "cannot write"),
  ]

  /// Cases that need Linux: `/proc` (a folder nobody can write, root included) and `/dev/full`.
  #if os(Linux)
    static let linuxCases: [Case] = [
      Case(
        arguments: ["--style", "wave", "--out", "/proc/nope/x.gif"] + tiny, status: 2,
        fragment: "the folder '/proc/nope' does not exist"),
      Case(arguments: ["--style", "wave", "--out", "/proc/nope/"] + tiny, status: 2, fragment: "is not writable"),
      Case(
        arguments: ["--style", "wave", "--out", "ok.gif"] + tiny, status: 1,
        fragment: "cannot write to standard output", stdout: "/dev/full"),
      // describe, styles
      Case(
        arguments: ["describe", "wave"], status: 1, fragment: "cannot write to standard output", stdout: "/dev/full"),
      Case(arguments: ["styles"], status: 1, fragment: "cannot write to standard output", stdout: "/dev/full"),
      Case(
        arguments: ["batch", "outside/assets.json", "--allow-outside"], status: 2,
        fragment: "assets[0].out: --out '/proc/nope/x.gif': the folder '/proc/nope' does not exist"),
      Case(
        arguments: ["batch", "set/assets.json", "--force", "--quiet", "--json"], status: 1,
        fragment: "cannot write to standard output",
        stdout: "/dev/full"),
      Case(
        arguments: ["check", "set/assets.json", "--golden", "g", "--out", "/proc/nope/"], status: 2,
        fragment: "the folder '/proc' is not writable"),
      Case(arguments: ["diff", "g1.gif", "g1.gif", "--out", "/proc/nope/"], status: 2, fragment: "is not writable"),
      Case(
        arguments: ["diff", "g1.gif", "g1.gif"], status: 1, fragment: "cannot write to standard output",
        stdout: "/dev/full"),
    ]
  #else
    static let linuxCases: [Case] = []
  #endif

  @Test(arguments: cases)
  func exitStatus(_ test: Case) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let work = scratch.work
    let manager = FileManager.default
    #expect(manager.createFile(atPath: work + "/afile", contents: Data("x".utf8)))
    try manager.createDirectory(atPath: work + "/folder", withIntermediateDirectories: false)
    // A report folder whose report.json is a folder with a file in it: found only when writing.
    try manager.createDirectory(atPath: work + "/rep/report.json", withIntermediateDirectories: true)
    #expect(manager.createFile(atPath: work + "/rep/report.json/keep", contents: Data()))
    for folder in ["set", "lockdir"] {
      try manager.createDirectory(atPath: work + "/" + folder, withIntermediateDirectories: false)
      #expect(manager.createFile(atPath: work + "/\(folder)/assets.json", contents: Data(ExitCodeTests.manifest.utf8)))
    }
    try manager.createDirectory(atPath: work + "/lockdir/assets.lock", withIntermediateDirectories: false)
    #if os(Linux)
      let manifests = [("outside", "/proc/nope/x.gif"), ("infile", "afile/x.gif")]
    #else
      let manifests = [("infile", "afile/x.gif")]
    #endif
    for (folder, out) in manifests {
      try manager.createDirectory(atPath: work + "/" + folder, withIntermediateDirectories: false)
      let text = ExitCodeTests.manifest.replacingOccurrences(of: "w.gif", with: out)
      #expect(manager.createFile(atPath: work + "/\(folder)/assets.json", contents: Data(text.utf8)))
    }
    #expect(manager.createFile(atPath: work + "/infile/afile", contents: Data("x".utf8)))
    #expect(try scratch.run(["--style", "wave", "--out", "g1.gif", "--quiet"] + ExitCodeTests.tiny).status == 0)
    #expect(try scratch.run(["--style", "wave", "--out", "one.png", "--quiet"] + ExitCodeTests.tiny).status == 0)
    let wide = Frame(width: 40000, height: 1, straightRGBA: [UInt8](repeating: 255, count: 40000 * 4))
    #expect(manager.createFile(atPath: work + "/wide.png", contents: Data(try PNGCodec.encode(wide))))
    let before = try scratch.workContents()

    let process = Process()
    if let limit = test.fileSizeLimit {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "trap '' XFSZ; ulimit -f \(limit); exec \"$0\" \"$@\"", Binary.path] + test.arguments
    } else {
      process.executableURL = URL(fileURLWithPath: Binary.path)
      process.arguments = test.arguments
    }
    process.currentDirectoryURL = URL(fileURLWithPath: work)
    process.standardOutput = FileHandle(forWritingAtPath: test.stdout)
    let errPath = scratch.root + "/.stderr"
    #expect(manager.createFile(atPath: errPath, contents: nil))
    process.standardError = FileHandle(forWritingAtPath: errPath)
    try process.run()
    process.waitUntilExit()
    let err = try String(contentsOfFile: errPath, encoding: .utf8)
    #expect(process.terminationStatus == test.status, "\(test): \(err)")
    #expect(err.contains(test.fragment), "\(test): \(err)")
    #expect(err.hasPrefix("progress-render: error: "), "\(test): \(err)")
    #expect(!err.contains("Fatal error"))
    // Nothing is left behind: bad input writes nothing, a failed write leaves no temporary file.
    if test.status == 2 || test.fileSizeLimit != nil { #expect(try scratch.workContents() == before, "\(test)") }
  }
}
