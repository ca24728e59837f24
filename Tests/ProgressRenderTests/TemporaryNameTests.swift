import Testing

@testable import ProgressRenderSupport

@Suite struct TemporaryNameTests {
  @Test(arguments: [
    (".a.gif.123.4.tmp", "a.gif", Int32(123), TemporaryName.Kind.file),
    (".frames.77.partial", "frames", 77, .staging),
    (".frames.77.old", "frames", 77, .aside),
    (".a.5.7.partial", "a.5", 7, .staging),
    (".x..9.0.tmp", "x.", 9, .file),
  ])
  func parsesTemporaryNames(entry: String, stem: String, pid: Int32, kind: TemporaryName.Kind) {
    let parsed = TemporaryName.parse(entry)
    #expect(parsed?.stem == stem && parsed?.pid == pid && parsed?.kind == kind)
    #expect(TemporaryName.leftover(entry, stem: stem)?.pid == pid)
  }

  @Test(arguments: [
    "a.gif", ".a.gif", ".a.gif.tmp", ".a.gif.12.tmp.x", ".12.partial", ".a.+5.partial", ".a.0.partial",
    ".a.5.x.tmp", ".a.99999999999.partial", "a.5.partial",
  ])
  func otherNamesAreNotLeftovers(entry: String) {
    #expect(TemporaryName.parse(entry) == nil)
  }

  @Test(arguments: [0, 1, 214, 218, 219, 244, 255])
  func stemsFitNameMax(bytes: Int) {
    let name = String(repeating: "n", count: bytes)
    let stem = TemporaryName.stem(of: name)
    #expect(stem.utf8.count <= TemporaryName.stemMax)
    #expect((stem == name) == (bytes <= TemporaryName.stemMax))
    #expect(TemporaryName.name(for: name, pid: .max, suffix: "\(UInt64.max).tmp").utf8.count <= 255)
  }
}
