import CZlib

/// A ZIP archive read without trusting it: the end-of-central-directory record, then the central
/// directory, every offset and length checked against the bytes; entries stored (method 0) or
/// deflated (method 8), each inflated at most to the limit whatever its header declares, its
/// CRC-32 checked. Encrypted entries, ZIP64 and archives spanning disks are refused.
struct ZipArchive {
  /// One file in the archive, as the central directory lists it.
  struct Entry: Equatable {
    /// The name, `/`-separated (`animations/loader.json`).
    var name: String
    /// 0 stored, 8 deflated.
    var method: Int
    /// The CRC-32 of the uncompressed bytes.
    var crc: UInt32
    /// The sizes the header declares, compressed and uncompressed (the latter is not trusted:
    /// inflating stops at the limit), and where the entry's local header starts.
    var compressedSize, size, localHeaderOffset: Int
  }

  /// The bounds an archive stays within.
  struct Limits: Equatable {
    /// Most entries.
    var maxEntries: Int
    /// Largest uncompressed entry, declared or actual.
    var maxEntryBytes: Int
    /// Largest sum of the uncompressed entries read.
    var maxTotalBytes: Int
  }

  /// Why the archive cannot be read: the entry (empty for the archive) and the reason.
  struct Failure: Error, Equatable {
    /// The entry's name, or empty.
    var entry: String
    /// The reason, as the end of a sentence about the entry or the archive.
    var message: String
  }

  /// The ZIP signature every archive starts with (`PK\u{3}\u{4}`).
  static let signature: [UInt8] = [0x50, 0x4B, 0x03, 0x04]

  /// The entries, in the central directory's order.
  private(set) var entries: [Entry] = []
  private let bytes: [UInt8]
  private let limits: Limits
  private var totalRead = 0

  /// Reads the central directory.
  /// - Parameters:
  ///   - bytes: the whole archive.
  ///   - limits: the bounds.
  /// - Throws: `Failure` naming what is wrong: no end record, a record outside the bytes, ZIP64,
  ///   too many entries, an entry declaring too many bytes, an unsafe or repeated name.
  /// - Complexity: O(entries + 64 KiB).
  init(_ bytes: [UInt8], limits: Limits) throws(Failure) {
    self.bytes = bytes
    self.limits = limits
    guard let end = Self.endRecord(bytes) else {
      throw Failure(entry: "", message: "is not a ZIP archive (no end of central directory record)")
    }
    let count = Int(read16(end + 10))
    let directorySize = Int(read32(end + 12))
    var offset = Int(read32(end + 16))
    guard read16(end + 4) == 0, read16(end + 6) == 0, Int(read16(end + 8)) == count else {
      throw Failure(entry: "", message: "spans several disks; only single-file archives are read")
    }
    guard count != 0xFFFF, offset != 0xFFFF_FFFF, directorySize != 0xFFFF_FFFF else {
      throw Failure(entry: "", message: "is a ZIP64 archive; only plain ZIP is read")
    }
    guard count <= limits.maxEntries else {
      throw Failure(entry: "", message: "has \(count) entries, more than \(limits.maxEntries)")
    }
    guard offset + directorySize <= end else {
      throw Failure(entry: "", message: "is truncated: its central directory lies outside the file")
    }
    var names = Set<String>()
    for _ in 0..<count {
      guard offset + 46 <= end, read32(offset) == 0x0201_4B50 else {
        throw Failure(entry: "", message: "has a broken central directory at byte \(offset)")
      }
      let nameLength = Int(read16(offset + 28))
      let skip = nameLength + Int(read16(offset + 30)) + Int(read16(offset + 32))
      guard offset + 46 + skip <= end else {
        throw Failure(entry: "", message: "has a broken central directory at byte \(offset)")
      }
      let name = String(decoding: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self)
      let entry = Entry(
        name: name, method: Int(read16(offset + 10)), crc: read32(offset + 16),
        compressedSize: Int(read32(offset + 20)), size: Int(read32(offset + 24)),
        localHeaderOffset: Int(read32(offset + 42)))
      if let problem = Self.nameProblem(name) { throw Failure(entry: name, message: problem) }
      guard names.insert(name).inserted else { throw Failure(entry: name, message: "appears twice") }
      guard read16(offset + 8) & 1 == 0 else { throw Failure(entry: name, message: "is encrypted") }
      guard entry.size <= limits.maxEntryBytes else {
        throw Failure(
          entry: name, message: "declares \(entry.size) bytes uncompressed, more than \(limits.maxEntryBytes)")
      }
      entries.append(entry)
      offset += 46 + skip
    }
  }

  /// The entry with this name, if the archive holds it.
  /// - Parameter name: the exact name.
  /// - Returns: the entry, or `nil`.
  func entry(named name: String) -> Entry? { entries.first { $0.name == name } }

  /// An entry's uncompressed bytes: inflated (or copied) at most to the entry limit and to what is
  /// left of the total, whatever the header declares; then checked against its size and CRC-32.
  /// - Parameter entry: one of `entries`.
  /// - Returns: the bytes.
  /// - Throws: `Failure` naming the entry and the limit or the damage.
  /// - Complexity: O(output); memory at most the entry limit.
  mutating func contents(of entry: Entry) throws(Failure) -> [UInt8] {
    func fail(_ message: String) -> Failure { Failure(entry: entry.name, message: message) }
    let header = entry.localHeaderOffset
    guard header + 30 <= bytes.count, read32(header) == 0x0403_4B50 else {
      throw fail("has no local header where the central directory says (byte \(header))")
    }
    let start = header + 30 + Int(read16(header + 26)) + Int(read16(header + 28))
    guard start + entry.compressedSize <= bytes.count else { throw fail("is truncated: its data ends past the file") }
    let data = bytes[start..<(start + entry.compressedSize)]
    let left = limits.maxTotalBytes - totalRead
    let limit = min(limits.maxEntryBytes, left)
    let limitName =
      limit < limits.maxEntryBytes
      ? "the archive's total of \(limits.maxTotalBytes) bytes" : "\(limits.maxEntryBytes) bytes"
    var out: [UInt8]
    switch entry.method {
    case 0:
      guard data.count <= limit else { throw fail("holds \(data.count) bytes, more than \(limitName)") }
      out = Array(data)
    case 8:
      do throws(ZipInflater.Failure) {
        out = try ZipInflater().inflate(data, limit: limit)
      } catch .tooLarge {
        throw fail("inflates to more than \(limitName)")
      } catch {
        throw fail(error.message)
      }
    default: throw fail("uses compression method \(entry.method); only stored (0) and deflate (8) are read")
    }
    guard out.count == entry.size else {
      throw fail("holds \(out.count) bytes uncompressed, but its header says \(entry.size)")
    }
    let crc = out.withUnsafeBufferPointer { UInt32(crc32(crc32(0, nil, 0), $0.baseAddress, uInt($0.count))) }
    guard crc == entry.crc else { throw fail("is damaged: its CRC-32 does not match") }
    totalRead += out.count
    return out
  }

  /// Why a name is unsafe to use as a path, or `nil`: absolute, `..`, a backslash, a NUL, empty or long.
  static func nameProblem(_ name: String) -> String? {
    if name.isEmpty || name.utf8.count > 1024 { return "has an empty or over-long name (at most 1024 bytes)" }
    if name.hasPrefix("/") || name.contains("\\") || name.contains("\0") || name.contains(":") {
      return "has an absolute or unsafe name; names are relative, '/'-separated"
    }
    if name.split(separator: "/", omittingEmptySubsequences: false).contains("..") {
      return "has '..' in its name; names stay inside the archive"
    }
    return nil
  }

  /// Where the end-of-central-directory record starts, searched back from the end over the
  /// longest comment (64 KiB), or `nil`.
  private static func endRecord(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 22 else { return nil }
    var offset = bytes.count - 22
    let lowest = max(0, bytes.count - 22 - 0xFFFF)
    while offset >= lowest {
      if bytes[offset] == 0x50, bytes[offset + 1] == 0x4B, bytes[offset + 2] == 0x05, bytes[offset + 3] == 0x06 {
        return offset
      }
      offset -= 1
    }
    return nil
  }

  private func read16(_ offset: Int) -> UInt16 { UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8 }
  private func read32(_ offset: Int) -> UInt32 {
    UInt32(read16(offset)) | UInt32(read16(offset + 2)) << 16
  }
}
