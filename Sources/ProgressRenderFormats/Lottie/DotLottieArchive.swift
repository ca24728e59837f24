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
    let files = [("manifest.json", manifest), ("animations/\(id).json", json)]
    var out: [UInt8] = []
    var central: [UInt8] = []
    for (name, data) in files {
      let offset = out.count
      let crc = data.withUnsafeBufferPointer { UInt32(crc32(crc32(0, nil, 0), $0.baseAddress, uInt($0.count))) }
      let nameBytes = Array(name.utf8)
      // Version 2.0, no flags, stored, time 0, date 1980-01-01.
      let common =
        le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21) + le32(crc) + le32(UInt32(data.count))
        + le32(UInt32(data.count)) + le16(UInt16(nameBytes.count)) + le16(0)
      out += le32(0x0403_4b50) + common + nameBytes + data
      central +=
        le32(0x0201_4b50) + le16(20) + common + le16(0) + le16(0) + le16(0) + le32(0) + le32(UInt32(offset))
        + nameBytes
    }
    let start = out.count
    out += central
    out += le32(0x0605_4b50) + le16(0) + le16(0) + le16(UInt16(files.count)) + le16(UInt16(files.count))
    out += le32(UInt32(central.count)) + le32(UInt32(start)) + le16(0)
    return out
  }

  private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
  private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
}
