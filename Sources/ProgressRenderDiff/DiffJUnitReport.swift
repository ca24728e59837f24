/// Renders a `DiffReport` as JUnit XML for CI test reporters: one test case for the comparison. It
/// fails when the verdict is `different`, with the summary and the differing frames (as ranges:
/// `frames 3–10, 12`) in its message and, in its text, the problems, the notes and the worst differing
/// frames one a line. No time stamps.
package enum DiffJUnitReport {
  /// How many differing frames the failure's text lists one a line (worst first).
  static let detailedFrames = 20

  /// The XML document.
  /// - Complexity: O(frames log frames).
  public static func xml(_ report: DiffReport) -> String {
    let name = "\(report.expected.path) vs \(report.actual.path)"
    let failure = report.verdict == .different ? failureMessage(report) : nil
    let testCase = testCase(name, failure: failure, detail: failureDetail(report))
    return document(name: "progress-render diff", suite: name, cases: [testCase], failures: failure == nil ? 0 : 1)
  }

  /// The summary, then the failing frames as ranges of their positions.
  static func failureMessage(_ report: DiffReport) -> String {
    let failing = report.frames.filter { $0.status != .same && $0.status != .withinBudget }.map(\.index)
    guard !failing.isEmpty else { return report.summary }
    return report.summary + "; differing frame\(failing.count == 1 ? "" : "s"): " + ranges(failing)
  }

  /// Problems and notes, then the worst failing frames one a line.
  private static func failureDetail(_ report: DiffReport) -> String {
    let failing = report.frames.filter { $0.status != .same && $0.status != .withinBudget }
      .sorted { ($0.changedPercent, $1.index) > ($1.changedPercent, $0.index) }
    var lines = report.problems + report.notes
    for frame in failing.prefix(detailedFrames) {
      lines.append(
        "frame \(frame.index) (\(frame.expectedLabel ?? "none") ↔ \(frame.actualLabel ?? "none")): "
          + "\(frame.status.rawValue), \(frame.changedPixels) changed pixels "
          + "(\(DiffReport.percentText(frame.changedPercent))), \(frame.antialiasedPixels) anti-aliased, "
          + "largest delta \(frame.maxDelta)")
    }
    if failing.count > detailedFrames {
      lines.append("… and \(failing.count - detailedFrames) more differing frames (report.json lists every frame)")
    }
    return lines.joined(separator: "\n")
  }

  /// `0–3, 7, 9–12` for ascending positions.
  static func ranges(_ indices: [Int]) -> String {
    var runs: [(first: Int, last: Int)] = []
    for index in indices {
      if let run = runs.last, index == run.last + 1 {
        runs[runs.count - 1].last = index
      } else {
        runs.append((index, index))
      }
    }
    return runs.map { $0.first == $0.last ? "\($0.first)" : "\($0.first)–\($0.last)" }.joined(separator: ", ")
  }

  /// A JUnit document holding one suite of already rendered `<testcase>` elements.
  package static func document(name: String, suite: String, cases: [String], failures: Int) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <testsuites name="\(escape(name))" tests="\(cases.count)" failures="\(failures)" errors="0">
      <testsuite name="\(escape(suite))" tests="\(cases.count)" failures="\(failures)" errors="0" skipped="0">
    \(cases.joined(separator: "\n"))
      </testsuite>
    </testsuites>

    """
  }

  /// One `<testcase>`; with a failure message (and detail text) it fails.
  package static func testCase(
    _ name: String, className: String = "progress-render.diff", failure: String?, detail: String
  ) -> String {
    let head = "    <testcase classname=\"\(escape(className))\" name=\"\(escape(name))\""
    guard let failure else { return head + "/>" }
    return head + ">\n      <failure message=\"\(escape(failure))\">\(escape(detail))</failure>\n    </testcase>"
  }

  /// Escapes the five XML special characters (also fine for HTML text and attributes).
  package static func escape(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.append(character)
      }
    }
    return out
  }
}
