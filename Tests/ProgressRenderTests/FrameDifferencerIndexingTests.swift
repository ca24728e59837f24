import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderFormats

/// `FrameDifferencer.globalIndices` and `localIndices` choose the table and write the indices in one
/// pass; they must give what the separate passes (table choice, run count, index look-ups) gave.
@Suite struct FrameDifferencerIndexingTests {
  /// A small deterministic generator (SplitMix64).
  struct Random {
    var state: UInt64

    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
  }

  /// One differencing step: the picture written, the screen below it, the rectangle and the palette.
  struct Case {
    var width: Int
    var target: [UInt32]
    var screen: [UInt32]
    var rect: PixelRect
    /// Opaque palette colours `0xRRGGBB`; the transparent entry follows them.
    var palette: [UInt32]
  }

  /// The global index table `FrameDifferencer` builds for `palette` plus a transparent entry.
  static func globalIndex(_ palette: [UInt32]) -> ColorTable<UInt8> {
    var index = ColorTable<UInt8>(capacity: 2 * palette.count + 2, initialValue: 0)
    for (i, c) in palette.enumerated() where index.slot(of: 0xFF00_0000 | c) == nil {
      index.values[index.insertionSlot(for: 0xFF00_0000 | c)] = UInt8(i)
    }
    index.values[index.insertionSlot(for: AlphaResolver.transparentKey)] = UInt8(palette.count)
    return index
  }

  /// The table choice and indices as three separate passes make them (the straightforward version).
  static func straightforwardGlobal(_ c: Case, first: Bool, marks: UInt8?) -> [UInt8]? {
    let index = globalIndex(c.palette)
    func pixels() -> [(v: UInt32, s: UInt32)] {
      (c.rect.y0..<c.rect.y1).flatMap { y in
        (c.rect.x0..<c.rect.x1).map { x in (c.target[y * c.width + x], c.screen[y * c.width + x]) }
      }
    }
    var changedInGlobal = true
    var unchangedInGlobal = true
    for (v, s) in pixels() {
      let inGlobal = index.slot(of: v) != nil
      if first || v != s {
        changedInGlobal = changedInGlobal && inGlobal
      } else {
        unchangedInGlobal = unchangedInGlobal && inGlobal
      }
    }
    guard changedInGlobal else { return nil }
    var keep = first ? nil : marks
    if keep != nil, unchangedInGlobal {
      var (markedRuns, plainRuns) = (0, 0)
      let start = 0xFF00_0000 | c.palette[0]
      var (lastMarked, lastPlain) = (start, start)
      for (v, s) in pixels() {
        let m = v == s ? FrameDifferencer.keep : v
        if m != lastMarked { markedRuns += 1 }
        if v != lastPlain { plainRuns += 1 }
        (lastMarked, lastPlain) = (m, v)
      }
      if markedRuns > plainRuns { keep = nil }
    }
    guard keep != nil || unchangedInGlobal || first else { return nil }
    return pixels().map { v, s in
      if let keep, v == s { return keep }
      return index.slot(of: v).map { index.values[$0] } ?? 0
    }
  }

  /// The local table indices as a distinct-colour pass, a sort and a look-up pass make them.
  static func straightforwardLocal(_ c: Case, first: Bool) -> (colors: [UInt32], indices: [UInt8])? {
    var changed: [(v: UInt32, s: UInt32)] = []
    for y in c.rect.y0..<c.rect.y1 {
      for x in c.rect.x0..<c.rect.x1 { changed.append((c.target[y * c.width + x], c.screen[y * c.width + x])) }
    }
    let colors = Set(changed.filter { first || $0.v != $0.s }.map(\.v)).subtracting([AlphaResolver.transparentKey])
      .sorted()
    guard colors.count <= 255 else { return nil }
    let position = Dictionary(uniqueKeysWithValues: colors.enumerated().map { ($1, UInt8($0)) })
    let t = UInt8(colors.count)
    return (colors, changed.map { v, s in !first && v == s ? t : position[v] ?? t })
  }

  /// Both one-pass writers' results for a case.
  static func fused(_ c: Case, first: Bool, marks: UInt8?) -> (global: [UInt8]?, local: ([UInt32], [UInt8])?) {
    let count = c.rect.area
    var written = [UInt8](repeating: 0, count: count)
    var out = [UInt8](repeating: 0, count: count)
    let keep = first ? nil : marks
    let global = c.target.withUnsafeBufferPointer { t in
      c.screen.withUnsafeBufferPointer { s in
        written.withUnsafeMutableBufferPointer { w in
          FrameDifferencer.globalIndices(
            target: t, screen: s, width: c.width, rect: c.rect, index: globalIndex(c.palette), keep: keep,
            runStart: 0xFF00_0000 | c.palette[0], out: w)
        }
      }
    }
    let colors = c.target.withUnsafeBufferPointer { t in
      c.screen.withUnsafeBufferPointer { s in
        out.withUnsafeMutableBufferPointer { o in
          FrameDifferencer.localIndices(target: t, screen: s, width: c.width, rect: c.rect, first: first, out: o)
        }
      }
    }
    return (global ? written : nil, colors.map { ($0, out) })
  }

  /// A random case: runs of palette colours, transparent pixels and (with `foreign` in 1000) others;
  /// the screen the same but for `changes` in 1000 pixels.
  static func randomCase(seed: UInt64, colors: Int, foreign: Int, changes: Int) -> Case {
    var random = Random(state: seed)
    let (width, height) = (8 + random.next(40), 1 + random.next(30))
    var palette = (0..<colors).map { _ in UInt32(random.next(1 << 24)) }
    palette.append(palette[0])  // a colour listed twice
    func color() -> UInt32 {
      let pick = random.next(1000)
      if pick < foreign { return 0xFF00_0000 | UInt32(random.next(1 << 24)) }
      if pick < foreign + 60 { return AlphaResolver.transparentKey }
      return 0xFF00_0000 | palette[random.next(palette.count)]
    }
    var target: [UInt32] = []
    while target.count < width * height { target += Array(repeating: color(), count: 1 + random.next(9)) }
    target.removeLast(target.count - width * height)
    let screen = target.map { random.next(1000) < changes ? color() : $0 }
    let (x0, y0) = (random.next(width), random.next(height))
    let rect = PixelRect(x0: x0, y0: y0, x1: x0 + 1 + random.next(width - x0), y1: y0 + 1 + random.next(height - y0))
    return Case(width: width, target: target, screen: screen, rect: rect, palette: palette)
  }

  /// Cases from a real preset: consecutive frames of `name`, the palette the first frame's most
  /// common colours.
  static func presetCases(_ name: String) throws -> [Case] {
    let frames = try TransparentGIFTests.transparentFrames(name, size: 48).map { frame in
      frame.pixels.map { $0 >> 24 == 0 ? AlphaResolver.transparentKey : 0xFF00_0000 | $0 }
    }
    var counts: [UInt32: Int] = [:]
    for v in frames[0] where v != AlphaResolver.transparentKey { counts[v, default: 0] += 1 }
    let palette = counts.sorted { ($0.value, $0.key) > ($1.value, $1.key) }.prefix(40).map { $0.key & 0x00FF_FFFF }
    return frames.indices.dropFirst().map { i in
      Case(
        width: 48, target: frames[i], screen: frames[i - 1], rect: PixelRect(x0: 0, y0: 0, x1: 48, y1: 48),
        palette: palette.isEmpty ? [0] : palette)
    }
  }

  static func check(_ c: Case, _ label: String) {
    for (first, marks) in [(true, UInt8?.none), (false, UInt8?.none), (false, UInt8(c.palette.count))] {
      let result = fused(c, first: first, marks: marks)
      #expect(result.global == straightforwardGlobal(c, first: first, marks: marks), "\(label) first \(first)")
      let local = straightforwardLocal(c, first: first)
      #expect(result.local?.0 == local?.colors, "\(label) first \(first)")
      #expect(result.local?.1 == local?.indices, "\(label) first \(first)")
    }
  }

  /// Random pictures: all in the palette, a few colours outside it, many outside it (past 255).
  @Test(arguments: [(colors: 12, foreign: 0), (12, 3), (200, 30), (40, 900)])
  func randomPicturesMatchTheSeparatePasses(colors: Int, foreign: Int) {
    for seed in 0..<60 {
      for changes in [0, 50, 500, 1000] {
        let c = Self.randomCase(seed: UInt64(seed), colors: colors, foreign: foreign, changes: changes)
        Self.check(c, "seed \(seed) changes \(changes)")
      }
    }
  }

  /// Consecutive frames of real presets.
  @Test(arguments: ["upload", "wave", "countdown"])
  func presetFramesMatchTheSeparatePasses(_ name: String) throws {
    for (i, c) in try Self.presetCases(name).enumerated() { Self.check(c, "\(name) frame \(i + 1)") }
  }

  /// `FirstFrameHistogram` weighs each first-frame colour by how long its pixels keep it.
  @Test(arguments: [0, 1, 2, 3])
  func firstFrameHistogramMatchesAPixelByPixelCount(seed: Int) {
    var random = Random(state: UInt64(seed))
    let count = 1 + random.next(700)
    var frame = (0..<count).map { _ in 0xFF00_0000 | UInt32(random.next(6)) }
    var frames = [frame]
    for _ in 0..<20 {
      for _ in 0..<random.next(40) { frame[random.next(count)] = 0xFF00_0000 | UInt32(random.next(6)) }
      if random.next(4) == 0 { frame = frames[0] }  // back to the first frame
      frames.append(frame)
    }
    var histogram = FirstFrameHistogram()
    for f in frames { histogram.append(f) }
    // Told where each frame differs from the one before (as the key cache tells it), it counts the same.
    var hinted = FirstFrameHistogram()
    for (k, f) in frames.enumerated() {
      let differs = k == 0 ? Array(f.indices) : f.indices.filter { f[$0] != frames[k - 1][$0] }
      hinted.append(f, changed: (differs.first ?? 0)..<((differs.last ?? -1) + 1))
    }
    var expected: [UInt32: Int] = [:]
    let n = frames.count
    for i in 0..<count {
      let kept = frames.firstIndex { $0[i] != frames[0][i] } ?? n
      expected[frames[0][i], default: 0] += kept + n / Int(FirstFrameHistogram.floorShare)
    }
    let entries = histogram.histogram().table.sortedEntries()
    #expect(Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.value) }) == expected)
    #expect(hinted.histogram().table.sortedEntries().elementsEqual(entries) { $0 == $1 })
  }
}
