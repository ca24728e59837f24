import ProgressRenderCore

/// Plays a GIF one displayed frame at a time, as a browser shows it: each image composited onto the
/// logical screen with its transparency, then disposed of when the next one comes (modes 0/1 leave it,
/// 2 clears its rectangle to transparent, 3 restores what was under it).
///
/// The canvas starts fully transparent and disposal 2 clears to transparent, not to the background
/// colour, as browsers do. Memory is one screen of pixels plus the rectangle a mode-3 image covers,
/// whatever the number of frames.
final class GIFCompositor {
  /// Width of the logical screen.
  let width: Int
  /// Height of the logical screen.
  let height: Int
  /// Index of the frame last returned by `next()`, -1 before the first.
  private(set) var index = -1

  private let reader: GIFFileReader
  private var canvas: [UInt32]
  private var shown: GIFImageRecord?
  private var underneath: [UInt32]?

  /// Opens a GIF to play.
  /// - Throws: `FormatError` if the header is unreadable or beyond `limits`.
  init(bytes: [UInt8], source: String, limits: DecodeLimits) throws {
    reader = try GIFFileReader(bytes: bytes, source: source, limits: limits)
    width = reader.screenWidth
    height = reader.screenHeight
    canvas = [UInt32](repeating: 0, count: width * height)
  }

  /// Whether the last error `next()` threw was truncated or corrupt data.
  var dataIsBroken: Bool { reader.dataIsBroken }

  /// The next displayed frame, or `nil` after the last image.
  ///
  /// The frame shares the canvas's storage: drop it before the next call, or that call copies the screen.
  /// - Throws: `FormatError` from the reader.
  /// - Complexity: O(the image's data + its rectangle), plus O(screen) if the frame is still held.
  func next() throws -> Frame? {
    if let shown { dispose(shown) }
    shown = nil
    guard let image = try reader.nextImage() else { return nil }
    underneath = image.disposal == 3 ? copy(image) : nil
    draw(image)
    shown = image
    index += 1
    return Frame(width: width, height: height, pixels: canvas)
  }

  /// Reads the next image without compositing it: for a pass that only needs delays.
  /// - Returns: The image, or `nil` after the last one.
  func skip() throws -> GIFImageRecord? {
    let image = try reader.nextImage()
    if image != nil { index += 1 }
    return image
  }

  private func dispose(_ image: GIFImageRecord) {
    if image.disposal == 2 {
      fill(image) { _ in 0 }
    } else if let saved = underneath {
      fill(image) { saved[$0] }
    }
    underneath = nil
  }

  private func copy(_ image: GIFImageRecord) -> [UInt32] {
    var out: [UInt32] = []
    out.reserveCapacity(image.width * image.height)
    for row in image.top..<(image.top + image.height) {
      let start = row * width + image.left
      out += canvas[start..<(start + image.width)]
    }
    return out
  }

  /// Sets each pixel of the image's rectangle to `value(n)`, n counting from its top-left pixel.
  private func fill(_ image: GIFImageRecord, _ value: (Int) -> UInt32) {
    canvas.withUnsafeMutableBufferPointer { out in
      for row in 0..<image.height {
        let dst = (image.top + row) * width + image.left
        for column in 0..<image.width { out[dst + column] = value(row * image.width + column) }
      }
    }
  }

  private func draw(_ image: GIFImageRecord) {
    let transparent = image.transparentIndex ?? -1
    let width = width
    image.indices.withUnsafeBufferPointer { indices in
      image.palette.withUnsafeBufferPointer { palette in
        canvas.withUnsafeMutableBufferPointer { out in
          for row in 0..<image.height {
            let src = row * image.width
            let dst = (image.top + row) * width + image.left
            if transparent < 0 {
              for column in 0..<image.width { out[dst + column] = palette[Int(indices[src + column])] }
            } else {
              for column in 0..<image.width {
                let index = Int(indices[src + column])
                if index != transparent { out[dst + column] = palette[index] }
              }
            }
          }
        }
      }
    }
  }
}
