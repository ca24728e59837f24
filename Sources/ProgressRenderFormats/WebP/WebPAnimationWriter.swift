import CWebP
import ProgressRenderCore

/// Owns a libwebp `WebPAnimEncoder`: frames with their timestamps go in, an animated WebP comes out.
///
/// Lossless by default (every pixel kept); with a quality, lossy VP8 (sharp YUV) with a lossless alpha
/// plane, in libwebp's mixed mode: a frame that is smaller lossless (flat drawing) is stored lossless.
/// libwebp's encoder runs on this thread only (`thread_level` 0), so the bytes are a function of the
/// frames and options. Identical consecutive frames are merged by libwebp (their durations add up).
final class WebPAnimationWriter {
  /// Canvas width in pixels.
  let width: Int
  /// Canvas height in pixels.
  let height: Int
  private let encoder: OpaquePointer
  private var config = WebPConfig()
  private var picture = WebPPicture()
  private var lastTimestamp = -1

  /// Creates an encoder.
  /// - Parameters:
  ///   - width: canvas width, 1…16383 (WebP's limit).
  ///   - height: canvas height, 1…16383.
  ///   - loopCount: plays of the animation (WebP's loop count): 0 forever, else 1…65535.
  ///   - quality: `nil` for lossless; 0…100 for lossy.
  ///   - effort: lossless compression level, 0 (fast) … 9 (small; `WebPConfigLosslessPreset`).
  /// - Throws: `FormatError` naming the value out of range or the libwebp failure.
  init(width: Int, height: Int, loopCount: Int, quality: Int?, effort: Int = 6) throws(FormatError) {
    guard (1...16383).contains(width), (1...16383).contains(height) else {
      throw FormatError.badValue("WebP size \(width)×\(height) is out of range: use 1 … 16383 pixels a side")
    }
    guard (0...65535).contains(loopCount) else {
      throw FormatError.badValue("WebP loop count \(loopCount) is out of range: use 0 (forever) … 65535")
    }
    guard quality.map({ (0...100).contains($0) }) ?? true else {
      throw FormatError.badValue("WebP quality \(quality ?? 0) is out of range: use 0 … 100")
    }
    self.width = width
    self.height = height
    var options = WebPAnimEncoderOptions()
    guard WebPAnimEncoderOptionsInit(&options) != 0 else {
      throw FormatError.failed("libwebp's animation encoder version mismatch")
    }
    options.anim_params.loop_count = Int32(loopCount)
    options.anim_params.bgcolor = 0  // transparent black: the canvas a player starts from
    // Lossy: each frame is encoded both ways and the smaller kept, so flat frames stay lossless.
    options.allow_mixed = quality == nil ? 0 : 1
    guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
      throw FormatError.failed("libwebp could not create an animation encoder of \(width)×\(height)")
    }
    self.encoder = encoder
    guard WebPConfigInit(&config) != 0 else { throw FormatError.failed("libwebp's encoder version mismatch") }
    if let quality {
      config.lossless = 0
      config.quality = Float(quality)
      config.method = 4
      config.alpha_quality = 100  // the alpha plane stays lossless: no fringe, every alpha value kept
      config.use_sharp_yuv = 1  // sharper chroma at coloured edges (+3 dB on upload for 6 % more bytes)
    } else {
      guard WebPConfigLosslessPreset(&config, Int32(min(max(effort, 0), 9))) != 0 else {
        throw FormatError.failed("libwebp refused the lossless preset \(effort)")
      }
    }
    config.thread_level = 0
    guard WebPValidateConfig(&config) != 0 else { throw FormatError.failed("libwebp refused the encoder settings") }
    guard WebPPictureInit(&picture) != 0 else { throw FormatError.failed("libwebp's picture version mismatch") }
    picture.use_argb = 1
    picture.width = Int32(width)
    picture.height = Int32(height)
    guard WebPPictureAlloc(&picture) != 0 else {
      throw FormatError.failed("libwebp could not allocate a picture of \(width)×\(height)")
    }
  }

  deinit {
    WebPPictureFree(&picture)
    WebPAnimEncoderDelete(encoder)
  }

  /// Adds a frame shown from `timestamp` until the next frame's (or the end's).
  /// - Parameters:
  ///   - frame: premultiplied pixels of `width × height`; un-premultiplied here (straight ARGB is what
  ///     WebP stores), so a pixel of alpha 0 is transparent black and no colour bleeds from a matte.
  ///   - timestamp: milliseconds since the start, increasing from frame to frame.
  /// - Throws: `FormatError` with libwebp's message.
  /// - Complexity: O(pixels) plus libwebp's encoding.
  func add(_ frame: PixelBuffer, timestamp: Int) throws(FormatError) {
    guard frame.width == width, frame.height == height else {
      throw FormatError.failed(
        "a frame of \(frame.width)×\(frame.height) does not fit the \(width)×\(height) WebP canvas")
    }
    guard timestamp > lastTimestamp, timestamp <= Int(Int32.max) else {
      throw FormatError.failed("frame timestamps must increase: \(timestamp) ms after \(lastTimestamp) ms")
    }
    guard let argb = picture.argb else { throw FormatError.failed("libwebp's picture has no pixel memory") }
    let stride = Int(picture.argb_stride)
    frame.pixels.withUnsafeBufferPointer { pixels in
      for y in 0..<height {
        let row = argb + y * stride
        for x in 0..<width { row[x] = Self.straight(pixels[y * width + x]) }
      }
    }
    lastTimestamp = timestamp
    guard WebPAnimEncoderAdd(encoder, &picture, Int32(timestamp), &config) != 0 else {
      throw FormatError.failed("libwebp could not encode the frame at \(timestamp) ms: \(message)")
    }
  }

  /// Ends the animation at `end` milliseconds and assembles the file.
  /// - Returns: the WebP file's bytes.
  /// - Throws: `FormatError` with libwebp's message.
  func finish(end: Int) throws(FormatError) -> [UInt8] {
    guard end > lastTimestamp, end <= Int(Int32.max) else {
      throw FormatError.failed("the animation must end after its last frame: \(end) ms after \(lastTimestamp) ms")
    }
    guard WebPAnimEncoderAdd(encoder, nil, Int32(end), nil) != 0 else {
      throw FormatError.failed("libwebp could not end the animation at \(end) ms: \(message)")
    }
    var data = WebPData()
    guard WebPAnimEncoderAssemble(encoder, &data) != 0 else {
      throw FormatError.failed("libwebp could not assemble the animation: \(message)")
    }
    defer { WebPDataClear(&data) }
    guard let bytes = data.bytes else { throw FormatError.failed("libwebp assembled an empty animation") }
    return Array(UnsafeBufferPointer(start: bytes, count: data.size))
  }

  /// libwebp's last error message.
  private var message: String {
    guard let text = WebPAnimEncoderGetError(encoder) else { return "no message" }
    let string = String(cString: text)
    return string.isEmpty ? "no message" : string
  }

  /// A premultiplied ARGB pixel as straight ARGB (`PixelBuffer.unpremultiply`), packed the same way.
  @inline(__always)
  static func straight(_ p: UInt32) -> UInt32 {
    if p >= 0xFF00_0000 { return p }
    if p < 0x0100_0000 { return 0 }
    let (r, g, b, a) = PixelBuffer.unpremultiply(p)
    return UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
  }
}
