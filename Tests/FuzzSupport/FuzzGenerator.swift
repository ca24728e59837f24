/// xorshift64*: a fixed-seed generator, so every run of a fuzz suite feeds the same cases, with
/// the byte mutations the suites share.
public struct FuzzGenerator: Sendable {
  /// The generator's state; any non-zero seed.
  public var state: UInt64

  /// Creates a generator from a seed.
  /// - Parameter state: any non-zero value.
  public init(state: UInt64) { self.state = state }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 2_685_821_657_736_338_717
  }

  /// A random number in `0..<n` (n > 0).
  public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

  /// Text bytes cut at a random length (one time in three) or with one to four bytes flipped,
  /// set to a JSON punctuation or digit character, or set to a control or high byte.
  /// - Parameter bytes: the valid text.
  /// - Returns: the mutated bytes.
  public mutating func mutatedText(_ bytes: [UInt8]) -> [UInt8] {
    guard !bytes.isEmpty else { return bytes }
    if below(3) == 0 { return Array(bytes.prefix(below(bytes.count))) }
    var bytes = bytes
    let json = Array("0123456789-+.eE[]{}\",:".utf8)
    for _ in 0..<(1 + below(4)) {
      let position = below(bytes.count)
      switch below(3) {
      case 0: bytes[position] ^= UInt8(1 << below(8))
      case 1: bytes[position] = json[below(json.count)]
      default: bytes[position] = [0x00, 0xFF, 0x7F, 0x80, 0x0A][below(5)]
      }
    }
    return bytes
  }
}
