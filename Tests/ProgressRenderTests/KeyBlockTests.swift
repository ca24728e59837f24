import Testing

@testable import ProgressRenderFormats

/// `KeyBlock.contains` finds a key wherever it stands, in the blocks of 32 or the tail, and only there.
@Suite struct KeyBlockTests {
  @Test(arguments: [0, 1, 7, 31, 32, 33, 64, 100])
  func containsFindsTheKeyAtEveryPosition(count: Int) {
    let key: UInt32 = 0x00AB_CDEF
    var keys = (0..<count).map { 0xFF00_0000 | UInt32($0) }
    keys.withUnsafeBufferPointer { #expect(!KeyBlock.contains(key, in: $0)) }
    for position in 0..<count {
      let kept = keys[position]
      keys[position] = key
      keys.withUnsafeBufferPointer { #expect(KeyBlock.contains(key, in: $0), "at \(position) of \(count)") }
      keys[position] = kept
    }
  }
}
