import Foundation
import Testing

/// The Lottie export played by an independent renderer: every preset and example style written with
/// `--out name.json`, rendered by rlottie (`scripts/rlottie-frames`) at six frames spread over the
/// animation, and compared with the tool's own Cairo frames by `progress-render diff --threshold 0.1`:
/// at most 1 % of a frame's pixels may differ. rlottie draws no text, so labels are left out of both
/// sides (the text layers are checked by `LottieExportTests`). Skipped when rlottie cannot be loaded
/// (`scripts/setup-tests` installs it).
@Suite(.enabled(if: RLottie.isAvailable, "rlottie is not installed (scripts/setup-tests installs it)"))
struct LottieRoundTripTests {

  /// The presets and the example style files.
  static let styles: [String] = {
    let folder = Binary.packageRoot.appendingPathComponent("Examples/styles").path
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return ["thumb", "download", "countdown", "upload", "wave", "material", "material4", "activity", "dots"]
      + files.filter { $0.hasSuffix(".json") }.sorted().map { folder + "/" + $0 }
  }()

  /// Runs a program, its output discarded.
  static func run(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  @Test(arguments: styles)
  func rlottieDrawsWhatCairoDraws(style: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    // The style without its labels.
    let described = try scratch.run(
      style.hasSuffix(".json") ? ["describe", "--style-file", style] : ["describe", style])
    try #require(described.status == 0, "\(described.err)")
    var object = try #require(try JSONSerialization.jsonObject(with: Data(described.out.utf8)) as? [String: Any])
    var look = try #require(object["look"] as? [String: Any])
    look["labels"] = nil
    if var thumb = look["thumb"] as? [String: Any] {
      thumb["label"] = nil
      look["thumb"] = thumb
    }
    object["look"] = look
    #expect(
      FileManager.default.createFile(
        atPath: scratch.work + "/style.json", contents: try JSONSerialization.data(withJSONObject: object)))

    let export = try scratch.run(["render", "--style-file", "style.json", "--out", "anim.json", "--quiet"])
    try #require(export.status == 0, "\(export.err)")
    let animation = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.work + "/anim.json")))
        as? [String: Any])
    let frameCount = try #require(animation["op"] as? Int)
    let fps = try #require(animation["fr"] as? Double)
    let frames = (0...5).map { Int((Double($0) * Double(frameCount - 1) / 5).rounded()) }

    let rendered = try Self.run(
      ["/usr/bin/env", "python3", RLottie.script, scratch.work + "/anim.json", scratch.work + "/rl"]
        + frames.map(String.init))
    try #require(rendered == 0, "rlottie-frames failed for \(style)")
    for (index, frame) in frames.enumerated() {
      let still = "cairo-\(index).png"
      let time = "\(Double(frame) / fps)s"
      let cairo = try scratch.run([
        "render", "--style-file", "style.json", "--out", still, "--edge-levels", "256", "--at", time, "--quiet",
      ])
      try #require(cairo.status == 0, "\(cairo.err)")
      let rlottie = "rl/frame-" + String(repeating: "0", count: 4 - String(index).count) + String(index) + ".png"
      let diff = try scratch.run(["diff", still, rlottie, "--threshold", "0.1", "--max-diff-percent", "1"])
      #expect(diff.status == 0, "\(style) frame \(frame): \(diff.out)\(diff.err)")
    }
  }
}

/// The rlottie frame renderer, `scripts/rlottie-frames`.
private enum RLottie {
  /// The script.
  static let script = Binary.packageRoot.appendingPathComponent("scripts/rlottie-frames").path

  /// Whether the script can load rlottie (`--probe` exits 0; 77 without it).
  static let isAvailable: Bool = {
    guard let status = try? LottieRoundTripTests.run(["/usr/bin/env", "python3", script, "--probe"]) else {
      return false
    }
    return status == 0
  }()
}
