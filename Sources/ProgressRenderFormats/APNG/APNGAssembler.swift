import ProgressRenderCore
import ProgressRenderRaster

/// Builds an animated PNG frame by frame: full colour and 8-bit alpha, every frame kept exactly.
///
/// Frame 0 is the default image (`IDAT`, also shown by viewers that know no APNG). Each later frame
/// stores only the rectangle that changed since the frame before (`fcTL` offsets), in `fdAT` chunks;
/// identical consecutive frames are merged into one, their durations added. The ops:
/// - dispose `NONE` always: the canvas keeps the frame shown, so the next rectangle is the smallest
///   that brings it up to date (`BACKGROUND` or `PREVIOUS` would only widen it);
/// - blend `OVER` when every changed pixel of the rectangle is opaque: the unchanged pixels in it are
///   then stored transparent (they compress to almost nothing and leave the canvas as it is); else
///   `SOURCE`, which replaces the rectangle and so is exact for any alpha.
/// Pixel data is filtered and compressed by libpng (`PNGCodec.encode` of the rectangle, whose `IDAT`
/// stream is moved into the frame's chunks). Given a palette holding every colour of the animation, the
/// frames are stored colour-mapped (one `PLTE`/`tRNS` for all, 1–8 bits a pixel), still exactly. The
/// bytes are a function of the frames, durations and palette.
struct APNGAssembler {
  /// Canvas width in pixels.
  let width: Int
  /// Canvas height in pixels.
  let height: Int
  /// `acTL` plays: 0 forever, n plays n times.
  let plays: Int
  private var canvas: [UInt32] = []
  private var pending: (control: Control, data: [UInt8])?
  private var chunks: [UInt8] = []
  private var header: [UInt8] = []
  private var ihdrTail: [UInt8] = [8, 6, 0, 0, 0]  // bit depth, colour type, …: the first frame's
  private let palette: [UInt32]?
  private let indexOf: [UInt32: UInt8]
  private var sequence: UInt32 = 0
  /// Frames stored (after merging identical ones).
  private(set) var framesWritten = 0

  /// A frame's `fcTL` fields but its sequence number.
  private struct Control {
    var x = 0, y = 0, width = 0, height = 0
    var duration = 0
    var blendOver = false
  }

  /// Starts an animation.
  /// - Parameters:
  ///   - width: canvas width, 1…65535.
  ///   - height: canvas height, 1…65535.
  ///   - plays: 0 forever, else how many times it plays.
  ///   - palette: every colour the frames hold (premultiplied, at most 256, distinct) to store them
  ///     colour-mapped, or `nil` for RGBA. Unchanged pixels are marked transparent only when it holds 0.
  init(width: Int, height: Int, plays: Int, palette: [UInt32]? = nil) {
    self.width = width
    self.height = height
    self.plays = plays
    self.palette = palette.flatMap { (1...256).contains($0.count) ? $0 : nil }
    indexOf = Dictionary((self.palette ?? []).enumerated().map { ($1, UInt8($0)) }, uniquingKeysWith: { a, _ in a })
  }

  /// The rectangle as a PNG: colour-mapped with the palette, else RGBA.
  private func png(_ rectangle: PixelBuffer) throws(RasterError) -> [UInt8] {
    guard let palette else { return try PNGCodec.encode(rectangle) }
    var indices = [UInt8](repeating: 0, count: rectangle.pixels.count)
    for (i, pixel) in rectangle.pixels.enumerated() {
      guard let index = indexOf[pixel] else {
        throw .pngEncodeFailed(reason: "colour \(String(pixel, radix: 16)) is not in the APNG's palette")
      }
      indices[i] = index
    }
    return try PNGCodec.encodeIndexed(indices, width: rectangle.width, height: rectangle.height, palette: palette)
  }

  /// Adds a frame shown for `duration` milliseconds.
  /// - Parameters:
  ///   - frame: `width × height` premultiplied pixels.
  ///   - duration: milliseconds, ≥ 1.
  /// - Throws: `RasterError.encodeFailed` from libpng.
  /// - Complexity: O(pixels) plus the compression of the changed rectangle.
  mutating func add(_ frame: Frame, duration: Int) throws(RasterError) {
    precondition(frame.width == width && frame.height == height, "APNG frames are the canvas's size")
    if pending != nil, frame.pixels == canvas {
      pending?.control.duration += duration
      return
    }
    try flush()
    var control = Control(duration: duration)
    var rectangle: PixelBuffer
    if canvas.isEmpty {
      control.width = width
      control.height = height
      rectangle = frame.buffer
      let file = try png(rectangle)
      let parts = Self.split(file)
      header = parts.beforeData
      ihdrTail = Array(file[(PNGCodec.signature.count + 16)..<(PNGCodec.signature.count + 21)])
      pending = (control, parts.data)
    } else {
      let changed = Self.changedRectangle(from: canvas, to: frame.pixels, width: width)
      control.x = changed.x0
      control.y = changed.y0
      control.width = changed.width
      control.height = changed.height
      var pixels = [UInt32]()
      pixels.reserveCapacity(changed.width * changed.height)
      var opaque = true
      for y in changed.y0..<changed.y1 {
        for x in changed.x0..<changed.x1 {
          let new = frame.pixels[y * width + x]
          if new != canvas[y * width + x] && new < 0xFF00_0000 { opaque = false }
          pixels.append(new)
        }
      }
      if opaque, palette == nil || indexOf[0] != nil {
        control.blendOver = true
        var k = 0
        for y in changed.y0..<changed.y1 {
          for x in changed.x0..<changed.x1 {
            if pixels[k] == canvas[y * width + x] { pixels[k] = 0 }
            k += 1
          }
        }
      }
      rectangle = PixelBuffer(width: changed.width, height: changed.height, pixels: pixels)
      pending = (control, Self.split(try png(rectangle)).data)
    }
    canvas = frame.pixels
  }

  /// Ends the animation.
  /// - Returns: the APNG file's bytes.
  /// - Precondition: at least one frame was added.
  mutating func finish() throws(RasterError) -> [UInt8] {
    try flush()
    precondition(framesWritten > 0, "an APNG needs a frame")
    var file = PNGCodec.signature
    var ihdr: [UInt8] = []
    PNGChunks.appendUInt32(UInt32(width), to: &ihdr)
    PNGChunks.appendUInt32(UInt32(height), to: &ihdr)
    ihdr += ihdrTail  // bit depth, colour type, deflate, adaptive filtering, no interlace
    PNGChunks.append("IHDR", ihdr, to: &file)
    var actl: [UInt8] = []
    PNGChunks.appendUInt32(UInt32(framesWritten), to: &actl)
    PNGChunks.appendUInt32(UInt32(plays), to: &actl)
    PNGChunks.append("acTL", actl, to: &file)
    file += header
    file += chunks
    PNGChunks.append("IEND", [UInt8](), to: &file)
    return file
  }

  /// Writes the pending frame's `fcTL` and data chunks.
  private mutating func flush() throws(RasterError) {
    guard let (control, data) = pending else { return }
    pending = nil
    var fctl: [UInt8] = []
    PNGChunks.appendUInt32(sequence, to: &fctl)
    for value in [control.width, control.height, control.x, control.y] {
      PNGChunks.appendUInt32(UInt32(value), to: &fctl)
    }
    let (numerator, denominator) = Self.delayFraction(milliseconds: control.duration)
    PNGChunks.appendUInt16(numerator, to: &fctl)
    PNGChunks.appendUInt16(denominator, to: &fctl)
    fctl += [0, control.blendOver ? 1 : 0]  // dispose NONE; blend SOURCE or OVER
    PNGChunks.append("fcTL", fctl, to: &chunks)
    sequence += 1
    if framesWritten == 0 {
      PNGChunks.append("IDAT", data, to: &chunks)
    } else {
      var fdat: [UInt8] = []
      fdat.reserveCapacity(data.count + 4)
      PNGChunks.appendUInt32(sequence, to: &fdat)
      fdat += data
      PNGChunks.append("fdAT", fdat, to: &chunks)
      sequence += 1
    }
    framesWritten += 1
  }

  /// The smallest rectangle holding every pixel that differs between two frames of `width` columns.
  /// - Precondition: the frames differ.
  /// - Complexity: O(pixels).
  static func changedRectangle(from old: [UInt32], to new: [UInt32], width: Int) -> PixelRect {
    let height = old.count / width
    func rowDiffers(_ y: Int) -> Bool {
      old[(y * width)..<((y + 1) * width)] != new[(y * width)..<((y + 1) * width)]
    }
    let top = (0..<height).first(where: rowDiffers) ?? 0
    let bottom = ((top..<height).last(where: rowDiffers) ?? top) + 1
    var left = width
    var right = 0
    for y in top..<bottom {
      let row = y * width
      var x = 0
      while x < left, old[row + x] == new[row + x] { x += 1 }
      left = min(left, x)
      var r = width
      while r > right, old[row + r - 1] == new[row + r - 1] { r -= 1 }
      right = max(right, r)
    }
    return left < right ? PixelRect(x0: left, y0: top, x1: right, y1: bottom) : PixelRect(x0: 0, y0: 0, x1: 1, y1: 1)
  }

  /// A duration as `fcTL`'s 16-bit fraction of a second: ms/1000 while it fits, then cs/100, then s/1.
  static func delayFraction(milliseconds: Int) -> (UInt16, UInt16) {
    if milliseconds <= 65535 { return (UInt16(milliseconds), 1000) }
    if milliseconds % 10 == 0, milliseconds / 10 <= 65535 { return (UInt16(milliseconds / 10), 100) }
    return (UInt16(min(65535, (milliseconds + 500) / 1000)), 1)
  }

  /// The chunks of a PNG written by `PNGCodec.encode` between `IHDR` and the image data (libpng's
  /// ancillary chunks, such as `sRGB`), and its `IDAT` data joined into one zlib stream.
  private static func split(_ png: [UInt8]) -> (beforeData: [UInt8], data: [UInt8]) {
    var before: [UInt8] = []
    var data: [UInt8] = []
    var at = PNGCodec.signature.count
    while at + 12 <= png.count {
      let length = Int(PNGChunks.uint32(png, at))
      let type = String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self)
      let end = at + 12 + length
      if type == "IDAT" {
        data += png[(at + 8)..<(at + 8 + length)]
      } else if data.isEmpty, type != "IHDR", type != "IEND" {
        before += png[at..<end]
      }
      at = end
    }
    return (before, data)
  }
}
