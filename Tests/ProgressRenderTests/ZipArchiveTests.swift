import Foundation
import Testing

@testable import ProgressRenderLottie

/// `ZipArchive`: entries stored and deflated read back; truncated, damaged, lying and hostile
/// archives refused with the entry and the limit.
@Suite struct ZipArchiveTests {
  static let limits = ZipArchive.Limits(maxEntries: 8, maxEntryBytes: 1 << 20, maxTotalBytes: (3 << 19) - 1)
  static let text = Array(String(repeating: "a loader ring, ", count: 500).utf8)

  static func read(_ archive: [UInt8], _ name: String, limits: ZipArchive.Limits = limits) throws -> [UInt8] {
    var zip = try ZipArchive(archive, limits: limits)
    return try zip.contents(of: try #require(zip.entry(named: name)))
  }

  /// The failure reading `name` (or opening the archive), or `nil`.
  static func failure(_ archive: [UInt8], _ name: String, limits: ZipArchive.Limits = limits) -> ZipArchive.Failure? {
    do throws(ZipArchive.Failure) {
      var zip = try ZipArchive(archive, limits: limits)
      guard let entry = zip.entry(named: name) else { return ZipArchive.Failure(entry: name, message: "missing") }
      _ = try zip.contents(of: entry)
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: [false, true])
  func readsAnEntry(deflated: Bool) throws {
    let archive = ZipFixture.archive([
      try ZipFixture.entry("manifest.json", Array("{}".utf8)),
      try ZipFixture.entry("a/x.json", Self.text, deflated: deflated),
    ])
    #expect(try Self.read(archive, "a/x.json") == Self.text)
    #expect(try Self.read(archive, "manifest.json") == Array("{}".utf8))
    #expect(try ZipArchive(archive, limits: Self.limits).entries.map(\.name) == ["manifest.json", "a/x.json"])
  }

  @Test func readsAnEmptyEntryAndAnEmptyArchive() throws {
    #expect(try Self.read(ZipFixture.archive([try ZipFixture.entry("e", [], deflated: true)]), "e") == [])
    #expect(try ZipArchive(ZipFixture.archive([]), limits: Self.limits).entries.isEmpty)
  }

  /// What is refused, and the end of the message naming why.
  static let refusals: [(String, @Sendable () throws -> [UInt8], String, String)] = [
    ("not a zip", { Array("{\"v\":1}".utf8) }, "", "is not a ZIP archive (no end of central directory record)"),
    (
      "cut in its data",
      {
        let whole = ZipFixture.archive([try ZipFixture.entry("x", Self.text, deflated: true)])
        return Array(whole[..<40]) + Array(whole[(whole.count - 22 - 47)...])
      },
      "", "is truncated: its central directory lies outside the file"
    ),
    (
      "cut in its end record", { Array(ZipFixture.archive([try ZipFixture.entry("x", Self.text)]).dropLast(3)) }, "",
      "is not a ZIP archive (no end of central directory record)"
    ),
    (
      "declares too much", { ZipFixture.archive([try ZipFixture.entry("x", [1], declaredSize: 2 << 20)]) }, "x",
      "declares 2097152 bytes uncompressed, more than 1048576"
    ),
    (
      "a bomb that lies about its size",
      {
        ZipFixture.archive([
          try ZipFixture.entry("x", [UInt8](repeating: 0, count: 4 << 20), deflated: true, declaredSize: 10)
        ])
      },
      "x", "inflates to more than 1048576 bytes"
    ),
    (
      "an honest size that is not the true one",
      { ZipFixture.archive([try ZipFixture.entry("x", Self.text, deflated: true, declaredSize: 10)]) },
      "x", "holds 7500 bytes uncompressed, but its header says 10"
    ),
    (
      "a wrong CRC", { ZipFixture.archive([try ZipFixture.entry("x", Self.text, declaredCRC: 7)]) }, "x",
      "is damaged: its CRC-32 does not match"
    ),
    (
      "too many entries", { ZipFixture.archive(try (0..<9).map { try ZipFixture.entry("f\($0)", []) }) }, "",
      "has 9 entries, more than 8"
    ),
    (
      "an absolute name", { ZipFixture.archive([try ZipFixture.entry("/etc/passwd", [])]) }, "/etc/passwd",
      "has an absolute or unsafe name; names are relative, '/'-separated"
    ),
    (
      "a name going up", { ZipFixture.archive([try ZipFixture.entry("images/../../x.png", [])]) }, "images/../../x.png",
      "has '..' in its name; names stay inside the archive"
    ),
    (
      "a backslash", { ZipFixture.archive([try ZipFixture.entry("..\\x", [])]) }, "..\\x",
      "has an absolute or unsafe name; names are relative, '/'-separated"
    ),
    (
      "a name twice", { ZipFixture.archive([try ZipFixture.entry("x", []), try ZipFixture.entry("x", [])]) }, "x",
      "appears twice"
    ),
    (
      "damaged deflate data",
      {
        var record = try ZipFixture.entry("x", Self.text, deflated: true)
        record.data = [0xFF, 0xFF, 0xFF] + record.data
        return ZipFixture.archive([record])
      },
      "x", "is not valid deflate data (zlib status -3: invalid block type)"
    ),
    (
      "deflate data cut short",
      {
        var record = try ZipFixture.entry("x", Self.text, deflated: true)
        record.data = Array(record.data.prefix(record.data.count / 2))
        return ZipFixture.archive([record])
      },
      "x", "is truncated: its deflate data ends early"
    ),
    (
      "an unknown method",
      {
        var record = try ZipFixture.entry("x", Self.text)
        record.method = 14
        return ZipFixture.archive([record])
      },
      "x", "uses compression method 14; only stored (0) and deflate (8) are read"
    ),
  ]

  @Test(arguments: refusals.indices)
  func refuses(index: Int) throws {
    let (label, make, entry, message) = Self.refusals[index]
    let failure = Self.failure(try make(), entry.isEmpty ? "x" : entry)
    #expect(failure == ZipArchive.Failure(entry: entry, message: message), "\(label)")
  }

  /// The total bounds the sum of the entries read: two entries that each fit, but not together.
  @Test func boundsTheTotal() throws {
    let big = [UInt8](repeating: 7, count: 1 << 19)
    var zip = try ZipArchive(
      ZipFixture.archive([
        try ZipFixture.entry("a", big, deflated: true), try ZipFixture.entry("b", big, deflated: true),
        try ZipFixture.entry("c", big, deflated: true), try ZipFixture.entry("d", [1]),
      ]),
      limits: Self.limits)
    _ = try zip.contents(of: zip.entries[0])
    _ = try zip.contents(of: zip.entries[1])
    #expect(
      throws: ZipArchive.Failure(entry: "c", message: "inflates to more than the archive's total of 1572863 bytes")
    ) {
      _ = try zip.contents(of: zip.entries[2])
    }
  }
}
