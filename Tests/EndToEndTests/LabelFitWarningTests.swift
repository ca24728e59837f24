import Foundation
import ProgressRender
import Testing

/// Captions and labels too long for the ring, through the binary: the render goes ahead, wrapped
/// and shrunk inside the ring, and says so on standard error; the presets' own texts do not warn.
@Suite struct LabelFitWarningTests {
  static let longCJK = "已推送至 3 家公司，请耐心等待对方回复，我们会在第一时间通知您"

  /// (arguments, the one warning expected, or nil for none).
  static let cases: [([String], String?)] = [
    (
      ["--style", "thumb", "--caption", longCJK + longCJK, "--out", "thumb.png"],
      "progress-render: warning: --caption '已推送至 3 家公司，请耐心等待对方回复，我们…' does not fit inside the ring at 18 pt:"
        + " wrapped and shrunk to "
    ),
    (
      [
        "--style", "download", "--label", "Downloading the latest update, please wait", "--duration", "0.2",
        "--out", "download.gif",
      ],
      "progress-render: warning: --label 'Downloading the latest…' does not fit inside the ring at 14 pt:"
        + " wrapped and shrunk to "
    ),
    (
      ["--style", "thumb", "--caption", String(repeating: longCJK, count: 12), "--out", "clipped.png"],
      "progress-render: warning: --caption '已推送至 3 家公司，请耐心等待对方回复，我们…' does not fit inside the ring at 18 pt"
        + " even wrapped and shrunk to "
    ),
    (
      ["--style", "download", "--size", "48", "--out", "small.png"],
      // Issue 22, item 15: the style's own label, not a --label that was never given.
      "progress-render: warning: the style's label '100' does not fit inside the ring at 14 pt: wrapped and shrunk to "
    ),
    (["--style", "thumb", "--out", "thumb.png"], nil),
    (["--style", "thumb", "--caption", longCJK, "--out", "wrapped.png"], nil),
    (["--style", "download", "--label", "Please wait", "--out", "short.png"], nil),
  ]

  @Test(arguments: cases)
  func warnsOnceWhenTextShrinks(arguments: [String], warning: String?) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(arguments + ["--quiet"])
    #expect(result.status == 0, "\(result.err)")
    if let warning {
      #expect(result.errLines.count == 1, "\(result.err)")
      #expect(result.errLines.first?.hasPrefix(warning) == true, "\(result.err)")
    } else {
      #expect(result.err.isEmpty, "\(result.err)")
    }
    let out = try #require(arguments.last)
    #expect(FileManager.default.fileExists(atPath: scratch.work + "/" + out))
  }
}
