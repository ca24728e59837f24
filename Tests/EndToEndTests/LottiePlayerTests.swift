import Foundation
import Testing

/// The Lottie export played by the players apps and browsers use, text included: every preset and
/// example style at 200 px through `scripts/lottie-players` (lottie-web's SVG and canvas renderers in
/// headless Chromium, ThorVG), six frames each, diffed with the tool's frames counting anti-aliased
/// pixels. Every player must stay within 1 % of a frame's pixels (rings are written as short pieces,
/// halo glyphs without corners: docs/lottie.md). A player that is not installed skips its test
/// (`python3 -m pip install playwright thorvg-python`; Debian's `chromium`).
@Suite struct LottiePlayerTests {
  /// The script.
  static let script = Binary.packageRoot.appendingPathComponent("scripts/lottie-players").path

  /// Whether `scripts/lottie-players --probe PLAYER` finds the player.
  static func available(_ player: String) -> Bool {
    (try? LottieRoundTripTests.run(["/usr/bin/env", "python3", script, "--probe", player])) == 0
  }

  /// Plays every style in one player and checks each one's worst frame.
  static func check(_ player: String, limit: Double) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let table = scratch.work + "/table.json"
    _ = try LottieRoundTripTests.run([
      "/usr/bin/env", "python3", script, "--binary", Binary.path, "--players", player, "--frames", "6", "--json",
      table,
    ])
    let data = try Data(contentsOf: URL(fileURLWithPath: table))
    let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])
    #expect(rows.count >= 12, "\(rows.keys.sorted())")
    for (style, row) in rows.sorted(by: { $0.key < $1.key }) {
      let cell = try #require(row[player] as? [String: Any], "\(style): no \(player) figure")
      let percent = try #require(cell["percent"] as? Double)
      #expect(
        percent <= limit, "\(style) in \(player): \(percent) % at frame \(cell["frame"] ?? "?") \(cell["error"] ?? "")")
      if let schema = row["schema"] as? String { #expect(schema == "ok", "\(style): \(schema)") }
    }
  }

  @Test(.enabled(if: available("web-svg"), "lottie-web or Chromium is not installed"))
  func lottieWebSVG() throws { try Self.check("web-svg", limit: 1) }

  @Test(.enabled(if: available("web-canvas"), "lottie-web or Chromium is not installed"))
  func lottieWebCanvas() throws { try Self.check("web-canvas", limit: 1) }

  @Test(.enabled(if: available("thorvg"), "ThorVG (thorvg-python) is not installed"))
  func thorVG() throws { try Self.check("thorvg", limit: 1) }
}
