/// Turns an untrusted GIF into the frames a browser displays: each image composited onto the logical
/// screen with its transparency, then disposed of (modes 0/1 leave it, 2 clears its rectangle to
/// transparent, 3 restores what was there before).
///
/// The canvas starts fully transparent and disposal 2 clears to transparent, not to the background
/// colour, as browsers do. Palette indices outside the colour table are an error (no guessing), as are
/// rectangles outside the screen, a missing colour table, zero images and truncated data.
public enum GIFDecoder {
  /// Decodes every displayed frame of a GIF.
  /// - Parameters:
  ///   - bytes: The file's bytes.
  ///   - source: Its path, for error messages.
  ///   - limits: Size bounds (screen, frame count, total decoded pixels).
  /// - Returns: A `.gif` sequence with one composited frame and one delay per image.
  /// - Throws: `ImageInputError` naming `source`.
  /// - Complexity: O(file size + images × screen pixels).
  public static func decode(_ bytes: [UInt8], source: String, limits: DecodeLimits = .standard) throws
    -> FrameSequence
  {
    let reader = try GIFFileReader(bytes: bytes, source: source, limits: limits)
    let width = reader.screenWidth
    let height = reader.screenHeight
    var canvas = [UInt32](repeating: 0, count: width * height)
    var frames: [Frame?] = []
    var delays: [Int] = []
    while let image = try reader.nextImage() {
      guard (frames.count + 1) * width * height <= limits.maxTotalPixels else {
        throw ImageInputError(
          source: source,
          problem:
            "\(frames.count + 1) frames of \(width)×\(height) exceed the limit of \(limits.maxTotalPixels) decoded pixels"
        )
      }
      let saved = image.disposal == 3 ? canvas : nil
      draw(image, on: &canvas, width: width)
      frames.append(Frame(width: width, height: height, pixels: canvas))
      delays.append(image.delay)
      if image.disposal == 2 {
        clear(image, on: &canvas, width: width)
      } else if let saved {
        canvas = saved
      }
    }
    guard !frames.isEmpty else {
      throw ImageInputError(source: source, problem: "the GIF has no images; need at least one frame")
    }
    return FrameSequence(
      kind: .gif, source: source, frames: frames, labels: frames.indices.map { "frame \($0)" }, delays: delays,
      width: width, height: height)
  }

  private static func draw(_ image: GIFImageRecord, on canvas: inout [UInt32], width: Int) {
    let transparent = image.transparentIndex ?? -1
    image.indices.withUnsafeBufferPointer { indices in
      image.palette.withUnsafeBufferPointer { palette in
        canvas.withUnsafeMutableBufferPointer { out in
          for row in 0..<image.height {
            let src = row * image.width
            let dst = (image.top + row) * width + image.left
            for column in 0..<image.width {
              let index = Int(indices[src + column])
              if index != transparent { out[dst + column] = palette[index] }
            }
          }
        }
      }
    }
  }

  private static func clear(_ image: GIFImageRecord, on canvas: inout [UInt32], width: Int) {
    for row in image.top..<(image.top + image.height) {
      let start = row * width + image.left
      canvas.replaceSubrange(start..<(start + image.width), with: repeatElement(0, count: image.width))
    }
  }
}
