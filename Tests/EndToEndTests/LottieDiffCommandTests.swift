import Foundation
import Testing

/// `progress-render diff` with Lottie sides through the real binary (issue 21): a Lottie file against
/// every render `render --lottie` makes of it, two Lottie files, `--size` and `--fps`, the report, and
/// the errors. The rules themselves: `LottieDiffTests`.
@Suite struct LottieDiffCommandTests {
  /// A scratch folder holding `a.json` (activity, 24 px, 10 fps, 1 s, on white), `b.json` (the same
  /// in red), `long.json` (1.5 s), `a.lottie`, and `a.json` rendered as a GIF, WebP, APNG, PNG and
  /// frames folder.
  static func scratch() throws -> Binary {
    let scratch = try Binary()
    let style = ["--style", "activity", "--size", "24", "--fps", "10", "--background", "white", "--quiet"]
    for (out, extra) in [
      ("a.json", ["--duration", "1"]), ("b.json", ["--duration", "1", "--color", "#ff0000"]),
      ("long.json", ["--duration", "1.5"]), ("a.lottie", ["--duration", "1"]),
    ] {
      #expect(try scratch.run(["render", "--out", out] + style + extra).status == 0)
    }
    for out in ["a.gif", "a.webp", "a.apng", "a.png", "frames/"] {
      #expect(try scratch.run(["render", "--lottie", "a.json", "--out", out, "--quiet"]).status == 0)
    }
    return scratch
  }

  /// Each render of `a.json` is the same as `a.json`, either way round; each is different from `b.json`.
  @Test func aLottieFileAgainstEveryRenderOfIt() throws {
    let scratch = try Self.scratch()
    defer { scratch.remove() }
    let cases: [(other: String, same: String, different: String)] = [
      (
        "a.gif", "same: 10 frames (6 stored)", "different: 10 of 10 frames differ (6 stored; max 19.1% pixels, frame 1)"
      ),
      (
        "a.webp", "same: 10 frames (6 stored)",
        "different: 10 of 10 frames differ (6 stored; max 19.1% pixels, frame 1)"
      ),
      (
        "a.apng", "same: 10 frames (6 stored)",
        "different: 10 of 10 frames differ (6 stored; max 19.1% pixels, frame 1)"
      ),
      ("a.png", "same: 1 frame", "different: 1 of 1 frame differs (max 19.1% pixels, frame 0)"),
      ("frames", "same: 10 frames", "different: 10 of 10 frames differ (max 19.1% pixels, frame 2)"),
      ("a.lottie", "same: 10 frames", "different: 10 of 10 frames differ (max 19.1% pixels, frame 2)"),
    ]
    for (other, same, different) in cases {
      for pair in [["a.json", other], [other, "a.json"]] {
        let result = try scratch.run(["diff"] + pair)
        #expect(result.status == 0, "\(pair): \(result.err)")
        #expect(result.out == same + "\n", "\(pair)")
        #expect(result.err.isEmpty, "\(pair)")
      }
      let result = try scratch.run(["diff", other, "b.json"])
      #expect(result.status == 1, "\(other): \(result.err)")
      #expect(result.out == different + "\n", "\(other)")
    }
  }

  /// Two Lottie files: the frames that differ, a longer file's extra frames, `--size` and `--fps`.
  @Test func twoLottieFiles() throws {
    let scratch = try Self.scratch()
    defer { scratch.remove() }
    let cases: [(arguments: [String], status: Int32, out: String, err: [String])] = [
      (["a.json", "a.json"], 0, "same: 10 frames", []),
      (["a.json", "b.json"], 1, "different: 10 of 10 frames differ (max 19.1% pixels, frame 2)", []),
      (
        ["a.json", "long.json"], 1,
        "different: 6 of 15 frames differ (max 100% pixels, frame 10); frame count differs: expected 10 frames, "
          + "actual 15; 5 frames extra in actual (not in expected): frame 10, frame 11, frame 12, frame 13, frame 14",
        ["progress-render: note: lengths differ: 'a.json' 1 s (10 frames), 'long.json' 1.5 s (15 frames)"]
      ),
      (
        ["a.json", "a.lottie", "--size", "48x24", "--fps", "5"], 0, "same: 5 frames",
        [
          "progress-render: note: both painted at 48×24 px and 5 fps ('a.json' 24×24 at 10 fps, 'a.lottie' 24×24 at "
            + "10 fps)"
        ]
      ),
    ]
    for (arguments, status, out, err) in cases {
      let result = try scratch.run(["diff"] + arguments)
      #expect(result.status == status, "\(arguments): \(result.err)")
      #expect(result.out == out + "\n", "\(arguments)")
      #expect(result.errLines == err, "\(arguments)")
    }
  }

  /// `--out` writes the report of a Lottie change: which frames differ, by the file's own frame numbers.
  @Test func reportNamesTheFramesThatDiffer() throws {
    let scratch = try Self.scratch()
    defer { scratch.remove() }
    let result = try scratch.run(["diff", "a.json", "b.json", "--out", "report", "--quiet"])
    #expect(result.status == 1, "\(result.err)")
    let data = try Data(contentsOf: URL(fileURLWithPath: scratch.work + "/report/report.json"))
    let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let expected = try #require(report["expected"] as? [String: Any])
    #expect(expected["kind"] as? String == "lottie" && expected["path"] as? String == "a.json")
    let frames = try #require(report["frames"] as? [[String: Any]])
    #expect(frames.map { $0["expectedLabel"] as? String } == (0..<10).map { "frame \($0)" })
    #expect(frames.allSatisfy { $0["status"] as? String == "changed" })
    let html = try String(contentsOfFile: scratch.work + "/report/report.html", encoding: .utf8)
    #expect(html.contains("a.json") && html.contains("b.json"))
  }

  /// Bad Lottie sides and options that do not apply: exit 2, one line naming the file or the option.
  @Test func errors() throws {
    let scratch = try Self.scratch()
    defer { scratch.remove() }
    #expect(FileManager.default.createFile(atPath: scratch.work + "/bad.json", contents: Data(#"{"v":"5.7.0"}"#.utf8)))
    let cases: [([String], String)] = [
      (
        ["a.json", "bad.json"],
        "bad.json: the animation has no 'fr'; a Lottie file gives its frame rate, out point, width and height"
      ),
      (
        ["a.json", "absent.json"],
        "cannot read 'absent.json': no such file or folder; give a GIF, WebP, APNG or PNG file, a folder of PNG "
          + "frames, or a Lottie file (.json, .lottie)"
      ),
      (
        ["a.json", "a.gif", "--size", "48"],
        "--size applies when both sides are Lottie files; 'a.json' is painted at the size of 'a.gif' (24×24)"
      ),
      (
        ["a.gif", "a.json", "--fps", "5"],
        "--fps applies to two Lottie files or a Lottie file and a frames folder; 'a.json' is painted at the size of "
          + "'a.gif' (24×24), at its frame times"
      ),
      (
        ["a.gif", "a.png", "--fps", "5"],
        "--fps applies only to Lottie sides (.json or .lottie files); neither side is a Lottie file"
      ),
      (["a.json", "b.json", "--fps", "0"], "--fps 0 is out of range: expected a number 0.01…50 (frames per second)"),
      (
        ["a.json", "a.gif", "--update"],
        "--update cannot make the gif 'a.gif' the Lottie baseline 'a.json': a Lottie file is updated only from a "
          + "Lottie file; pass a .json or .lottie file as ACTUAL"
      ),
    ]
    for (arguments, message) in cases {
      let result = try scratch.run(["diff"] + arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.out.isEmpty, "\(arguments)")
      #expect(result.errLines == ["progress-render: error: \(message)"], "\(arguments)")
    }
  }
}
