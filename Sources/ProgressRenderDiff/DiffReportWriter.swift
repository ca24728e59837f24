import Foundation
import ProgressRenderSupport

/// Writes a comparison's outputs: the artifacts folder (per differing pair `frame-NNNN-expected.png`,
/// `-actual.png`, `-diff.png`; `report.json`; `report.html`) and the JUnit file. Each file is written
/// whole to a temporary name and renamed into place; the same inputs give the same bytes.
package enum DiffReportWriter {
  /// Writes the artifacts folder as a whole: the PNGs, `report.json` and `report.html` are staged beside
  /// it and swapped in at once (`FolderReplacement`), so a failure (a full disk, a file size limit) or a
  /// kill leaves the old report whole and a reader never sees a page beside another report's images.
  /// Entries of an existing folder that are not a report's (`report.json`, `report.html`, `frame-….png`)
  /// are carried over.
  /// - Parameters:
  ///   - outcome: The comparison.
  ///   - directory: The folder (`--out`), created with its missing parents.
  ///   - backLink: a page for `report.html` to link back to, relative to it (`check`'s index).
  /// - Returns: The report with each frame's artifact file names filled in (as written to `report.json`).
  /// - Throws: `FileWriteError` naming the path.
  @discardableResult
  public static func writeFolder(
    _ outcome: AnimationDiff.Outcome, to directory: String, backLink: String? = nil
  ) throws -> DiffReport {
    let parent = PathNames.parent(of: PathNames.trimmingTrailingSlashes(directory))
    do {
      try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    } catch {
      throw FileWriteError(path: directory, reason: "its folder cannot be created (\(error.localizedDescription))")
    }
    for name in ["report.json", "report.html"] {  // a folder there is someone's: not replaced unasked
      var info = stat()
      let path = (directory as NSString).appendingPathComponent(name)
      if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { throw FileWriteError(path: path, errno: EISDIR) }
    }
    let replacement = try FolderReplacement(target: directory) { !isReportEntry($0) }
    defer { replacement.abort() }  // does nothing once committed
    func write(_ bytes: [UInt8], _ name: String) throws {
      try replacement.filling {
        try AtomicFile.write(bytes, to: (replacement.stagingPath as NSString).appendingPathComponent(name))
      }
    }
    var report = outcome.report
    for artifact in outcome.artifacts {
      var names: [String: String] = [:]
      let stem = "frame-" + padded(artifact.index)
      for (role, picture) in [("expected", artifact.expected), ("actual", artifact.actual), ("diff", artifact.diff)] {
        guard let picture else { continue }
        let name = "\(stem)-\(role).png"
        try write(picture.png, name)
        names[role] = name
      }
      report.frames[artifact.index].images = names
    }
    try write(json(report), "report.json")
    try write(Array(DiffHTMLPage.html(report, artifacts: outcome.artifacts, backLink: backLink).utf8), "report.html")
    try replacement.commit()
    return report
  }

  /// Whether an entry of a report folder is one a report writes (replaced by the next report); others
  /// are kept.
  static func isReportEntry(_ name: String) -> Bool {
    name == "report.json" || name == "report.html" || (name.hasPrefix("frame-") && name.hasSuffix(".png"))
  }

  /// Writes the JUnit XML file.
  /// - Throws: `FileWriteError` naming the path.
  public static func writeJUnit(_ report: DiffReport, to path: String) throws {
    try AtomicFile.write(Array(DiffJUnitReport.xml(report).utf8), to: path)
  }

  /// The report as pretty JSON with sorted keys and a trailing newline.
  public static func json(_ report: DiffReport) throws -> [UInt8] {
    try CanonicalJSON.bytes(of: report) + [0x0A]
  }

  private static func padded(_ index: Int) -> String {
    let text = String(index)
    return String(repeating: "0", count: max(0, 4 - text.count)) + text
  }
}
