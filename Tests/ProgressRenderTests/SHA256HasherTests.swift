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

  /// Messages whose padding ends a block exactly, spills into a second one, or follows whole
  /// blocks (digests from Python's hashlib), hashed whole and fed in pieces of every size that
  /// leaves a partial block pending.
  @Test(arguments: [
    (55, "e7313d333c272e639f790978283f9eb392e843d0f29b7016828bb1daa4aac70b"),
    (56, "4324d65f3c103567f5589c710bc08f8523f929a9272e3af36fc968e52abc6c27"),
    (63, "81c80242132f230c3bd41b3e63bbcff16107339549214a99614ff26664625055"),
    (64, "39e3d7b6b5d075d37d053ad89b24b41bef4f3c29760c84447cab3f3be1882241"),
    (65, "aacca6ff74fdbb296d165a45cecfa04e5127bc008770fbbdd48006f2d2fae95e"),
    (119, "9ce7368e4daf32341631b492e80359dc9f594b48453cd0dd5bf0b19279cc177e"),
    (120, "7836b787757e95e58b3ca5aec90b1b004e8deba1e50e9675af9cabf1a13a04b5"),
    (128, "d2742f1f4ac6bb7ca2b239ee18402ba8b3f9f8e652d2a72973c2b9ba11c08cf6"),
  ])
  func paddingAtBlockEdges(length: Int, digest: String) {
    let message = (0..<length).map { UInt8(($0 * 7 + 3) % 256) }
    #expect(SHA256Hasher.hex(message) == digest)
    for piece in [1, 3, 17, 63, 64, 65] {
      let h = SHA256Hasher()
      for start in stride(from: 0, to: length, by: piece) { h.update(message[start..<min(start + piece, length)]) }
      #expect(h.hexDigest() == digest, "\(length) bytes in pieces of \(piece)")
    }
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
