/// Renders a `DiffReport` as JUnit XML for CI test reporters: one test case per compared frame pair and
/// one for the animation as a whole. A pair fails when the verdict is `different` and the pair is not
/// `same`; the whole-animation case fails with the problems (sizes, counts, timing). No time stamps.
public enum DiffJUnitReport {
  /// The XML document.
  /// - Complexity: O(frames).
  public static func xml(_ report: DiffReport) -> String {
    let failing = report.verdict == .different
    let suite = "\(report.expected.path) vs \(report.actual.path)"
    var cases: [String] = []
    var failures = 0
    let whole = failing ? report.summary : nil
    if whole != nil { failures += 1 }
    cases.append(
      testCase("animation", failure: whole, detail: (report.problems + report.notes).joined(separator: "\n")))
    for frame in report.frames {
      let fails = failing && frame.status != .same
      if fails { failures += 1 }
      let name = "frame \(frame.index) (\(frame.expectedLabel ?? "none") ↔ \(frame.actualLabel ?? "none"))"
      let message =
        "\(frame.status.rawValue): \(frame.changedPixels) changed pixels (\(DiffReport.percentText(frame.changedPercent))), "
        + "\(frame.antialiasedPixels) anti-aliased, largest delta \(frame.maxDelta)"
      cases.append(testCase(name, failure: fails ? message : nil, detail: ""))
    }
    return document(name: "progress-render diff", suite: suite, cases: cases, failures: failures)
  }

  /// A JUnit document holding one suite of already rendered `<testcase>` elements.
  static func document(name: String, suite: String, cases: [String], failures: Int) -> String {
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
  static func testCase(
    _ name: String, className: String = "progress-render.diff", failure: String?, detail: String
  ) -> String {
    let head = "    <testcase classname=\"\(escape(className))\" name=\"\(escape(name))\""
    guard let failure else { return head + "/>" }
    return head + ">\n      <failure message=\"\(escape(failure))\">\(escape(detail))</failure>\n    </testcase>"
  }

  /// Escapes the five XML special characters (also fine for HTML text and attributes).
  static func escape(_ text: String) -> String {
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
