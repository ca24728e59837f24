/// Finds the palette colour nearest to a colour (squared RGB distance), eight palette entries at a
/// time: the palette's channels in SIMD lanes, each lane keeping its own best, then the lowest index
/// among the lanes' equal bests — exactly the first nearest colour a scan in index order finds.
struct NearestColor: Sendable {
  private var red: [SIMD8<Int32>] = []
  private var green: [SIMD8<Int32>] = []
  private var blue: [SIMD8<Int32>] = []
  /// The number of palette colours.
  let count: Int

  /// Far outside 0…255 on every channel, so a padding lane never wins; its squared distances
  /// (at most 3 · 10,255²) stay inside `Int32`.
  private static let padding: Int32 = 10_000

  /// - Parameter colors: the palette, `0xRRGGBB` (at least one).
  init(_ colors: [UInt32]) {
    precondition(!colors.isEmpty, "a palette has at least one colour")
    count = colors.count
    for start in stride(from: 0, to: colors.count, by: 8) {
      var r = SIMD8<Int32>(repeating: Self.padding)
      var g = r
      var b = r
      for lane in 0..<min(8, colors.count - start) {
        let c = colors[start + lane]
        r[lane] = Int32(c >> 16 & 0xff)
        g[lane] = Int32(c >> 8 & 0xff)
        b[lane] = Int32(c & 0xff)
      }
      red.append(r)
      green.append(g)
      blue.append(b)
    }
  }

  /// The index of the first palette colour nearest to (r, g, b).
  /// - Complexity: O(count / 8).
  func index(r: Int32, g: Int32, b: Int32) -> Int {
    let (vr, vg, vb) = (SIMD8(repeating: r), SIMD8(repeating: g), SIMD8(repeating: b))
    var bestDistance = SIMD8<Int32>(repeating: .max)
    var bestBlock = SIMD8<Int32>(repeating: 0)
    for k in red.indices {
      let dr = red[k] &- vr
      let dg = green[k] &- vg
      let db = blue[k] &- vb
      let d = dr &* dr &+ dg &* dg &+ db &* db
      let closer = d .< bestDistance
      bestDistance.replace(with: d, where: closer)
      bestBlock.replace(with: SIMD8(repeating: Int32(k)), where: closer)
    }
    let least = bestDistance.min()
    var best = Int.max
    for lane in 0..<8 where bestDistance[lane] == least { best = min(best, Int(bestBlock[lane]) * 8 + lane) }
    return best
  }

  /// The index of the first palette colour nearest to `0xRRGGBB` (alpha ignored).
  func index(of color: UInt32) -> Int {
    index(r: Int32(color >> 16 & 0xff), g: Int32(color >> 8 & 0xff), b: Int32(color & 0xff))
  }
}
