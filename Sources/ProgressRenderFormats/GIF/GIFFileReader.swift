import CGIF

/// Reads the records of an untrusted GIF held in memory, one image at a time, with giflib's
/// record-level API (`DGifOpen` over a read callback, `DGifGetRecordType`, `DGifGetImageDesc`,
/// `DGifGetCode`), never `DGifSlurp`; the LZW data is decoded by `GIFLZWDecoder`.
///
/// Every value giflib hands back is checked before use: the screen against `DecodeLimits`, each
/// rectangle against `maxFramePixels`, each colour map's size, each visible index against the palette in
/// force. A rectangle that reaches past the logical screen is clipped to it, as browsers do: only its
/// visible part is kept. Any failure throws a `FormatError` naming `source`; `dataIsBroken` then
/// tells truncated or corrupt data (which a caller may ignore after complete images) from a broken rule.
final class GIFFileReader {
  /// Width of the logical screen.
  let screenWidth: Int
  /// Height of the logical screen.
  let screenHeight: Int
  /// Number of images read so far.
  private(set) var imageCount = 0
  /// Whether the last error thrown was truncated or corrupt data (giflib failed, or an unknown record
  /// type), rather than a limit or a broken rule such as a colour index beyond the palette.
  private(set) var dataIsBroken = false

  private let handle: UnsafeMutablePointer<GifFileType>
  private let cursor: ByteCursor
  private let source: String
  private let limits: DecodeLimits
  private let globalPalette: [UInt32]?
  private var pendingControl: GraphicsControlBlock?
  private var finished = false

  /// Opens `bytes` and reads the screen descriptor.
  /// - Parameters:
  ///   - bytes: The whole file.
  ///   - source: The file's path, used in error messages.
  ///   - limits: Size bounds; the screen must fit `maxSide` and `maxFramePixels`.
  /// - Throws: `FormatError` if the bytes are not a GIF or the screen is empty or too large.
  init(bytes: [UInt8], source: String, limits: DecodeLimits) throws {
    self.source = source
    self.limits = limits
    guard bytes.count <= limits.maxFileBytes else {
      throw FormatError.unreadable(
        source: source, problem: "file is \(bytes.count) bytes, more than the limit of \(limits.maxFileBytes)")
    }
    guard bytes.count >= 6, bytes[0] == 0x47, bytes[1] == 0x49, bytes[2] == 0x46 else {
      throw FormatError.unreadable(source: source, problem: "not a GIF file (it does not start with 'GIF')")
    }
    cursor = ByteCursor(bytes: bytes)
    var status: Int32 = 0
    let opened = DGifOpen(Unmanaged.passUnretained(cursor).toOpaque(), gifReadCallback, &status)
    guard let opened else {
      throw FormatError.unreadable(source: source, problem: "giflib cannot open it: \(GIFFileReader.message(status))")
    }
    handle = opened
    screenWidth = Int(opened.pointee.SWidth)
    screenHeight = Int(opened.pointee.SHeight)
    globalPalette = GIFFileReader.palette(opened.pointee.SColorMap)
    // deinit closes `handle` from here on, also when a check below throws.
    guard screenWidth > 0, screenHeight > 0 else {
      throw FormatError.unreadable(
        source: source, problem: "the logical screen is \(screenWidth)×\(screenHeight); need at least 1×1")
    }
    guard screenWidth <= limits.maxSide, screenHeight <= limits.maxSide else {
      throw FormatError.unreadable(
        source: source,
        problem: "the logical screen is \(screenWidth)×\(screenHeight), beyond the limit of \(limits.maxSide) px a side"
      )
    }
    guard screenWidth * screenHeight <= limits.maxAnimatedFramePixels else {
      throw FormatError.unreadable(
        source: source,
        problem:
          "the logical screen is \(screenWidth)×\(screenHeight) = \(screenWidth * screenHeight) pixels, beyond the "
          + "limit of \(limits.maxAnimatedFramePixels) pixels an animation's frame may have")
    }
    if let map = opened.pointee.SColorMap, globalPalette == nil {
      throw FormatError.unreadable(
        source: source, problem: "its global colour table has \(map.pointee.ColorCount) colours; need 1…256")
    }
  }

  deinit {
    var status: Int32 = 0
    _ = DGifCloseFile(handle, &status)
  }

  /// Reads up to and including the next image.
  /// - Returns: The image (its part inside the screen), or `nil` once the trailer has been read.
  /// - Throws: `FormatError` for truncated or corrupt data, an empty rectangle or one beyond
  ///   `limits.maxFramePixels`, a missing colour table, a visible index outside the palette, or more images
  ///   than `limits.maxFrames`.
  /// - Complexity: O(bytes read + width × height of the image).
  func nextImage() throws -> GIFImageRecord? {
    if finished { return nil }
    dataIsBroken = false
    while true {
      var type = UNDEFINED_RECORD_TYPE
      try check(DGifGetRecordType(handle, &type), "reading a record type")
      switch type {
      case IMAGE_DESC_RECORD_TYPE:
        return try readImage()
      case EXTENSION_RECORD_TYPE:
        try readExtension()
      case TERMINATE_RECORD_TYPE:
        finished = true
        return nil
      default:
        dataIsBroken = true
        throw fail("unexpected record type \(type.rawValue) after image \(imageCount)")
      }
    }
  }

  private func readImage() throws -> GIFImageRecord {
    let index = imageCount
    guard index < limits.maxFrames else { throw fail("more than \(limits.maxFrames) images") }
    try check(DGifGetImageDesc(handle), "reading the descriptor of image \(index)")
    imageCount += 1
    let desc = handle.pointee.Image
    let (left, top, width, height) = (Int(desc.Left), Int(desc.Top), Int(desc.Width), Int(desc.Height))
    guard width > 0, height > 0, left >= 0, top >= 0 else {
      throw fail("image \(index) has the empty rectangle x \(left) y \(top) \(width)×\(height); need at least 1×1")
    }
    guard width * height <= limits.maxAnimatedFramePixels else {
      throw fail(
        "image \(index) has the rectangle \(width)×\(height), beyond the limit of \(limits.maxAnimatedFramePixels) "
          + "pixels")
    }
    let palette: [UInt32]
    if let local = desc.ColorMap {
      guard let colours = GIFFileReader.palette(local) else {
        throw fail("image \(index) has a local colour table of \(local.pointee.ColorCount) colours; need 1…256")
      }
      palette = colours
    } else if let global = globalPalette {
      palette = global
    } else {
      throw fail("image \(index) has no colour table (neither local nor global)")
    }
    let control = pendingControl
    pendingControl = nil
    let transparent = control.flatMap { $0.TransparentColor >= 0 ? Int($0.TransparentColor) : nil }
    // The part inside the screen; what lies beyond is decoded and dropped.
    let visibleWidth = max(0, min(width, screenWidth - left))
    let visibleHeight = max(0, min(height, screenHeight - top))
    let stored = try imageData(index: index, count: width * height)
    var indices: [UInt8]
    if visibleWidth == width, visibleHeight == height, !desc.Interlace {
      indices = stored
    } else {
      indices = [UInt8](repeating: 0, count: visibleWidth * visibleHeight)
      let rows = desc.Interlace ? GIFFileReader.interlacedRows(height) : Array(0..<height)
      for (storedRow, row) in rows.enumerated() where row < visibleHeight {
        let from = storedRow * width
        indices.replaceSubrange(
          (row * visibleWidth)..<((row + 1) * visibleWidth), with: stored[from..<(from + visibleWidth)])
      }
    }
    let count = palette.count
    if count < 256, Int(GIFFileReader.largest(indices)) >= count,
      let bad = indices.first(where: { Int($0) >= count && Int($0) != transparent })
    {
      throw fail("image \(index) uses colour index \(bad) but its colour table has \(count) colours")
    }
    return GIFImageRecord(
      left: min(left, screenWidth), top: min(top, screenHeight), width: visibleWidth, height: visibleHeight,
      indices: indices, palette: palette, transparentIndex: transparent, disposal: Int(control?.DisposalMode ?? 0),
      delay: Int(control?.DelayTime ?? 0))
  }

  /// The image's colour indices in stored order: its LZW data read block by block through giflib
  /// (`DGifGetCode`, `DGifGetCodeNext`), decoded by `GIFLZWDecoder`.
  private func imageData(index: Int, count: Int) throws -> [UInt8] {
    var codeSize: Int32 = 0
    var block: UnsafeMutablePointer<GifByteType>?
    try check(DGifGetCode(handle, &codeSize, &block), "reading the data of image \(index)")
    var data: [UInt8] = []
    while let bytes = block {
      data.append(contentsOf: UnsafeBufferPointer(start: bytes + 1, count: Int(bytes[0])))
      try check(DGifGetCodeNext(handle, &block), "reading the data of image \(index)")
    }
    do {
      return try GIFLZWDecoder.decode(data, minimumCodeSize: Int(codeSize), count: count)
    } catch {
      dataIsBroken = true
      throw fail("decoding image \(index): \(error) (truncated or corrupt data)")
    }
  }

  private func readExtension() throws {
    var code: Int32 = 0
    var block: UnsafeMutablePointer<GifByteType>?
    try check(DGifGetExtension(handle, &code, &block), "reading an extension")
    if code == GRAPHICS_EXT_FUNC_CODE, let block {
      var gcb = GraphicsControlBlock()
      guard DGifExtensionToGCB(Int(block[0]), block + 1, &gcb) == GIF_OK else {
        throw fail("a graphics control extension before image \(imageCount) is \(block[0]) bytes long; need 4")
      }
      pendingControl = gcb
    }
    var blocks = 0
    while block != nil {
      blocks += 1
      guard blocks <= 1 << 20 else { throw fail("an extension has more than a million data blocks") }
      try check(DGifGetExtensionNext(handle, &block), "reading an extension")
    }
  }

  private func check(_ status: Int32, _ doing: String) throws {
    guard status == GIF_OK else {
      dataIsBroken = true
      throw fail("\(doing): \(GIFFileReader.message(handle.pointee.Error)) (truncated or corrupt data)")
    }
  }

  private func fail(_ problem: String) -> FormatError {
    FormatError.unreadable(source: source, problem: problem)
  }

  /// giflib's message for an error code.
  private static func message(_ code: Int32) -> String {
    guard let text = GifErrorString(code) else { return "giflib error \(code)" }
    return String(cString: text)
  }

  /// The colours of a giflib colour map as opaque ARGB, or `nil` if its count is not 1…256.
  private static func palette(_ map: UnsafeMutablePointer<ColorMapObject>?) -> [UInt32]? {
    guard let map else { return nil }
    let count = Int(map.pointee.ColorCount)
    guard (1...256).contains(count), let colours = map.pointee.Colors else { return nil }
    return (0..<count).map { i in
      let c = colours[i]
      return 0xFF00_0000 | UInt32(c.Red) << 16 | UInt32(c.Green) << 8 | UInt32(c.Blue)
    }
  }

  /// The largest index (a loop the compiler vectorizes: the palette check's fast path).
  private static func largest(_ indices: [UInt8]) -> UInt8 {
    indices.withUnsafeBufferPointer { buffer in
      var largest: UInt8 = 0
      for index in buffer { largest = max(largest, index) }
      return largest
    }
  }

  /// Row numbers in the order an interlaced image stores them (passes of 8, 8, 4, 2 rows).
  static func interlacedRows(_ height: Int) -> [Int] {
    [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
  }
}

/// The in-memory file giflib reads through `gifReadCallback`.
private final class ByteCursor {
  let bytes: [UInt8]
  var offset = 0

  init(bytes: [UInt8]) { self.bytes = bytes }
}

/// giflib's input function: copies up to `length` bytes; a short count makes giflib report a read error.
private func gifReadCallback(
  _ file: UnsafeMutablePointer<GifFileType>?, _ buffer: UnsafeMutablePointer<GifByteType>?, _ length: Int32
) -> Int32 {
  guard let file, let buffer, length > 0, let user = file.pointee.UserData else { return 0 }
  let cursor = Unmanaged<ByteCursor>.fromOpaque(user).takeUnretainedValue()
  let count = min(Int(length), cursor.bytes.count - cursor.offset)
  guard count > 0 else { return 0 }
  cursor.bytes.withUnsafeBufferPointer { all in
    buffer.update(from: all.baseAddress! + cursor.offset, count: count)
  }
  cursor.offset += count
  return Int32(count)
}
