import Foundation
import Testing

/// `diff --out` and `--junit` through the real binary: the compact report of a long animation,
/// `--report-frames`, regions to ignore and per-frame budgets, and frame counts said as `render`
/// says them.
@Suite struct DiffReportCommandTests {
  private func contents(_ path: String) -> String {
    String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
  }

  /// Bytes of every file under `folder`, and the names of its PNGs.
  private func folderSize(_ folder: String) -> (bytes: Int, pngs: [String]) {
    var bytes = 0
    var pngs: [String] = []
    for name in FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? [] {
      let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)
      bytes += (attributes?[.size] as? Int) ?? 0
      if name.hasSuffix(".png") { pngs.append(name) }
    }
    return (bytes, pngs.sorted())
  }

  /// `wrote a.gif: 600 frames (592 stored), …` → ("600 frames (592 stored)", 600, 592).
  private func counts(_ renderLine: String) throws -> (text: String, displayed: Int, stored: Int) {
    let text = try #require(renderLine.split(separator: ":").dropFirst().first?.split(separator: ",").first)
      .trimmingCharacters(in: .whitespaces)
    let numbers = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    return (text, numbers.first ?? 0, numbers.last ?? 0)
  }

  /// The pair of the issue: two 60 s thumb renders at 10 fps in two colours. Before: 45 s (debug build),
  /// 47 MB, 1,748 files, every image embedded up to five times, 593 JUnit test cases.
  @Test func longAnimationGivesACompactReport() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let common = ["--style", "thumb", "--fps", "10", "--duration", "60"]
    let a = try scratch.run(common + ["--out", "a.gif"])
    let b = try scratch.run(common + ["--color", "#00aa00", "--out", "b.gif"])
    #expect(a.status == 0 && b.status == 0)
    let began = Date()
    let diff = try scratch.run(["diff", "a.gif", "b.gif", "--out", "report", "--junit", "junit.xml"])
    let seconds = Date().timeIntervalSince(began)
    #expect(diff.status == 1)
    // A debug build on a shared machine; before: 45 s unloaded. A release build takes well under 3 s.
    #expect(seconds < 40, "took \(seconds) s")
    // The counts agree with render's: "600 frames (592 stored)" → "590 of 600 frames differ (592 stored; …".
    let rendered = try counts(a.out)
    #expect(rendered.stored < rendered.displayed)
    #expect(diff.out.hasPrefix("different: "))
    #expect(diff.out.contains(" of \(rendered.displayed) frames differ (\(rendered.stored) stored; max "))

    let report = scratch.work + "/report"
    let (bytes, pngs) = folderSize(report)
    #expect(bytes < 5_000_000, "\(bytes) bytes")
    #expect(pngs.count == 36)  // the worst 12 frames × expected, actual, diff
    let html = contents(report + "/report.html")
    #expect(!html.contains("data:image"))
    for png in pngs { #expect(html.components(separatedBy: "src=\"\(png)\"").count - 1 == 1, "\(png)") }
    #expect(html.components(separatedBy: "<img ").count - 1 <= 36)
    #expect(html.components(separatedBy: "<rect ").count - 1 > 500)  // the strip: a bar a differing frame
    let json = try JSONSerialization.jsonObject(with: Data(contents(report + "/report.json").utf8))
    let frames = (json as? [String: Any])?["frames"] as? [[String: Any]] ?? []
    #expect(frames.count == rendered.stored)
    #expect(frames.filter { $0["images"] != nil }.count == 12)
    let worst = try #require((json as? [String: Any])?["totals"] as? [String: Any])["worstFrame"] as? Int
    #expect(html.contains("<a href=\"#frame-\(try #require(worst))\">Worst frame: \(worst!) "))

    let junit = contents(scratch.work + "/junit.xml")
    #expect(junit.contains("tests=\"1\" failures=\"1\""))
    #expect(junit.components(separatedBy: "<testcase ").count - 1 == 1)
    #expect(junit.contains("; differing frames: "))
  }

  /// A 20-frame pair whose frame i has i + 1 changed pixels (frame 0 none).
  private func rampPair(_ scratch: Binary) throws {
    let script = """
      import os, zlib, struct
      def png(path, pixels):
          raw = b''.join(b'\\x00' + bytes(row) for row in pixels)
          def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
          data = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 8, 4, 8, 2, 0, 0, 0))
          data += chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')
          open(path, 'wb').write(data)
      for side in ('a', 'b'):
          os.makedirs(side, exist_ok=True)
          for i in range(20):
              rows = [[0, 0, 0] * 8 for _ in range(4)]
              if side == 'b':
                  for p in range(i):
                      rows[p // 8][(p % 8) * 3:(p % 8) * 3 + 3] = [255, 255, 255]
              png('%s/frame-%04d.png' % (side, i), rows)
      """
    try script.write(toFile: scratch.root + "/ramp.py", atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", scratch.root + "/ramp.py"]
    process.currentDirectoryURL = URL(fileURLWithPath: scratch.work)
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  @Test(arguments: [
    // Three of a 20-frame ramp are distinct moments, 20 / (2 × 3) = 3 frames apart: 13, 16, 19.
    ([String](), 12, ["0008", "0019"]), (["--report-frames", "3"], 3, ["0013", "0019"]),
    (["--report-frames", "all"], 19, ["0001", "0019"]), (["--report-frames=1"], 1, ["0019", "0019"]),
  ])
  func reportFramesChoosesTheWorst(extra: [String], drawn: Int, range: [String]) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    try rampPair(scratch)
    let result = try scratch.run(["diff", "a", "b", "--out", "r"] + extra)
    #expect(result.status == 1, "\(result.err)")
    let pngs = folderSize(scratch.work + "/r").pngs
    #expect(pngs.count == drawn * 3)
    #expect(pngs.first == "frame-\(range[0])-actual.png" && pngs.last == "frame-\(range[1])-expected.png")
    #expect(contents(scratch.work + "/r/report.html").contains("<a href=\"#frame-19\">Worst frame: 19 "))
  }

  @Test(arguments: [
    // Frame i of the ramp changes pixels 0…i-1: row 0 is pixels 0–7, row 1 is 8–15, row 2 16–19.
    ([String](), 1, "different: 19 of 20 frames differ"),
    (["--ignore", "0,0,8,3"], 0, "same: 20 frames"),
    (["--ignore", "0,0,8,2"], 1, "different: 3 of 20 frames differ"),
    (["--ignore", "0,0,8,2", "--ignore", "0,2,4,1"], 0, "same: 20 frames"),  // repeated: both apply
    (["--ignore", "0,0,8,1", "--ignore=0,1,8,1"], 1, "different: 3 of 20 frames differ"),
    (["--max-diff-pixels-per-frame", "16"], 1, "different: 3 of 20 frames differ"),
    (["--max-diff-pixels-per-frame", "19"], 0, "same: 20 frames (190 changed pixels within budget)"),
    (["--max-diff-percent-per-frame", "50"], 1, "different: 3 of 20 frames differ"),  // 16 of 32 pass
    (["--max-diff-percent-per-frame", "60"], 0, "same: 20 frames"),
  ])
  func ignoreAndPerFrameBudget(extra: [String], status: Int32, summary: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    try rampPair(scratch)
    let result = try scratch.run(["diff", "a", "b"] + extra)
    #expect(result.status == status, "\(result.out)\(result.err)")
    #expect(result.out.hasPrefix(summary), "\(result.out)")
  }

  @Test(arguments: [
    (["--ignore", "0,0,9,1"], "--ignore '0,0,9,1' reaches outside the 8×4 frame"),
    (["--ignore", "0,0,8,4", "--ignore", "7,3,2,1"], "--ignore '7,3,2,1' reaches outside the 8×4 frame"),
    (["--ignore", "1,2,3"], "--ignore '1,2,3' is not a region: expected x,y,w,h in pixels"),
    (["--ignore", "0,0,0,1"], "--ignore '0,0,0,1' is not a region"),
    (["--report-frames", "0"], "--report-frames '0' is not a count: expected a whole number ≥ 1 or 'all'"),
    (["--report-frames", "some"], "--report-frames 'some' is not a count"),
    (["--max-diff-pixels-per-frame", "-1"], "--max-diff-pixels-per-frame -1 is out of range"),
  ])
  func badRegionsAndCountsAreRefusedBeforeAnythingIsWritten(extra: [String], message: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    try rampPair(scratch)
    let result = try scratch.run(["diff", "a", "b", "--out", "r", "--junit", "j.xml"] + extra)
    #expect(result.status == 2)
    #expect(result.err.contains(message), "\(result.err)")
    #expect(result.out.isEmpty)
    #expect(try scratch.workContents() == ["a", "b"])
  }
}
