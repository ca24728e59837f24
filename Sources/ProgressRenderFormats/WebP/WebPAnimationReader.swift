import CWebP
import ProgressRenderCore

/// Owns a libwebp `WebPAnimDecoder` over an untrusted WebP (animated or still) and plays it one
/// composited canvas at a time.
///
/// The file is parsed whole by libwebp's demuxer first, and its canvas and frame count are checked
/// against `DecodeLimits` before any canvas memory is allocated; every libwebp failure becomes a
/// `FormatError` naming the file.
final class WebPAnimationReader {
  /// Canvas width in pixels.
  let width: Int
  /// Canvas height in pixels.
  let height: Int
  /// Number of frames in the file.
  let frameCount: Int
  /// The file's loop count: 0 plays forever, n plays n times.
  let loopCount: Int
  private let decoder: OpaquePointer
  private let data: UnsafeMutableRawBufferPointer
  private let source: String
  private var lastTimestamp = 0

  /// Opens a WebP.
  /// - Parameters:
  ///   - bytes: the file's bytes (any byte string is safe).
  ///   - source: its path, for messages.
  ///   - limits: canvas, frame count and total decoded pixels allowed.
  /// - Throws: `FormatError` (bad input) naming `source`.
  init(bytes: [UInt8], source: String, limits: DecodeLimits) throws(FormatError) {
    self.source = source
    guard !bytes.isEmpty else { throw FormatError.unreadable(source: source, problem: "the file is empty") }
    // libwebp reads the bytes in place for the decoder's whole life: a copy of our own.
    data = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
    data.copyBytes(from: bytes)
    var webp = WebPData(bytes: data.baseAddress?.assumingMemoryBound(to: UInt8.self), size: data.count)
    guard let demuxer = WebPDemux(&webp) else {
      data.deallocate()
      throw FormatError.unreadable(source: source, problem: "not a WebP file, or truncated or corrupt")
    }
    let width = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH))
    let height = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT))
    let frames = Int(WebPDemuxGetI(demuxer, WEBP_FF_FRAME_COUNT))
    WebPDemuxDelete(demuxer)
    let problem: String? =
      if width < 1 || height < 1 {
        "the canvas is \(width)×\(height); a canvas is at least 1×1 (corrupt)"
      } else if width > limits.maxSide || height > limits.maxSide
        || width * height > limits.maxAnimatedFramePixels
      {
        "the canvas is \(width)×\(height), beyond the limit of \(limits.maxSide) a side and "
          + "\(limits.maxAnimatedFramePixels) pixels an animation's frame may have"
      } else if frames < 1 {
        "the file holds no frame"
      } else if frames > limits.maxFrames {
        "\(frames) frames are more than the limit of \(limits.maxFrames)"
      } else if frames * width * height > limits.maxTotalPixels {
        "\(frames) frames of \(width)×\(height) exceed the limit of \(limits.maxTotalPixels) decoded pixels"
      } else {
        nil
      }
    if let problem {
      data.deallocate()
      throw FormatError.unreadable(source: source, problem: "\(problem)")
    }
    var options = WebPAnimDecoderOptions()
    guard WebPAnimDecoderOptionsInit(&options) != 0 else {
      data.deallocate()
      throw FormatError.failed("libwebp's animation decoder version mismatch")
    }
    options.color_mode = MODE_BGRA  // straight; on a little-endian machine, 0xAARRGGBB pixels
    options.use_threads = 0
    guard let decoder = WebPAnimDecoderNew(&webp, &options) else {
      data.deallocate()
      throw FormatError.unreadable(source: source, problem: "libwebp refused the animation (corrupt)")
    }
    var info = WebPAnimInfo()
    guard WebPAnimDecoderGetInfo(decoder, &info) != 0, Int(info.canvas_width) == width,
      Int(info.canvas_height) == height
    else {
      WebPAnimDecoderDelete(decoder)
      data.deallocate()
      throw FormatError.unreadable(source: source, problem: "libwebp could not read the animation's header")
    }
    self.decoder = decoder
    self.width = width
    self.height = height
    self.frameCount = Int(info.frame_count)
    self.loopCount = Int(info.loop_count)
  }

  deinit {
    WebPAnimDecoderDelete(decoder)
    data.deallocate()
  }

  /// The next displayed canvas and how long it shows, or `nil` after the last frame.
  /// - Returns: premultiplied pixels (rounded as `PixelBuffer(straightRGBA:)` does) and the frame's
  ///   duration in milliseconds.
  /// - Throws: `FormatError` (bad input) when a frame cannot be decoded.
  /// - Complexity: O(canvas pixels) plus libwebp's decoding.
  func next() throws(FormatError) -> (pixels: PixelBuffer, duration: Int)? {
    guard WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return nil }
    var buffer: UnsafeMutablePointer<UInt8>?
    var timestamp: Int32 = 0
    guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, let buffer else {
      throw FormatError.unreadable(source: source, problem: "a frame is truncated or corrupt")
    }
    let count = width * height
    let pixels = [UInt32](unsafeUninitializedCapacity: count) { out, initialized in
      for i in 0..<count {
        let b = UInt32(buffer[i * 4])
        let g = UInt32(buffer[i * 4 + 1])
        let r = UInt32(buffer[i * 4 + 2])
        let a = UInt32(buffer[i * 4 + 3])
        func pm(_ c: UInt32) -> UInt32 { a == 255 ? c : (c * a + 127) / 255 }
        out[i] = a << 24 | pm(r) << 16 | pm(g) << 8 | pm(b)
      }
      initialized = count
    }
    let duration = max(0, Int(timestamp) - lastTimestamp)
    lastTimestamp = Int(timestamp)
    return (PixelBuffer(width: width, height: height, pixels: pixels), duration)
  }
}
