@testable import ProgressRenderFormats

/// ZIP archives built for the reader's tests by the exporter's own writer (`DotLottieArchive.zip`):
/// entries stored or deflated (raw deflate: a `Deflater` piece and a final empty block), with the size and
/// CRC the headers declare overridable to lie.
enum ZipFixture {
  /// An entry: stored, or deflated; its declared size and CRC the true ones unless given.
  static func entry(
    _ name: String, _ bytes: [UInt8], deflated: Bool = false, declaredSize: Int? = nil, declaredCRC: UInt32? = nil
  ) throws -> DotLottieArchive.ZipRecord {
    let stored = DotLottieArchive.ZipRecord(name: name, stored: bytes)
    var data = bytes
    if deflated {
      data = try bytes.withUnsafeBytes { try Deflater(level: 9, strategy: 0).segment($0) } + Deflater.finalBlock
    }
    return DotLottieArchive.ZipRecord(
      name: name, data: data, method: deflated ? 8 : 0, crc: declaredCRC ?? stored.crc,
      size: declaredSize ?? bytes.count)
  }

  /// The archive of these entries.
  static func archive(_ entries: [DotLottieArchive.ZipRecord]) -> [UInt8] { DotLottieArchive.zip(entries) }
}
