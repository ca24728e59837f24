import Foundation

/// `progress-render diff EXPECTED ACTUAL [options]`: parses the command line, runs the comparison, writes
/// the requested outputs, prints one summary line and returns the exit status (0 same, 1 different or
/// a write failure while running, 2 usage error, unreadable input or unusable output path). The CLI target only forwards its arguments here.
public enum DiffCommandLine {
  /// A parsed command line.
  public struct Invocation: Equatable, Sendable {
    /// Baseline path.
    public var expected: String = ""
    /// Candidate path.
    public var actual: String = ""
    /// Threshold, budgets and limits.
    public var options = DiffOptions()
    /// `--out DIR`.
    public var outDirectory: String?
    /// `--junit FILE`.
    public var junitPath: String?
    /// `--update`.
    public var update = false
    /// `--help`.
    public var help = false
  }

  /// A bad command line. The description is one line naming the flag and the bad value.
  public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The message.
    public let description: String
  }

  /// The `--help` text.
  public static let helpText = """
    Usage: progress-render diff EXPECTED ACTUAL [options]

    Compares two animations as they are displayed. Each side is a GIF, a PNG, or a folder of PNG
    frames (frame-0000.png …), in any pairing. GIF frames are composited with their disposal modes and
    compared by display time, so a GIF that merged identical frames lines up with a folder of every
    frame; a folder's N frames are spread evenly over the GIF's duration.

    Options:
      --threshold X          per-pixel tolerance 0…1 on pixelmatch's YIQ scale (default 0.1; 0 = exact)
      --include-aa           count anti-aliased pixels as changed (by default they are counted apart)
      --max-diff-pixels N    pass if at most N pixels changed, summed over all frames
      --max-diff-percent P   pass if at most P percent of all compared pixels changed
      --out DIR              write per differing frame expected/actual/diff PNGs, report.json, report.html
      --junit FILE           write a JUnit XML report
      --update               make ACTUAL the new baseline at EXPECTED, keeping EXPECTED's kind (a GIF
                             is copied or re-encoded over the old duration, a frames folder rewritten);
                             records a missing baseline; exits 0
      -h, --help             show this help

    Exit status: 0 same within tolerance, 1 different or writing failed while running, 2 usage error,
    unreadable input, or an output (--out, --junit, --update baseline) that cannot be written there.

    """

  private static let valueOptions = ["--threshold", "--max-diff-pixels", "--max-diff-percent", "--out", "--junit"]
  private static let flagOptions = ["--include-aa", "--update", "--help", "-h"]

  /// Parses the arguments that follow `diff`.
  /// - Throws: `UsageError` for an unknown option, a missing or bad value, or not exactly two paths.
  public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    var invocation = Invocation()
    var paths: [String] = []
    var index = 0
    var onlyPaths = false
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      if onlyPaths || !word.hasPrefix("-") || word == "-" {
        paths.append(word)
        continue
      }
      if word == "--" {
        onlyPaths = true
        continue
      }
      var name = word
      var inlineValue: String?
      if let equals = word.firstIndex(of: "="), word.hasPrefix("--") {
        name = String(word[..<equals])
        inlineValue = String(word[word.index(after: equals)...])
      }
      if flagOptions.contains(name) {
        guard inlineValue == nil else {
          throw UsageError(description: "\(name) takes no value; remove '=\(inlineValue!)'")
        }
        switch name {
        case "--include-aa": invocation.options.includeAntialiasing = true
        case "--update": invocation.update = true
        default: invocation.help = true
        }
        continue
      }
      guard valueOptions.contains(name) else {
        throw UsageError(
          description: "unknown option '\(name)' for diff\(suggestion(for: name)); see 'progress-render diff --help'")
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else {
        guard index < arguments.count else { throw UsageError(description: "\(name) needs a value") }
        value = arguments[index]
        index += 1
      }
      try apply(name, value, to: &invocation)
    }
    if invocation.help { return invocation }
    guard paths.count == 2 else {
      throw UsageError(
        description: "diff takes two paths, EXPECTED and ACTUAL; got \(paths.count)"
          + (paths.isEmpty ? "" : " (\(paths.map { "'\($0)'" }.joined(separator: ", ")))"))
    }
    invocation.expected = paths[0]
    invocation.actual = paths[1]
    return invocation
  }

  private static func apply(_ name: String, _ value: String, to invocation: inout Invocation) throws(UsageError) {
    switch name {
    case "--threshold":
      guard let number = Double(value), (0...1).contains(number) else {
        throw UsageError(description: "--threshold '\(value)' is not a number from 0 to 1 (default 0.1)")
      }
      invocation.options.threshold = number
    case "--max-diff-pixels":
      guard let number = Int(value), number >= 0 else {
        throw UsageError(description: "--max-diff-pixels '\(value)' is not a whole number ≥ 0")
      }
      invocation.options.maxDiffPixels = number
    case "--max-diff-percent":
      guard let number = Double(value), (0...100).contains(number) else {
        throw UsageError(description: "--max-diff-percent '\(value)' is not a number from 0 to 100")
      }
      invocation.options.maxDiffPercent = number
    case "--out":
      guard !value.isEmpty else { throw UsageError(description: "--out needs a folder path, got ''") }
      invocation.outDirectory = value
    default:
      guard !value.isEmpty else { throw UsageError(description: "--junit needs a file path, got ''") }
      invocation.junitPath = value
    }
  }

  /// The closest option name, as `; did you mean '--threshold'?`, or nothing.
  private static func suggestion(for word: String) -> String {
    let candidates = (valueOptions + flagOptions).filter { $0.hasPrefix("--") }
    let scored = candidates.map { ($0, editDistance(word, $0)) }.min { $0.1 < $1.1 }
    guard let (best, distance) = scored, distance <= 3 else { return "" }
    return "; did you mean '\(best)'?"
  }

  private static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var row = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var previous = row[0]
      row[0] = i
      for j in stride(from: 1, through: b.count, by: 1) {
        let current = row[j]
        row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
        previous = current
      }
    }
    return row[b.count]
  }

  /// Runs `diff` with the arguments that follow it.
  ///
  /// Exit status, one rule: 2 when the arguments are wrong, found before any work starts (a bad
  /// option, an input that cannot be read, a report or baseline destination that is missing, not
  /// writable or of the wrong kind); 1 when the inputs differ, or when writing fails while running
  /// (disk full, an I/O error).
  /// - Parameters:
  ///   - arguments: The command line after `diff`.
  ///   - output: Receives standard-output text (the summary line, with newline).
  ///   - errorOutput: Receives standard-error text (`progress-render: error: …`).
  /// - Returns: 0 same, 1 different or a write failure, 2 usage error, unreadable input or unusable destination.
  public static func run(
    _ arguments: [String], output: (String) -> Void, errorOutput: (String) -> Void
  ) -> Int32 {
    func fail(_ error: any Error, status: Int32) -> Int32 {
      errorOutput("progress-render: error: \(error)\n")
      return status
    }
    let invocation: Invocation
    do {
      invocation = try parse(arguments)
    } catch {
      errorOutput("progress-render: error: \(error)\nRun 'progress-render diff --help' for usage.\n")
      return 2
    }
    if invocation.help {
      output(helpText)
      return 0
    }
    // Before any work: destinations and inputs (exit 2).
    let expected: FrameSequence?
    let actual: FrameSequence
    do {
      try checkDestinations(invocation)
      let recordsNew = invocation.update && !FileManager.default.fileExists(atPath: invocation.expected)
      expected = recordsNew ? nil : try FrameSequenceLoader.load(invocation.expected, limits: invocation.options.limits)
      actual = try FrameSequenceLoader.load(invocation.actual, limits: invocation.options.limits)
      if invocation.update, expected?.kind == .png, actual.presentIndices.count > 1 {
        throw UsageError(
          description: "--update cannot turn the \(actual.count)-frame \(actual.kind.rawValue) "
            + "'\(actual.source)' into the single-PNG baseline '\(invocation.expected)'; pass one PNG or a one-frame "
            + "GIF as ACTUAL, or use a frames folder as EXPECTED")
      }
    } catch {
      return fail(error, status: 2)
    }
    // While running: a write that fails is exit 1 (an input that cannot be read again stays 2).
    do {
      guard let expected else {
        output("new: '\(invocation.expected)' does not exist yet\n")
        output(try BaselineUpdater.update(expectedPath: invocation.expected, with: actual) + "\n")
        return 0
      }
      let outcome = AnimationDiff.compare(
        expected: expected, actual: actual, options: invocation.options,
        collectArtifacts: invocation.outDirectory != nil)
      var report = outcome.report
      if let directory = invocation.outDirectory {
        report = try DiffReportWriter.writeFolder(outcome, to: directory)
      }
      if let junit = invocation.junitPath {
        try DiffReportWriter.writeJUnit(report, to: junit)
      }
      output(report.summary + "\n")
      for note in expected.notes + actual.notes { errorOutput("progress-render: note: \(note)\n") }
      if invocation.update && report.verdict == .different {
        let duration = expected.displayDelays?.reduce(0, +)
        output(
          try BaselineUpdater.update(expectedPath: invocation.expected, with: actual, expectedDuration: duration) + "\n"
        )
        return 0
      }
      return report.verdict == .same ? 0 : 1
    } catch {
      return fail(error, status: error is ImageInputError ? 2 : 1)
    }
  }

  /// Checks, before anything is read or compared, that every output can be written where asked:
  /// `--out` a folder (or creatable), `--junit` a file in an existing writable folder, and with
  /// `--update` the baseline (a folder, or a file in an existing writable folder).
  /// - Throws: `ReportDestination.Problem` naming the option and the path.
  static func checkDestinations(_ invocation: Invocation) throws(ReportDestination.Problem) {
    if let folder = invocation.outDirectory { try ReportDestination.checkFolder(folder, named: "--out '\(folder)'") }
    if let junit = invocation.junitPath { try ReportDestination.checkFile(junit, named: "--junit '\(junit)'") }
    guard invocation.update else { return }
    let name = "--update baseline '\(invocation.expected)'"
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: invocation.expected, isDirectory: &isFolder) {
      try isFolder.boolValue
        ? ReportDestination.checkFolder(invocation.expected, named: name)
        : ReportDestination.checkFile(invocation.expected, named: name)
    } else if FileManager.default.fileExists(atPath: invocation.actual, isDirectory: &isFolder), isFolder.boolValue {
      try ReportDestination.checkFolder(invocation.expected, named: name)
    } else {
      try ReportDestination.checkFile(invocation.expected, named: name)
    }
  }
}
