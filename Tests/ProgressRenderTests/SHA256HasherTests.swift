import Testing

@testable import ProgressRenderSupport

@Suite struct SHA256Tests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
  ])
  func knownVectors(message: String, digest: String) {
    #expect(SHA256Hasher.hex(Array(message.utf8)) == digest)
  }

  @Test func millionAs() {
    let h = SHA256Hasher()
    let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
    for _ in 0..<1000 { h.update(chunk) }
    #expect(h.hexDigest() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test func digestCanBeReadMidwayAndFromAnyByteSequence() {
    let h = SHA256Hasher()
    h.update("a")
    #expect(h.hexDigest() == "ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb")
    h.update(Array("b".utf8).lazy.map { $0 })
    h.update("c")
    #expect(h.hexDigest() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }
}
