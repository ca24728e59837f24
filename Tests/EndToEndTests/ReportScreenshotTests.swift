import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderRaster

/// The reports as a browser shows them: headless Chromium takes a screenshot of `diff`'s and
/// `check`'s report.html, and the test checks it is not blank and that the diff image (the only pure
/// red on the page: the two sides are drawn in green and blue) has loaded. Skipped without Chromium.
@Suite(.enabled(if: Chromium.path != nil, "chromium is not installed"))
struct ReportScreenshotTests {
  /// A screenshot of `page`, decoded; fails after 60 s.
  static func screenshot(_ page: String, in folder: String, width: Int = 1000, height: Int = 1200) throws -> Frame {
    let shot = folder + "/screenshot.png"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(Chromium.path))
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
      "--disable-dev-shm-usage", "--user-data-dir=\(folder)/chromium-profile", "--screenshot=\(shot)",
      "--window-size=\(width),\(height)", URL(fileURLWithPath: page).absoluteString,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(60)
    while process.isRunning && Date() < deadline { usleep(50_000) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    let bytes = try #require(FileManager.default.contents(atPath: shot), "no screenshot of \(page)")
    return try PNGCodec.decode([UInt8](bytes), source: shot, maxPixels: 16 << 20)
  }

  /// Pixels that are pure red (the diff image's changed pixels), and the number of distinct colours.
  static func inspect(_ frame: Frame) -> (red: Int, colors: Int) {
    var red = 0
    var colors = Set<UInt32>()
    for pixel in frame.pixels {
      let (r, g, b) = (pixel >> 16 & 0xFF, pixel >> 8 & 0xFF, pixel & 0xFF)
      if r >= 240 && g <= 16 && b <= 16 { red += 1 }
      if colors.count < 1000 { colors.insert(pixel) }
    }
    return (red, colors.count)
  }

  @Test func diffReportShowsTheWorstFrame() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let common = ["--style", "thumb", "--size", "64", "--fps", "10", "--duration", "2", "--background", "#ffffff"]
    _ = try scratch.run(common + ["--color", "#00aa00", "--out", "a.gif"])
    _ = try scratch.run(common + ["--color", "#0000ff", "--out", "b.gif"])
    let diff = try scratch.run(["diff", "a.gif", "b.gif", "--out", "report", "--report-frames", "2"])
    #expect(diff.status == 1)
    let shot = try Self.screenshot(scratch.work + "/report/report.html", in: scratch.root)
    let seen = Self.inspect(shot)
    #expect(seen.colors > 20, "the page looks blank")
    #expect(seen.red > 200, "the diff image did not load: \(seen.red) red pixels")
  }

  /// What the top `height` pixels of `check`'s report show for `manifest` (thumb differs).
  static func checkReport(manifest: String, height: Int) throws -> (red: Int, colors: Int) {
    let scratch = try CheckReportTests.checkedScratch(manifest: manifest)
    defer { scratch.remove() }
    return inspect(try screenshot(scratch.work + "/report/report.html", in: scratch.root, height: height))
  }

  /// The failing asset is the manifest's last, yet its expected | actual | diff row is at the top of
  /// the page: the diff's red shows in the first 400 pixels.
  @Test func checkReportListsFailuresFirst() throws {
    let seen = try Self.checkReport(manifest: ReviewerReportTests.manifest, height: 400)
    #expect(seen.colors > 20, "the page looks blank")
    #expect(seen.red > 50, "the failure's diff is not at the top: \(seen.red) red pixels")
  }

  @Test func checkReportShowsTheWorstFrameThumbnail() throws {
    let seen = try Self.checkReport(manifest: CheckReportTests.manifest, height: 600)
    #expect(seen.colors > 20, "the page looks blank")
    #expect(seen.red > 50, "the thumbnail did not load: \(seen.red) red pixels")
  }
}

/// Where Chromium is installed, if it is.
enum Chromium {
  /// The executable on PATH (`chromium`, `chromium-browser` or `google-chrome`), if any.
  static let path: String? = {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
    for folder in folders {
      for name in ["chromium", "chromium-browser", "google-chrome"] {
        let path = "\(folder)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
      }
    }
    return nil
  }()
}
