import CZlib
import ProgressRenderSupport

/// A dotLottie file (`name.lottie`): a ZIP archive holding `manifest.json` and the animation as
/// `animations/NAME.json`, each stored uncompressed (method 0) with its CRC-32 (zlib), dated
/// 1980-01-01 00:00, so the same animation gives the same bytes.
package enum DotLottieArchive {
  /// The archive of one animation.
  /// - Parameters:
  ///   - json: the Lottie JSON.
  ///   - id: the animation's id: its file name in `animations/`, without `.json`.
  /// - Returns: the ZIP file's bytes.
  package static func archive(json: [UInt8], id: String) -> [UInt8] {
    let manifest = Array(
      ("{\"animations\":[{\"id\":" + JSONText.quoted(id) + "}],\"generator\":\"progress-render\",\"version\":\"1\"}\n")
        .utf8)
    return zip([
      ZipRecord(name: "manifest.json", stored: manifest), ZipRecord(name: "animations/\(id).json", stored: json),
    ])
  }

  /// One entry of a ZIP archive as written: its data as stored in the archive (compressed or not)
  /// and what the headers declare about it.
  package struct ZipRecord: Sendable {
    /// The entry's name.
    package var name: String
    /// The bytes in the archive (deflate data for method 8).
    package var data: [UInt8]
    /// 0 stored, 8 deflated.
    package var method: UInt16
    /// The CRC-32 of the uncompressed bytes.
    package var crc: UInt32
    /// The uncompressed size.
    package var size: Int

    /// An entry with its headers as given (a test may make them lie).
    /// - Parameters:
    ///   - name: the entry's name.
    ///   - data: the bytes in the archive.
    ///   - method: 0 stored, 8 deflated.
    ///   - crc: the CRC-32 declared.
    ///   - size: the uncompressed size declared.
    package init(name: String, data: [UInt8], method: UInt16, crc: UInt32, size: Int) {
      (self.name, self.data, self.method, self.crc, self.size) = (name, data, method, crc, size)
    }

    /// A stored entry: the bytes as they are, their CRC-32 (zlib) and size.
    /// - Parameters:
    ///   - name: the entry's name.
    ///   - stored: its bytes.
    package init(name: String, stored: [UInt8]) {
      let crc = stored.withUnsafeBufferPointer { UInt32(crc32(crc32(0, nil, 0), $0.baseAddress, uInt($0.count))) }
      self.init(name: name, data: stored, method: 0, crc: crc, size: stored.count)
    }
  }

  /// A ZIP archive of these entries, in order, each dated 1980-01-01 00:00.
  /// - Parameter records: the entries.
  /// - Returns: the archive's bytes.
  package static func zip(_ records: [ZipRecord]) -> [UInt8] {
    var out: [UInt8] = []
    var central: [UInt8] = []
    for record in records {
      let offset = out.count
      let nameBytes = Array(record.name.utf8)
      // Version 2.0, no flags, the method, time 0, date 1980-01-01.
      let common =
        le16(20) + le16(0) + le16(record.method) + le16(0) + le16(0x21) + le32(record.crc)
        + le32(UInt32(record.data.count)) + le32(UInt32(truncatingIfNeeded: record.size))
        + le16(UInt16(nameBytes.count)) + le16(0)
      out += le32(0x0403_4b50) + common + nameBytes + record.data
      central +=
        le32(0x0201_4b50) + le16(20) + common + le16(0) + le16(0) + le16(0) + le32(0) + le32(UInt32(offset))
        + nameBytes
    }
    let start = out.count
    out += central
    out += le32(0x0605_4b50) + le16(0) + le16(0) + le16(UInt16(records.count)) + le16(UInt16(records.count))
    out += le32(UInt32(central.count)) + le32(UInt32(start)) + le16(0)
    return out
  }

  private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
  private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
}
