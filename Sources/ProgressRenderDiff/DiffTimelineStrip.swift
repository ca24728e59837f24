/// The timeline strip of `report.html`: one bar per compared pair, in display order, as tall as its
/// share of changed pixels (relative to the worst pair; any change is at least a few pixels tall),
/// coloured by status; a bar of a pair shown in full links to its section. Inline SVG, no images, a few
/// dozen bytes a pair.
enum DiffTimelineStrip {
  /// Height of the drawing in its own units.
  static let height = 100

  /// The strip, or an empty string when there are no pairs.
  /// - Parameters:
  ///   - frames: every compared pair.
  ///   - shown: indices of the pairs that have a section.
  /// - Complexity: O(pairs).
  static func svg(_ frames: [DiffReport.FrameResult], shown: Set<Int>) -> String {
    guard !frames.isEmpty else { return "" }
    let worst = frames.map(\.changedPercent).max() ?? 0
    var bars: [String] = []
    for frame in frames where frame.changedPixels > 0 || frame.status != .same {
      let share = worst > 0 ? frame.changedPercent / worst : 1
      let tall = max(4, Int((share * Double(height)).rounded()))
      let title = "frame \(frame.index): \(frame.status.rawValue), \(DiffReport.percentText(frame.changedPercent))"
      let bar =
        "<rect class=\"\(frame.status.rawValue)\" x=\"\(frame.index)\" y=\"\(height - tall)\" width=\"1\" "
        + "height=\"\(tall)\"><title>\(title)</title></rect>"
      bars.append(shown.contains(frame.index) ? "<a href=\"#frame-\(frame.index)\">\(bar)</a>" : bar)
    }
    let count = frames.count
    return """
      <figure class="strip"><figcaption>Changed pixels per frame, frames 0–\(count - 1) \
      (worst \(DiffReport.percentText(worst))); click a bar to jump to a frame shown below</figcaption>
      <svg viewBox="0 0 \(count) \(height)" preserveAspectRatio="none" role="img" \
      aria-label="changed pixels per frame"><rect class="track" x="0" y="0" width="\(count)" height="\(height)"/>
      \(bars.joined(separator: "\n"))
      </svg></figure>
      """
  }
}
