import Foundation
import Testing

/// Runs the built `progress-render` executable in a scratch folder and captures what it prints.
///
/// The binary is `.build/debug/progress-render` under the package root, found from this file's
/// path; `swift test` builds it first because this test target depends on it.
struct Binary {
  /// What one run printed and returned.
  struct Result {
    var status: Int32
    var out: String
    /// Standard error as printed.
    var fullErr: String
    /// Standard output as bytes (a GIF or PNG written to `--out -`).
    var outBytes: [UInt8] = []
    /// Standard error without the contrast warnings (`warning: the arc #d6d6d6 … has a contrast of
    /// 1.45:1 …`), which the presets' own looks print on every render (issue 19) and
    /// `ContrastWarningTests` checks; the other tests read what is left.
    var err: String {
      fullErr.split(separator: "\n", omittingEmptySubsequences: false).filter { !Self.isContrastWarning($0) }
        .joined(separator: "\n")
    }
    /// Standard error split into lines, without the final empty one.
    var errLines: [String] {
      err.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLastEmpty
    }
    /// The contrast warnings printed.
    var contrastWarnings: [String] {
      fullErr.split(separator: "\n").filter { Self.isContrastWarning($0) }.map(String.init)
    }

    static func isContrastWarning(_ line: Substring) -> Bool {
      line.hasPrefix("progress-render: warning: ") && line.contains(" has a contrast of ")
    }
  }

  /// The package root: three levels above `Tests/EndToEndTests/Binary.swift`.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  /// The executable.
  static let path = packageRoot.appendingPathComponent(".build/debug/progress-render").path

  /// A fresh scratch folder: `root` holds inputs, `work` is the working directory of the run
  /// and must stay empty when the run fails.
  let root: String
  /// The working directory of each run.
  var work: String { root + "/work" }

  /// Creates the scratch folders.
  init() throws {
    root = FileManager.default.temporaryDirectory.path + "/progress-render-e2e-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: root + "/work", withIntermediateDirectories: true)
  }

  /// Removes the scratch folders.
  func remove() {
    try? FileManager.default.removeItem(atPath: root)
  }

  /// Writes an input file into `root` (outside `work`).
  func write(_ name: String, _ text: String) {
    #expect(FileManager.default.createFile(atPath: root + "/" + name, contents: Data(text.utf8)))
  }

  /// The names in `work`, sorted.
  func workContents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: work).sorted()
  }

  /// Runs the binary with `arguments` in `work`.
  /// - Parameters:
  ///   - fileSizeLimit: when given, files the run writes may hold at most this many 512-byte blocks
  ///     (`ulimit -f` with SIGXFSZ ignored, so a write beyond fails with EFBIG as on a full disk).
  ///   - stdin: what the run reads on standard input (default: nothing, `/dev/null`).
  ///   - environment: variables to set (a `nil` value removes the variable) in the test's environment.
  func run(
    _ arguments: [String], fileSizeLimit: Int? = nil, stdin: [UInt8] = [], environment: [String: String?] = [:]
  ) throws -> Result {
    let process = Process()
    if let fileSizeLimit {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments =
        ["-c", "trap '' XFSZ; ulimit -f \(fileSizeLimit); exec \"$0\" \"$@\"", Binary.path] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: Binary.path)
      process.arguments = arguments
    }
    process.currentDirectoryURL = URL(fileURLWithPath: work)
    var variables = ProcessInfo.processInfo.environment
    for (name, value) in environment { variables[name] = value }
    process.environment = variables
    let inPath = root + "/.stdin"
    #expect(FileManager.default.createFile(atPath: inPath, contents: Data(stdin)))
    let input = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
    process.standardInput = input
    let outPath = root + "/.stdout"
    let errPath = root + "/.stderr"
    #expect(FileManager.default.createFile(atPath: outPath, contents: nil))
    #expect(FileManager.default.createFile(atPath: errPath, contents: nil))
    let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    process.standardOutput = out
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    try input.close()
    let outBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: outPath)))
    return Result(
      status: process.terminationStatus, out: String(decoding: outBytes, as: UTF8.self),
      fullErr: try String(contentsOfFile: errPath, encoding: .utf8), outBytes: outBytes)
  }

  /// Runs a configured `process` (any program) with its standard output and error captured.
  /// - Returns: the exit status and what it printed.
  static func capture(_ process: Process) throws -> Result {
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
      fullErr: String(decoding: errData, as: UTF8.self))
  }

  /// Runs the binary with `arguments` in `work` on a pseudo-terminal (`script`), so that standard
  /// output and standard error are both a terminal; returns the exit status and everything printed.
  /// - Parameter environment: variables to set (a `nil` value removes the variable).
  func runInTerminal(_ arguments: [String], environment: [String: String?] = [:]) throws -> (Int32, String) {
    let quoted = ([Binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    #if os(Linux)
      process.arguments = ["-qec", quoted.joined(separator: " "), "/dev/null"]  // util-linux's script
    #else
      process.arguments = ["-q", "/dev/null", "/bin/sh", "-c", quoted.joined(separator: " ")]  // BSD's script
    #endif
    process.currentDirectoryURL = URL(fileURLWithPath: work)
    var variables = ProcessInfo.processInfo.environment
    for (name, value) in environment { variables[name] = value }
    process.environment = variables
    let outPath = root + "/.terminal"
    #expect(FileManager.default.createFile(atPath: outPath, contents: nil))
    let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    process.standardOutput = out
    process.standardError = out
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try out.close()
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: outPath)), as: UTF8.self)
    return (process.terminationStatus, text)
  }
}

extension Array where Element == String {
  /// The lines without a trailing empty line (text ending in a newline).
  fileprivate var dropLastEmpty: [String] { last == "" ? Array(dropLast()) : self }
}
