import Foundation
import ProgressRenderSupport

/// Writes a comparison's outputs: the artifacts folder (per differing pair `frame-NNNN-expected.png`,
/// `-actual.png`, `-diff.png`; `report.json`; `report.html`) and the JUnit file. Each file is written
/// whole to a temporary name and renamed into place; the same inputs give the same bytes.
package enum DiffReportWriter {
  /// Writes the artifacts folder, creating it if needed.
  /// - Parameters:
  ///   - outcome: The comparison.
  ///   - directory: The folder (`--out`).
  /// - Returns: The report with each frame's artifact file names filled in (as written to `report.json`).
  /// - Throws: `FileWriteError` naming the path.
  @discardableResult
  public static func writeFolder(_ outcome: AnimationDiff.Outcome, to directory: String) throws -> DiffReport {
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw FileWriteError(path: directory, reason: "the folder cannot be created (\(error.localizedDescription))")
    }
    var report = outcome.report
    for artifact in outcome.artifacts {
      var names: [String: String] = [:]
      let stem = "frame-" + padded(artifact.index)
      for (role, picture) in [("expected", artifact.expected), ("actual", artifact.actual), ("diff", artifact.diff)] {
        guard let picture else { continue }
        let name = "\(stem)-\(role).png"
        try AtomicFile.write(picture.png, to: (directory as NSString).appendingPathComponent(name))
        names[role] = name
      }
      report.frames[artifact.index].images = names
    }
    try AtomicFile.write(json(report), to: (directory as NSString).appendingPathComponent("report.json"))
    let html = DiffHTMLPage.html(report, artifacts: outcome.artifacts)
    try AtomicFile.write(Array(html.utf8), to: (directory as NSString).appendingPathComponent("report.html"))
    return report
  }

  /// Writes the JUnit XML file.
  /// - Throws: `FileWriteError` naming the path.
  public static func writeJUnit(_ report: DiffReport, to path: String) throws {
    try AtomicFile.write(Array(DiffJUnitReport.xml(report).utf8), to: path)
  }

  /// The report as pretty JSON with sorted keys and a trailing newline.
  public static func json(_ report: DiffReport) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return Array(try encoder.encode(report)) + [0x0A]
  }

  private static func padded(_ index: Int) -> String {
    let text = String(index)
    return String(repeating: "0", count: max(0, 4 - text.count)) + text
  }
}
