import CGIF
import ProgressRenderSupport

/// How a GIF frame is disposed of before the next one is drawn.
enum GIFDisposal: Int32 {
  /// Leave the frame on the screen; the next frame draws over it.
  case keep = 1
  /// Clear the frame's rectangle to transparent.
  case restoreBackground = 2
}

/// Writes a GIF89a stream with giflib's line API into a `ByteSink`.
///
/// Owns the `GifFileType` handle. Every giflib status is checked; failures throw a
/// `FileWriteError` naming the sink's target with giflib's error text, or the sink's own
/// I/O error (disk full …) when that is what made giflib fail.
final class GIFFileWriter {
  /// Carries the sink into giflib's C write callback and brings its error back out.
  private final class SinkBox {
    let sink: any ByteSink
    var failure: (any Error)?
    var bytesWritten = 0
    init(sink: any ByteSink) { self.sink = sink }
  }

  private var gif: UnsafeMutablePointer<GifFileType>?
  private let box: SinkBox
  /// The logical screen size.
  let width: Int
  let height: Int
  /// Number of colour-table entries written (a power of two, 2…256).
  let colorTableSize: Int
  /// The global colour table and background index, for `compressor()`.
  private let colors: [UInt32]
  private let backgroundIndex: Int
  /// Bytes handed to the sink so far.
  var bytesWritten: Int { box.bytesWritten }

  /// Opens the stream and writes the header, the screen descriptor with the global colour table,
  /// and (when `loopCount` is not `nil`) the NETSCAPE2.0 loop extension.
  /// - Parameters:
  ///   - sink: where the bytes go.
  ///   - width: screen width, 1…65535.
  ///   - height: screen height, 1…65535.
  ///   - colors: the global colour table as `0xRRGGBB` values, 1…256 of them; padded with black to a power of two.
  ///   - loopCount: 0 loops forever, n > 0 repeats n times; `nil` writes no loop extension (plays once).
  ///   - backgroundIndex: the screen's background colour index (use the transparent index when there is one).
  /// - Throws: `FileWriteError` naming the sink.
  init(sink: any ByteSink, width: Int, height: Int, colors: [UInt32], loopCount: Int?, backgroundIndex: Int = 0) throws
  {
    precondition((1...65535).contains(width) && (1...65535).contains(height), "GIF screen size out of range")
    precondition((1...256).contains(colors.count), "GIF colour table needs 1…256 colours")
    box = SinkBox(sink: sink)
    self.width = width
    self.height = height
    colorTableSize = Self.tableSize(colors.count)
    self.colors = colors
    self.backgroundIndex = backgroundIndex

    var status: Int32 = 0
    let handle = EGifOpen(
      Unmanaged.passUnretained(box).toOpaque(),
      { gif, bytes, count in
        guard let gif, let user = gif.pointee.UserData else { return 0 }
        let box = Unmanaged<SinkBox>.fromOpaque(user).takeUnretainedValue()
        guard box.failure == nil else { return 0 }
        do {
          try box.sink.write(UnsafeRawBufferPointer(start: bytes, count: Int(count)))
          box.bytesWritten += Int(count)
          return count
        } catch {
          box.failure = error
          return 0
        }
      }, &status)
    guard let handle else { throw Self.error(box: box, code: status, step: "EGifOpen") }
    gif = handle
    EGifSetGifVersion(handle, true)

    let map = try Self.colorMap(colors, sink: sink)
    defer { GifFreeMapObject(map) }
    try check(
      EGifPutScreenDesc(handle, Int32(width), Int32(height), 8, Int32(backgroundIndex), map), "EGifPutScreenDesc")

    if let loopCount {
      precondition((0...65535).contains(loopCount), "GIF loop count out of range")
      try check(EGifPutExtensionLeader(handle, APPLICATION_EXT_FUNC_CODE), "EGifPutExtensionLeader")
      var netscape = Array("NETSCAPE2.0".utf8)
      try check(EGifPutExtensionBlock(handle, 11, &netscape), "EGifPutExtensionBlock")
      var loop: [UInt8] = [1, UInt8(loopCount & 0xff), UInt8(loopCount >> 8)]
      try check(EGifPutExtensionBlock(handle, 3, &loop), "EGifPutExtensionBlock")
      try check(EGifPutExtensionTrailer(handle), "EGifPutExtensionTrailer")
    }
  }

  deinit {
    if let gif { EGifCloseFile(gif, nil) }
  }

  /// The entries of a colour table holding `count` colours: a power of two, 2…256.
  static func tableSize(_ count: Int) -> Int {
    var size = 2
    while size < count { size *= 2 }
    return size
  }

  /// A giflib colour map of `colors` padded with black to a power of two; the caller frees it.
  private static func colorMap(_ colors: [UInt32], sink: any ByteSink) throws -> UnsafeMutablePointer<ColorMapObject> {
    precondition((1...256).contains(colors.count), "GIF colour table needs 1…256 colours")
    let size = tableSize(colors.count)
    var table = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size)
    for (i, c) in colors.enumerated() {
      table[i] = GifColorType(Red: UInt8(c >> 16 & 0xff), Green: UInt8(c >> 8 & 0xff), Blue: UInt8(c & 0xff))
    }
    guard let map = GifMakeMapObject(Int32(size), &table) else {
      throw FileWriteError(path: sink.name, reason: "giflib could not allocate a colour map of \(size) entries")
    }
    return map
  }

  /// Writes one frame: its graphics control extension, image descriptor and pixels.
  /// - Parameters:
  ///   - x, y, width, height: the frame's rectangle on the screen (must lie inside it).
  ///   - pixels: `width × height` colour indices, row-major (giflib may mask them in place).
  ///   - delay: display time in hundredths of a second, 0…65535.
  ///   - disposal: what happens to the rectangle before the next frame.
  ///   - transparentIndex: the index drawn as "leave the pixel below", or `nil`.
  ///   - localColors: the frame's own colour table as `0xRRGGBB` values (1…256, padded with black to
  ///     a power of two), or `nil` to use the global one.
  /// - Throws: `FileWriteError` naming the sink.
  func writeFrame(
    x: Int, y: Int, width: Int, height: Int, pixels: UnsafeMutableBufferPointer<UInt8>,
    delay: Int, disposal: GIFDisposal, transparentIndex: Int?, localColors: [UInt32]? = nil
  ) throws {
    guard let gif else { throw FileWriteError(path: box.sink.name, reason: "the GIF was already closed") }
    precondition(width > 0 && height > 0 && x >= 0 && y >= 0, "GIF frame rectangle is empty or negative")
    precondition(x + width <= self.width && y + height <= self.height, "GIF frame rectangle leaves the screen")
    precondition(pixels.count == width * height, "GIF frame needs width × height indices")
    precondition((0...65535).contains(delay), "GIF delay out of range")

    var control = GraphicsControlBlock(
      DisposalMode: disposal.rawValue, UserInputFlag: false, DelayTime: Int32(delay),
      TransparentColor: transparentIndex.map { Int32($0) } ?? NO_TRANSPARENT_COLOR)
    var extensionBytes = [GifByteType](repeating: 0, count: 4)
    let length = EGifGCBToExtension(&control, &extensionBytes)
    try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes), "EGifPutExtension")
    if let localColors {
      let map = try Self.colorMap(localColors, sink: box.sink)
      defer { GifFreeMapObject(map) }
      try check(
        EGifPutImageDesc(gif, Int32(x), Int32(y), Int32(width), Int32(height), false, map), "EGifPutImageDesc")
    } else {
      try check(
        EGifPutImageDesc(gif, Int32(x), Int32(y), Int32(width), Int32(height), false, nil), "EGifPutImageDesc")
    }
    try check(EGifPutLine(gif, pixels.baseAddress, Int32(pixels.count)), "EGifPutLine")
  }

  /// A writer of frames for this file into memory: the same screen and global colour table, so the
  /// bytes `writeFrame` gives it (what follows `headerByteCount`) are the bytes this writer would
  /// write for the frame. giflib starts every frame's compression afresh, so frames can be
  /// compressed on other threads and their bytes written here in order (`writeCompressedFrame`).
  /// - Returns: the writer and the memory it writes to, which holds `headerByteCount` bytes of header.
  /// - Throws: `FileWriteError` naming this writer's sink when giflib fails.
  func compressor() throws -> (writer: GIFFileWriter, memory: MemorySink, headerByteCount: Int) {
    let memory = MemorySink(name: box.sink.name)
    let writer = try GIFFileWriter(
      sink: memory, width: width, height: height, colors: colors, loopCount: nil, backgroundIndex: backgroundIndex)
    return (writer, memory, memory.bytes.count)
  }

  /// Writes a frame's bytes made by one of this writer's `compressor()`s.
  /// - Throws: `FileWriteError` naming the sink, or the sink's own error.
  func writeCompressedFrame(_ bytes: UnsafeRawBufferPointer) throws {
    guard gif != nil else { throw FileWriteError(path: box.sink.name, reason: "the GIF was already closed") }
    if let failure = box.failure { throw failure }
    do {
      try box.sink.write(bytes)
      box.bytesWritten += bytes.count
    } catch {
      box.failure = error
      throw error
    }
  }

  /// Writes the trailer and releases the handle.
  /// - Throws: `FileWriteError` naming the sink when giflib or the sink failed.
  func close() throws {
    guard let handle = gif else { return }
    gif = nil
    var status: Int32 = 0
    if EGifCloseFile(handle, &status) != GIF_OK {  // frees the handle even when it fails
      throw Self.error(box: box, code: status, step: "EGifCloseFile")
    }
    if let failure = box.failure { throw failure }
  }

  private func check(_ result: Int32, _ step: String) throws {
    guard result != GIF_OK else { return }
    throw Self.error(box: box, code: gif?.pointee.Error ?? 0, step: step)
  }

  private static func error(box: SinkBox, code: Int32, step: String) -> any Error {
    if let failure = box.failure { return failure }
    let text = GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
    return FileWriteError(path: box.sink.name, reason: "giflib \(step): \(text)")
  }
}
