import CTurboJPEG

/// Owns one libjpeg-turbo decompressor (`tjhandle`), destroyed with the object. TurboJPEG reports
/// every failure as a return code with a message, where libjpeg's own API would `longjmp`.
final class TurboJPEGDecoder {
  private let handle: tjhandle

  /// - Throws: `RasterError.corruptJPEG` when libjpeg-turbo cannot make a decompressor.
  init(source: String) throws(RasterError) {
    guard let made = tjInitDecompress() else {
      throw .corruptJPEG(source: source, reason: "libjpeg-turbo could not create a decompressor")
    }
    handle = made
  }

  deinit { tjDestroy(handle) }

  /// The picture's size from its header, without decoding a pixel.
  /// - Throws: `RasterError.corruptJPEG` with libjpeg-turbo's message.
  func size(_ bytes: UnsafeRawBufferPointer, source: String) throws(RasterError) -> (width: Int, height: Int) {
    var (width, height, subsampling, colorspace): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
    let status = tjDecompressHeader3(
      handle, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt(bytes.count), &width, &height,
      &subsampling, &colorspace)
    guard status == 0 else { throw .corruptJPEG(source: source, reason: message) }
    return (Int(width), Int(height))
  }

  /// Decodes into `width × height` pixels, 0xFFRRGGBB each (BGRA bytes, the alpha byte 0xFF), with
  /// the exact integer IDCT (the same pixels on every CPU) and at most 500 progressive scans.
  /// - Throws: `RasterError.corruptJPEG` with libjpeg-turbo's message.
  func decode(_ bytes: UnsafeRawBufferPointer, width: Int, height: Int, source: String) throws(RasterError)
    -> [UInt32]
  {
    var status: Int32 = -1
    let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
      status = tjDecompress2(
        handle, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt(bytes.count),
        UnsafeMutableRawPointer(buffer.baseAddress)?.assumingMemoryBound(to: UInt8.self), Int32(width), 0,
        Int32(height), Int32(TJPF_BGRA.rawValue), TJFLAG_ACCURATEDCT | TJFLAG_LIMITSCANS)
      count = status == 0 ? width * height : 0
    }
    guard status == 0 else { throw .corruptJPEG(source: source, reason: message) }
    return pixels
  }

  /// libjpeg-turbo's message for the last failure.
  private var message: String {
    guard let text = tjGetErrorStr2(handle) else { return "libjpeg-turbo reported an error without a message" }
    return String(cString: text)
  }
}
