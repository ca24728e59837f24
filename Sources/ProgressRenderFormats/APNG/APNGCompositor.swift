import ProgressRenderCore

/// Plays an APNG one displayed frame at a time, as a browser shows it: each frame's rectangle is
/// decoded by libpng and blended onto the canvas (`SOURCE` replaces it, `OVER` composites over it),
/// then disposed of when the next frame comes (`NONE` leaves it, `BACKGROUND` clears it to
/// transparent, `PREVIOUS` restores what was under it; on the first frame `PREVIOUS` clears).
///
/// The canvas starts fully transparent. Compositing is on premultiplied pixels, so an opaque or a fully
/// transparent source pixel is exact. Memory is one canvas plus one rectangle.
final class APNGCompositor {
  /// Canvas width.
  var width: Int { file.width }
  /// Canvas height.
  var height: Int { file.height }
  /// Index of the frame last returned by `next()`, -1 before the first.
  private(set) var index = -1

  private let file: APNGFile
  private let limits: DecodeLimits
  private var canvas: [UInt32]
  private var underneath: [UInt32]?

  /// A player of a parsed file, before its first frame.
  init(_ file: APNGFile, limits: DecodeLimits) {
    self.file = file
    self.limits = limits
    canvas = [UInt32](repeating: 0, count: file.width * file.height)
  }

  /// The next displayed frame, or `nil` after the last.
  /// - Throws: `FormatError` when the frame's data cannot be decoded.
  /// - Complexity: O(the frame's rectangle), plus O(canvas) for the returned copy.
  func next() throws -> Frame? {
    if index >= 0 { dispose(file.frames[index], first: index == 0) }
    guard index + 1 < file.frames.count else { return nil }
    let frame = file.frames[index + 1]
    let pixels = try file.decodeFrame(index + 1, limits: limits)
    guard pixels.width == frame.width, pixels.height == frame.height else {
      throw FormatError.unreadable(source: file.source, problem: "frame \(index + 1) decoded to the wrong size")
    }
    underneath = frame.dispose == 2 ? rectangle(of: frame) : nil
    // On buffers, not the class's arrays: no exclusivity check or uniqueness test per pixel.
    let (canvasWidth, replaces) = (width, frame.blend == 0)
    canvas.withUnsafeMutableBufferPointer { canvas in
      pixels.pixels.withUnsafeBufferPointer { source in
        for row in 0..<frame.height {
          let at = (frame.y + row) * canvasWidth + frame.x
          let from = row * frame.width
          if replaces {
            for column in 0..<frame.width { canvas[at + column] = source[from + column] }
          } else {
            for column in 0..<frame.width {
              canvas[at + column] = Self.over(source[from + column], canvas[at + column])
            }
          }
        }
      }
    }
    index += 1
    return Frame(width: width, height: height, pixels: canvas)
  }

  /// Premultiplied `source` over `destination`, each channel `s + d × (255 − αs) / 255`, rounded.
  @inline(__always)
  static func over(_ source: UInt32, _ destination: UInt32) -> UInt32 {
    let alpha = source >> 24
    if alpha == 255 || destination == 0 { return source }
    if alpha == 0 && source == 0 { return destination }
    var out: UInt32 = 0
    for shift: UInt32 in [0, 8, 16, 24] {
      let s = source >> shift & 0xFF
      let d = destination >> shift & 0xFF
      out |= min(255, s + (d * (255 - alpha) + 127) / 255) << shift
    }
    return out
  }

  private func rectangle(of frame: APNGFile.Frame) -> [UInt32] {
    var out: [UInt32] = []
    out.reserveCapacity(frame.width * frame.height)
    for row in 0..<frame.height {
      let at = (frame.y + row) * width + frame.x
      out += canvas[at..<(at + frame.width)]
    }
    return out
  }

  private func dispose(_ frame: APNGFile.Frame, first: Bool) {
    let restore = frame.dispose == 2 && !first ? underneath : nil
    guard frame.dispose != 0 else { return }
    let canvasWidth = width
    canvas.withUnsafeMutableBufferPointer { canvas in
      for row in 0..<frame.height {
        let at = (frame.y + row) * canvasWidth + frame.x
        for column in 0..<frame.width { canvas[at + column] = restore?[row * frame.width + column] ?? 0 }
      }
    }
    underneath = nil
  }
}
