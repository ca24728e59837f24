/// Turns batch progress into text for standard error: one updating bar on a terminal, one plain
/// line per asset otherwise.
///
/// ```
/// [███████████░░░░░░░░░░░░░]  14/30  rendered 12 · skipped 2 · failed 0 · 3 s left
/// [3/12] rendered wave@2x.gif (0.21 s)
/// ```
package struct BatchProgressDisplay: Sendable {
  /// How progress is shown.
  package enum Mode: Sendable {
    /// A bar redrawn in place (`\r`, clear to end of line).
    case bar
    /// One line per finished asset.
    case lines
    /// Nothing.
    case quiet
  }

  /// How progress is shown.
  package var mode: Mode
  /// Cells in the bar.
  package var barWidth: Int

  /// Creates a display.
  package init(mode: Mode, barWidth: Int = 24) {
    self.mode = mode
    self.barWidth = barWidth
  }

  /// The text to write after an asset finished.
  package func text(for progress: BatchProgress) -> String {
    switch mode {
    case .quiet:
      return ""
    case .lines:
      return BatchProgressDisplay.line(progress) + "\n"
    case .bar:
      let filled = progress.total == 0 ? barWidth : progress.done * barWidth / progress.total
      let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
      var text =
        "\r\u{1B}[2K[\(bar)] \(progress.done)/\(progress.total)  rendered \(progress.rendered)"
        + " · skipped \(progress.skipped) · failed \(progress.failed)"
      if progress.done < progress.total, let remaining = progress.remaining {
        text += " · \(BatchProgressDisplay.duration(remaining)) left"
      }
      return progress.done == progress.total ? text + "\n" : text
    }
  }

  /// `[3/12] rendered wave@2x.gif (0.21 s)`, `[4/12] skipped thumb.gif (unchanged)`,
  /// `[5/12] failed up.gif: <why>`.
  package static func line(_ progress: BatchProgress) -> String {
    let result = progress.result
    let head = "[\(progress.done)/\(progress.total)] \(result.status.rawValue) \(result.out)"
    switch result.status {
    case .rendered: return head + " (\(seconds(result.seconds ?? 0)))"
    case .skipped: return head + " (unchanged)"
    case .failed: return head + ": " + (result.message ?? "unknown error")
    case .cancelled: return head + " (an earlier asset failed and --fail-fast is on)"
    }
  }

  /// `0.21 s`, `12.3 s`.
  static func seconds(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    if hundredths >= 1000 { return "\(hundredths / 100).\((hundredths / 10) % 10) s" }
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
  }

  /// `3 s`, `2 min 5 s`.
  static func duration(_ value: Double) -> String {
    let total = Int(value.rounded(.up))
    return total < 60 ? "\(total) s" : "\(total / 60) min \(total % 60) s"
  }
}
