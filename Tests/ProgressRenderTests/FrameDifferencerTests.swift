import Testing

@testable import ProgressRenderFormats

/// `FrameDifferencer.push(_:rows:…)` reads a frame only in the rows it is given (and in those of the
/// pixels whose clearing waits, `deferClear`): whatever the caller's buffer holds elsewhere, the GIF
/// is the one written from frames that say `keep` there.
@Suite struct FrameDifferencerTests {
  static let (width, height) = (40, 40)
  static let (red, green, blue) = (0xFFFF_0000 as UInt32, 0xFF00_FF00 as UInt32, 0xFF00_00FF as UInt32)
  static let t = AlphaResolver.transparentKey
  static let keep = FrameDifferencer.keep
  /// The pixel whose clearing waits: a corner of the square, cleared in frame 1.
  static let corner = 5 * width + 5

  /// Frames as (their changes, the rows that hold them): a red square on a transparent canvas; its
  /// corner cleared (one pixel: it waits); a green bar and a blue bar far below it; the square's
  /// rows cleared.
  static let frames: [(changes: [(x: Range<Int>, y: Range<Int>, color: UInt32)], rows: Range<Int>)] = [
    ([(0..<40, 0..<40, t), (5..<25, 5..<25, red)], 0..<40),
    ([(5..<6, 5..<6, t)], 5..<6),
    ([(0..<10, 30..<32, green)], 30..<32),
    ([(0..<10, 35..<36, blue)], 35..<36),
    ([(0..<40, 5..<25, t)], 5..<25),
  ]

  /// What fills the rows a frame is not given: `keep` (as a caller means them), or garbage.
  enum Outside: CaseIterable {
    case keep, green, transparent, greenButTheCornerKept
  }

  /// The GIF of `frames`, each pushed with its rows and `outside` elsewhere (or `keep` everywhere
  /// outside its changes and no rows given, for `nil`).
  static func gif(outside: Outside?) throws -> [UInt8] {
    let sink = MemorySink()
    let writer = try GIFFileWriter(
      sink: sink, width: width, height: height, colors: [0xFF0000, 0x00FF00, 0x0000FF, 0], loopCount: 0,
      backgroundIndex: 3)
    var differencer = FrameDifferencer(
      width: width, height: height, palette: [0xFF0000, 0x00FF00, 0x0000FF, 0], transparentIndex: 3)
    for (changes, rows) in frames {
      var pixels = [UInt32](repeating: keep, count: width * height)
      for y in 0..<height where outside != nil && !rows.contains(y) {
        for x in 0..<width {
          pixels[y * width + x] =
            switch outside {
            case .keep, nil: keep
            case .green: green
            case .transparent: t
            case .greenButTheCornerKept: y * width + x == corner ? keep : green
            }
        }
      }
      for change in changes {
        for y in change.y { for x in change.x { pixels[y * width + x] = change.color } }
      }
      try differencer.push(&pixels, rows: outside == nil ? nil : rows, delay: 5, writer: writer)
    }
    try differencer.finish(writer: writer)
    try writer.close()
    return sink.bytes
  }

  @Test(arguments: Outside.allCases)
  func rowsNotGivenAreNotRead(outside: Outside) throws {
    #expect(try Self.gif(outside: outside) == Self.gif(outside: nil))
  }

  /// The reference itself: the corner waits while clearing it would restore the whole frame before
  /// (frames 0-1 merged, then frame 2's), and is cleared with frame 3, whose restore is small.
  @Test func theCornerWaitsForTheRestore() throws {
    let gif = try GIFTestDecoder(Self.gif(outside: nil))
    let screens = try gif.screens(at: [0, 5, 10, 15, 20])
    #expect(screens[1..<4].map { $0[Self.corner] } == [Self.red, Self.red, 0])
    #expect(screens[2][30 * Self.width] == Self.green && screens[3][35 * Self.width] == Self.blue)
    #expect(screens[4][Self.corner] == 0 && screens[4][10 * Self.width + 10] == 0)
    #expect(screens[4][30 * Self.width] == Self.green)
  }
}
