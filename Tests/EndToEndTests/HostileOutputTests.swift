import Foundation
import Testing

/// Issue 22: outputs that would land where they must not (through a link, over an input, over a
/// special file), reports written as a whole, every format on standard input, and standard output
/// that is closed or full.
@Suite struct HostileOutputTests {
  private static let tiny = ["--size", "12", "--fps", "5", "--duration", "0.4"]

  private func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

  /// Item 7: `check --update` with a golden folder reached through a link out of `--golden` is refused
  /// (exit 2) before anything is written there; `--allow-outside` lifts it.
  @Test func checkUpdateDoesNotWriteThroughALink() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let fm = FileManager.default
    try fm.createDirectory(atPath: scratch.work + "/golden", withIntermediateDirectories: true)
    try fm.createDirectory(atPath: scratch.root + "/elsewhere", withIntermediateDirectories: true)
    try fm.createSymbolicLink(atPath: scratch.work + "/golden/light", withDestinationPath: scratch.root + "/elsewhere")
    let manifest = #"{"assets": [{"style": "wave", "size": 12, "fps": 5, "duration": 0.4, "out": "light/d.gif"}]}"#
    #expect(fm.createFile(atPath: scratch.work + "/assets.json", contents: Data(manifest.utf8)))
    let refused = try scratch.run(["check", "assets.json", "--golden", "golden", "--update"])
    #expect(refused.status == 2, "\(refused.err)")
    #expect(
      refused.err.contains("leads to '\(scratch.root)/elsewhere/d.gif', outside --golden 'golden'"), "\(refused.err)")
    #expect(try fm.contentsOfDirectory(atPath: scratch.root + "/elsewhere").isEmpty)
    let allowed = try scratch.run(["check", "assets.json", "--golden", "golden", "--update", "--allow-outside"])
    #expect(allowed.status == 0, "\(allowed.err)")
    #expect(try fm.contentsOfDirectory(atPath: scratch.root + "/elsewhere") == ["d.gif"])
  }

  /// Item 8: an output that is a file the same run reads is refused (exit 2) and the input is untouched.
  @Test func anOutputNeverReplacesAnInput() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let style = try String(
      contentsOf: Binary.packageRoot.appendingPathComponent("Examples/styles/wave-dark.json"), encoding: .utf8)
    #expect(FileManager.default.createFile(atPath: scratch.work + "/s.json", contents: Data(style.utf8)))
    let own = try scratch.run(["--style-file", "s.json", "--out", "s.json"])
    #expect(own.status == 2)
    #expect(own.err.contains("--out 's.json' is the style file 's.json', which this run reads"), "\(own.err)")
    #expect(contents(scratch.work + "/s.json") == Data(style.utf8))

    #expect(try scratch.run(["--style", "wave", "--out", "pic.png", "-q"] + Self.tiny).status == 0)
    let picture = contents(scratch.work + "/pic.png")
    let image = try scratch.run(["--style", "upload", "--image", "pic.png", "--out", "pic.png"] + Self.tiny)
    #expect(image.status == 2)
    #expect(image.err.contains("is the picture 'pic.png'"), "\(image.err)")
    #expect(contents(scratch.work + "/pic.png") == picture)

    let manifest =
      #"{"assets": [{"style-file": "s.json", "out": "a.gif", "size": 12}, {"style": "wave", "out": "s.json"}]}"#
    #expect(FileManager.default.createFile(atPath: scratch.work + "/assets.json", contents: Data(manifest.utf8)))
    let batch = try scratch.run(["batch", "assets.json"])
    #expect(batch.status == 2)
    #expect(batch.err.contains("assets[1].out: 's.json' is the style file"), "\(batch.err)")
    #expect(contents(scratch.work + "/s.json") == Data(style.utf8))
  }

  /// Item 9: a FIFO or a symbolic link as `--out` is refused (exit 2) and left as it was.
  @Test func specialFilesAndLinksAreNotOutputs() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    #expect(mkfifo(scratch.work + "/f.gif", 0o600) == 0)
    let fifo = try scratch.run(["--style", "wave", "--out", "f.gif"] + Self.tiny)
    #expect(fifo.status == 2)
    #expect(fifo.err.contains("'f.gif' is a FIFO, not a regular file"), "\(fifo.err)")
    var info = stat()
    #expect(lstat(scratch.work + "/f.gif", &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)

    #expect(FileManager.default.createFile(atPath: scratch.root + "/target.gif", contents: Data([1, 2, 3])))
    try FileManager.default.createSymbolicLink(
      atPath: scratch.work + "/l.gif", withDestinationPath: scratch.root + "/target.gif")
    let link = try scratch.run(["--style", "wave", "--out", "l.gif"] + Self.tiny)
    #expect(link.status == 2)
    #expect(link.err.contains("'l.gif' is a symbolic link (to '\(scratch.root)/target.gif')"), "\(link.err)")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: scratch.work + "/l.gif") == scratch.root + "/target.gif"
    )
    #expect(contents(scratch.root + "/target.gif") == Data([1, 2, 3]))
  }

  /// Item 11: a report that cannot be written whole (a file size limit stops its page) leaves the old
  /// report as it was: no new PNGs or JSON beside the old page.
  @Test func aDiffReportIsWrittenAsAWhole() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    for (name, colour) in [("a.gif", "#ff0000"), ("b.gif", "#00ff00"), ("c.gif", "#0000ff")] {
      #expect(try scratch.run(["--style", "wave", "--color", colour, "--out", name, "-q"] + Self.tiny).status == 0)
    }
    #expect(try scratch.run(["diff", "a.gif", "b.gif", "--out", "report"]).status == 1)
    let folder = scratch.work + "/report"
    #expect(FileManager.default.createFile(atPath: folder + "/notes.txt", contents: Data("mine".utf8)))
    func snapshot() throws -> [String: Data] {
      var all: [String: Data] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
        all[name] = contents(folder + "/" + name)
      }
      return all
    }
    let before = try snapshot()
    let page = try #require(before["report.html"])
    try #require(page.count > 4096, "the page is larger than the 8-block limit below")
    let limited = try scratch.run(["diff", "a.gif", "c.gif", "--out", "report"], fileSizeLimit: 8)
    #expect(limited.status == 1)
    #expect(limited.err.contains("report.html"), "\(limited.err)")
    #expect(try snapshot() == before)
    #expect(try scratch.workContents() == ["a.gif", "b.gif", "c.gif", "report"])
    // Written whole, the new report replaces the old one's files and keeps the others.
    #expect(try scratch.run(["diff", "a.gif", "c.gif", "--out", "report"]).status == 1)
    let after = try snapshot()
    #expect(after["notes.txt"] == Data("mine".utf8))
    #expect(after["report.json"] != before["report.json"])
  }

  /// Item 13: every format the differ reads works on standard input; a folder or an endless stream
  /// of zeros is refused at once, by its first bytes.
  @Test(arguments: ["webp", "apng", "png", "gif"])
  func diffReadsEveryFormatOnStandardInput(format: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let name = "a.\(format)"
    #expect(try scratch.run(["--style", "wave", "--out", name, "-q"] + Self.tiny).status == 0)
    let bytes = [UInt8](try #require(contents(scratch.work + "/" + name)))
    let same = try scratch.run(["diff", "-", name], stdin: bytes)
    #expect(same.status == 0, "\(same.err)")
    #expect(same.out.hasPrefix("same"), "\(same.out)")
  }

  @Test func diffRefusesAFolderOrZerosOnStandardInput() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    #expect(try scratch.run(["--style", "wave", "--out", "a.gif", "-q"] + Self.tiny).status == 0)
    for (input, message) in [
      (scratch.root, "diff: - (standard input) is a folder, not a file; pipe a file into it"),
      ("/dev/zero", "diff: - (standard input) is not a GIF, WebP, APNG or PNG (by its first bytes)"),
    ] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Binary.path)
      process.arguments = ["diff", "-", "a.gif"]
      process.currentDirectoryURL = URL(fileURLWithPath: scratch.work)
      process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
      let began = Date()
      let result = try Binary.capture(process)
      #expect(Date().timeIntervalSince(began) < 5)
      #expect(result.status == 2)
      #expect(result.err.contains(message), "\(result.err)")
    }
  }

  /// Item 14: `--out -` into a closed pipe or a full device is an error (exit 1) without the success
  /// line, and the scratch folder is removed.
  @Test func standardOutputClosedOrFullIsAnError() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let temporary = scratch.root + "/tmp"
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    #if os(Linux)
      let targets = ["closed", "/dev/full"]
    #else
      let targets = ["closed"]
    #endif
    for target in targets {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Binary.path)
      process.arguments = ["--style", "wave", "--out", "-", "--format", "gif"] + Self.tiny
      process.currentDirectoryURL = URL(fileURLWithPath: scratch.work)
      var environment = ProcessInfo.processInfo.environment
      environment["TMPDIR"] = temporary
      process.environment = environment
      let pipe = Pipe()
      if target == "closed" {
        process.standardOutput = pipe
        try pipe.fileHandleForReading.close()
      } else {
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: target))
      }
      let err = Pipe()
      process.standardError = err
      try process.run()
      let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationReason == .exit && process.terminationStatus == 1, "\(target): \(text)")
      #expect(text.contains("cannot write to standard output"), "\(target): \(text)")
      #expect(!text.contains("wrote -"), "\(target): \(text)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
    }
  }

  /// Item 15: quiet prints no success line (warnings stay: they are about the input); `check -q
  /// --update` prints no per-asset lines; a label the style sets is not named
  /// as an option that was never given; a FIFO given to `diff` is named as one.
  @Test func quietIsQuietAndMessagesSayWhatIsWrong() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let long = String(repeating: "已推送至 3 家公司，请耐心等待对方回复，我们会在第一时间通知您", count: 2)
    let loud = try scratch.run(["--style", "thumb", "--caption", long, "--out", "a.png"])
    #expect(loud.status == 0)
    #expect(loud.err.contains("warning: --caption"), "\(loud.err)")
    // Quiet silences the success line; warnings stay (README: `--quiet`).
    let quiet = try scratch.run(["--style", "thumb", "--caption", long, "--out", "b.png", "-q"])
    #expect(quiet.status == 0)
    #expect(quiet.out.isEmpty && quiet.errLines.count == 1, "\(quiet.err)")

    let own = try scratch.run(["--style", "download", "--size", "12", "--out", "d.png"])
    #expect(own.status == 0)
    #expect(!own.err.contains("--label"), "\(own.err)")
    #expect(own.err.contains("warning: the label '100'"), "\(own.err)")

    let manifest = #"{"assets": [{"style": "wave", "size": 12, "fps": 5, "duration": 0.4, "out": "w.gif"}]}"#
    #expect(FileManager.default.createFile(atPath: scratch.work + "/assets.json", contents: Data(manifest.utf8)))
    let check = try scratch.run(["check", "assets.json", "--golden", "golden", "--update", "-q"])
    #expect(check.status == 0, "\(check.err)")
    #expect(check.out.isEmpty && check.err.isEmpty, "\(check.out)\(check.err)")

    #expect(mkfifo(scratch.work + "/f.gif", 0o600) == 0)
    #expect(try scratch.run(["--style", "wave", "--out", "a.gif", "-q"] + Self.tiny).status == 0)
    let fifo = try scratch.run(["diff", "f.gif", "a.gif"])
    #expect(fifo.status == 2)
    #expect(fifo.err.contains("not a regular file (a FIFO)") && !fifo.err.contains("permissions"), "\(fifo.err)")
  }

  /// Item 4: a Lottie file whose label texts would key hundreds of megabytes is refused, naming the
  /// limit, before it is encoded; nothing is written.
  @Test func aHugeLottieFileIsRefused() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let described = try scratch.run(["describe", "download"])
    var style = try #require(try JSONSerialization.jsonObject(with: Data(described.out.utf8)) as? [String: Any])
    var look = try #require(style["look"] as? [String: Any])
    let format = "%.2f " + String(repeating: "x", count: 994)
    look["labels"] = (0..<16).map { i in
      [
        "format": format, "source": "time", "multiplier": 100, "color": "#000000", "offset": -80 + 10 * i,
        "font": ["size": 8],
      ]
        as [String: Any]
    }
    style["look"] = look
    let data = try JSONSerialization.data(withJSONObject: style)
    #expect(FileManager.default.createFile(atPath: scratch.work + "/labels.json", contents: data))
    let began = Date()
    let result = try scratch.run([
      "--style-file", "labels.json", "--fps", "10", "--duration", "1000", "--out", "l.json",
    ])
    #expect(result.status == 2, "\(result.err)")
    #expect(result.err.contains("beyond the limit of 16777216 bytes"), "\(result.err)")
    #expect(Date().timeIntervalSince(began) < 60)
    #expect(try scratch.workContents() == ["labels.json"])
  }
}
