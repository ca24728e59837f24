@testable import ProgressRenderCore

/// Synthetic frames for the GIF tests: solid rectangles on a background.
enum GIFTestFrames {
  /// A frame of `background` with `rects` (x, y, w, h, colour) painted in order; colours are straight ARGB.
  static func frame(
    width: Int, height: Int, background: UInt32, rects: [(x: Int, y: Int, w: Int, h: Int, color: UInt32)] = []
  ) -> Frame {
    var pixels = [UInt32](repeating: premultiply(background), count: width * height)
    for r in rects {
      for y in max(0, r.y)..<min(height, r.y + r.h) {
        for x in max(0, r.x)..<min(width, r.x + r.w) { pixels[y * width + x] = premultiply(r.color) }
      }
    }
    return Frame(width: width, height: height, pixels: pixels)
  }

  static func premultiply(_ argb: UInt32) -> UInt32 {
    Frame.premultiplied(
      RGBAColor(
        r: Int(argb >> 16 & 0xff), g: Int(argb >> 8 & 0xff), b: Int(argb & 0xff), a: Int(argb >> 24)))
  }

  /// What a lossless GIF shows for a frame whose pixels are all opaque or fully transparent.
  static func expectedScreen(_ frame: Frame) -> [UInt32] {
    frame.pixels.map { $0 >> 24 == 0 ? 0 : $0 }
  }

  /// A square of `size` moving right by `step` pixels a frame, in a colour that changes every frame,
  /// with a static bar, on `background`.
  static func movingSquare(frame i: Int, width: Int = 40, height: Int = 30, background: UInt32) -> Frame {
    frame(
      width: width, height: height, background: background,
      rects: [
        (x: 0, y: height - 4, w: width, h: 4, color: 0xFF20_4080),
        (x: (i * 3) % width, y: 5 + i % 7, w: 8, h: 8, color: 0xFF00_0000 | UInt32(40 + i * 5) << 16 | 0x00C8),
      ])
  }

  /// The start time of each frame, given the delays.
  static func startTimes(_ delays: [Int]) -> [Int] {
    var t = 0
    return delays.map { d in
      defer { t += d }
      return t
    }
  }
}
