import Foundation
import Testing

/// All-or-nothing output through the real binary: kills, signals, `ulimit -f`, leftovers of dead runs,
/// long names, mount points and unsafe frames folders (issue 10, items 4, 8, 9, 11, 12, 13).
@Suite(.serialized) struct OutputAtomicityTests {
  /// A process id that cannot be running (above any Linux `pid_max`).
  static let deadPID = 2_000_000_000

  /// The `frame-NNNN.png` files of `folder` with their bytes.
  static func frames(_ folder: String) -> [String: Data] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    var result: [String: Data] = [:]
    for name in names where name.hasPrefix("frame-") {
      result[name] = FileManager.default.contents(atPath: folder + "/" + name) ?? Data()
    }
    return result
  }

  static func names(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  static func inode(_ path: String) -> UInt64 {
    var info = stat()
    return stat(path, &info) == 0 ? UInt64(info.st_ino) : 0
  }

  /// Starts the binary in `scratch.work` without waiting, with SIGINT, SIGTERM and SIGHUP at their default
  /// dispositions (`env` execs the binary, so the process id is the binary's).
  static func start(_ scratch: Binary, _ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["--default-signal=INT,TERM,HUP", Binary.path] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: scratch.work)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  static let smallFrames = ["--size", "8", "--fps", "50", "--quiet"]

  // MARK: - Item 4: a frames folder is replaced as a whole

  /// SIGKILL at random moments and at the first change a reader can see: the folder holds exactly
  /// the old frames or exactly the new ones, byte for byte (old: 300 thumb frames; new: 200 wave frames).
  @Test func killDuringAFramesRenderLeavesTheOldOrTheNewSet() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let newArguments = ["--style", "wave", "--duration", "4"] + Self.smallFrames
    #expect(try scratch.run(newArguments + ["--out", "expected-new/"]).status == 0)
    let newSet = Self.frames(scratch.work + "/expected-new")
    #expect(newSet.count == 200)
    #expect(try scratch.run(["--style", "thumb", "--duration", "6", "--out", "old/"] + Self.smallFrames).status == 0)
    let oldSet = Self.frames(scratch.work + "/old")
    #expect(oldSet.count == 300)
    var generator = SystemRandomNumberGenerator()
    // nil: kill as soon as frame-0000.png of the target changes (the swap, or the first frame moved in).
    let moments: [Double?] = [
      nil, nil, .random(in: 0.05...0.6, using: &generator), .random(in: 0.3...1.2, using: &generator),
    ]
    for moment in moments {
      try? FileManager.default.removeItem(atPath: scratch.work + "/frames")
      try FileManager.default.copyItem(atPath: scratch.work + "/old", toPath: scratch.work + "/frames")
      let watched = scratch.work + "/frames/frame-0000.png"
      let oldInode = Self.inode(watched)
      let process = try Self.start(scratch, newArguments + ["--out", "frames/"])
      if let moment {
        usleep(UInt32(moment * 1_000_000))
      } else {
        while process.isRunning && Self.inode(watched) == oldInode {}
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let seen = Self.frames(scratch.work + "/frames")
      #expect(
        seen == oldSet || seen == newSet,
        "after a kill at \(moment.map { "\($0) s" } ?? "the first change"): \(seen.count) frames, a mix")
    }
    // The next run removes what the killed runs left beside the target.
    #expect(try scratch.run(newArguments + ["--out", "frames/"]).status == 0)
    #expect(Self.names(scratch.work) == ["expected-new", "frames", "old"])
    #expect(Self.frames(scratch.work + "/frames") == newSet)
  }

  // MARK: - Item 8: no stale frame survives

  @Test func rerenderingFewerFramesAfterAGapLeavesExactlyTheNewFrames() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    #expect(
      try scratch.run(["--style", "wave", "--duration", "3", "--fps", "10", "--size", "8", "--out", "fr/"]).status == 0)
    #expect(Self.frames(scratch.work + "/fr").count == 30)
    try FileManager.default.removeItem(atPath: scratch.work + "/fr/frame-0010.png")
    #expect(FileManager.default.createFile(atPath: scratch.work + "/fr/notes.txt", contents: Data("mine".utf8)))
    #expect(
      try scratch.run(["--style", "wave", "--duration", "0.6", "--fps", "10", "--size", "8", "--out", "fr/"]).status
        == 0)
    #expect(Self.names(scratch.work + "/fr") == (0..<6).map { "frame-000\($0).png" } + ["notes.txt"])
    #expect(FileManager.default.contents(atPath: scratch.work + "/fr/notes.txt") == Data("mine".utf8))
  }

  // MARK: - Unsafe frames targets: refused before anything renders

  @Test(arguments: [
    (
      ".",
      "--out '.' is '/', the working directory or a folder holding it: a frames folder is replaced as a whole; name a new folder such as 'frames/'"
    ),
    (
      "./",
      "--out './' is '/', the working directory or a folder holding it: a frames folder is replaced as a whole; name a new folder such as 'frames/'"
    ),
    (
      "..",
      "--out '..' is '/', the working directory or a folder holding it: a frames folder is replaced as a whole; name a new folder such as 'frames/'"
    ),
  ])
  func theRootAndTheWorkingDirectoryAreNeverAFramesFolder(out: String, message: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    #expect(FileManager.default.createFile(atPath: scratch.work + "/frame-0000.png", contents: Data("keep".utf8)))
    let result = try scratch.run(["--style", "wave", "--duration", "0.2", "--out", out])
    #expect(result.status == 2)
    #expect(result.errLines == ["progress-render: error: " + message])
    #expect(try scratch.workContents() == ["frame-0000.png"])
  }

  @Test func aFolderHoldingASubfolderIsRefusedBeforeRendering() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    try FileManager.default.createDirectory(atPath: scratch.work + "/x/y", withIntermediateDirectories: true)
    let result = try scratch.run(["--style", "wave", "--duration", "0.2", "--out", "x/"])
    #expect(result.status == 2)
    #expect(
      result.errLines == [
        "progress-render: error: --out 'x/': the folder holds a subfolder 'y'; a frames folder is replaced as a whole: "
          + "point the output at a new folder or one holding only frames"
      ])
    #expect(Self.names(scratch.work + "/x") == ["y"])
  }

  // MARK: - Item 9: leftovers, signals, ulimit -f

  @Test func leftoversOfDeadProcessesAreRemovedByTheNextRun() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let work = scratch.work
    let dead = Self.deadPID
    let live = getpid()
    for name in [".fr.\(dead).partial", ".fr.\(dead).old", ".fr.\(live).partial"] {
      try FileManager.default.createDirectory(atPath: work + "/" + name, withIntermediateDirectories: false)
    }
    try FileManager.default.createDirectory(atPath: work + "/fr", withIntermediateDirectories: false)
    for name in [".a.gif.\(dead).0.tmp", ".a.gif.\(live).0.tmp", ".s.png.\(dead).12.tmp", ".b.gif.\(dead).0.tmp"] {
      #expect(FileManager.default.createFile(atPath: work + "/" + name, contents: Data([1])))
    }
    #expect(try scratch.run(["--style", "wave", "--duration", "0.2", "--out", "a.gif", "--quiet"]).status == 0)
    #expect(try scratch.run(["--style", "wave", "--duration", "0.2", "--out", "s.png", "--quiet"]).status == 0)
    #expect(try scratch.run(["--style", "wave", "--duration", "0.2", "--out", "fr/", "--quiet"]).status == 0)
    #expect(
      try scratch.workContents() == [
        ".a.gif.\(live).0.tmp", ".b.gif.\(dead).0.tmp", ".fr.\(live).partial", "a.gif", "fr", "s.png",
      ])
  }

  /// SIGINT, SIGTERM and SIGHUP while frames or a GIF are written: exit 130 / 143 / 129, and no temporary
  /// file or staging folder.
  @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
  func aSignalRemovesTheTemporaryFiles(signal: Int32, status: Int32) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    // Long enough to be killed mid-write: 1,000 frames of 8 px took the debug build 0.22 s, about
    // the 0.2 s it is given before the signal, and it sometimes finished first (exit 0).
    let runs = [
      ["--out", "frames/", "--duration", "100", "--size", "8"],
      ["--out", "a.gif", "--duration", "100", "--size", "64"],
    ]
    for run in runs {
      let process = try Self.start(scratch, ["--style", "wave", "--fps", "50", "--quiet"] + run)
      while process.isRunning && Self.names(scratch.work).isEmpty {}
      usleep(200_000)
      kill(process.processIdentifier, signal)
      process.waitUntilExit()
      #expect(process.terminationStatus == status)
      #expect(try scratch.workContents() == [])
    }
  }

  /// `ulimit -f`: the file size limit is an error message (exit 1), not a silent SIGXFSZ kill.
  @Test func aFileSizeLimitIsAnErrorAndLeavesNothing() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let run = try Self.run(
      scratch, fileSizeLimit: 10, ["--style", "download", "--appearance", "dark", "--size", "200", "--out", "big.gif"])
    #expect(run.exited && run.status == 1)
    #expect(run.err == "progress-render: error: cannot write 'big.gif': File too large\n")
    #expect(try scratch.workContents() == [])
  }

  /// A frames render that fails (`ulimit -f 1`, frames over 1 KiB) leaves no folder, new or staging.
  @Test func aFailedFramesRenderLeavesNoFolder() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let run = try Self.run(scratch, fileSizeLimit: 1, ["--style", "download", "--size", "200", "--out", "fr/"])
    #expect(run.exited && run.status == 1)
    #expect(try scratch.workContents() == [])
  }

  /// Runs the binary under `ulimit -f` (KiB) with SIGXFSZ at its default: the test runner's children
  /// inherit it ignored, which would hide the bug.
  static func run(
    _ scratch: Binary, fileSizeLimit: Int, _ arguments: [String]
  ) throws -> (exited: Bool, status: Int32, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    let command = "ulimit -f \(fileSizeLimit); exec env --default-signal=XFSZ \"$0\" \"$@\""
    process.arguments = ["-c", command, Binary.path] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: scratch.work)
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationReason == .exit, process.terminationStatus, text)
  }

  /// `check`'s scratch folder goes on SIGTERM, and dead runs' scratch folders go on the next run.
  @Test func checkScratchFoldersAreRemoved() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let temporary = FileManager.default.temporaryDirectory.path
    let stale = temporary + "/progress-render-check-\(Self.deadPID)"
    try FileManager.default.createDirectory(atPath: stale, withIntermediateDirectories: true)
    let manifest = #"{ "assets": [ { "style": "wave", "out": "w/", "size": 8, "fps": 50, "duration": 60 } ] }"#
    #expect(FileManager.default.createFile(atPath: scratch.work + "/assets.json", contents: Data(manifest.utf8)))
    let process = try Self.start(scratch, ["check", "assets.json", "--golden", "golden", "--quiet"])
    let own = temporary + "/progress-render-check-\(process.processIdentifier)"
    while process.isRunning && !FileManager.default.fileExists(atPath: own) {}
    usleep(300_000)
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    #expect(process.terminationStatus == 143)
    #expect(!FileManager.default.fileExists(atPath: own))
    #expect(!FileManager.default.fileExists(atPath: stale))
  }

  // MARK: - Item 13: long names

  @Test(arguments: [244, 255])
  func longOutputNamesWork(bytes: Int) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let gif = String(repeating: "g", count: bytes - 4) + ".gif"
    let folder = String(repeating: "f", count: bytes)
    for out in [gif, folder + "/"] {
      let result = try scratch.run(["--style", "wave", "--duration", "0.2", "--size", "8", "--out", out, "--quiet"])
      #expect(result.status == 0, "\(result.err)")
    }
    #expect(try scratch.workContents() == [folder, gif].sorted())
    #expect(Self.frames(scratch.work + "/" + folder).count == 6)
  }

  // MARK: - Item 11: a mount point as the frames folder

  /// A tmpfs mounted at the target (skipped where `mount` is not permitted): rendered into, file by file.
  @Test func aMountPointIsAFramesFolder() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let target = scratch.work + "/mnt"
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
    guard Self.shell("mount -t tmpfs tmpfs '\(target)' 2>/dev/null") == 0 else { return }
    defer { _ = Self.shell("umount '\(target)'") }
    #expect(FileManager.default.createFile(atPath: target + "/frame-0050.png", contents: Data([1])))
    #expect(FileManager.default.createFile(atPath: target + "/keep.txt", contents: Data([2])))
    try FileManager.default.createDirectory(atPath: target + "/lost+found", withIntermediateDirectories: false)
    let result = try scratch.run([
      "--style", "wave", "--duration", "0.5", "--size", "8", "--fps", "10", "--out", "mnt/",
    ])
    #expect(result.status == 0, "\(result.err)")
    #expect(Self.names(target) == (0..<5).map { "frame-000\($0).png" } + ["keep.txt", "lost+found"])
    #expect(try scratch.workContents() == ["mnt"])
  }

  // MARK: - Item 12: the staging location is checked before painting

  #if os(Linux)
    /// A writable `ro/frames/` in a read-only `ro/`, as an unprivileged user (skipped without `setpriv`).
    @Test func aReadOnlyParentIsRefusedBeforeRendering() throws {
      let scratch = try Binary()
      defer { scratch.remove() }
      let work = scratch.work
      try FileManager.default.createDirectory(atPath: work + "/ro/frames", withIntermediateDirectories: true)
      chmod(scratch.root, 0o755)
      chmod(work, 0o777)
      chmod(work + "/ro/frames", 0o777)
      chmod(work + "/ro", 0o555)
      guard getuid() == 0, FileManager.default.fileExists(atPath: "/usr/bin/setpriv") else { return }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
      process.arguments = [
        "--reuid=65534", "--regid=65534", "--clear-groups", Binary.path, "--style", "wave", "--duration", "2", "--out",
        "ro/frames/",
      ]
      process.currentDirectoryURL = URL(fileURLWithPath: work)
      let errors = Pipe()
      process.standardError = errors
      try process.run()
      let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 2)
      #expect(
        text
          == "progress-render: error: --out 'ro/frames/': the folder 'ro' is not writable, and a frames folder is "
          + "replaced there as a whole; choose a folder whose parent you can write to\n")
      #expect(Self.names(work + "/ro") == ["frames"])
    }
  #endif

  static func shell(_ command: String) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    guard (try? process.run()) != nil else { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
  }
}
