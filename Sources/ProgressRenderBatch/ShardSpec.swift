/// One of N parts of a batch, written `I/N` (`--shard 2/3`), counted from 1.
public struct ShardSpec: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// Which part, 1…`count`.
  public var number: Int
  /// How many parts.
  public var count: Int

  /// The most parts a batch can be split into.
  public static let maxCount = 1000

  /// Creates a shard spec.
  /// - Returns: `nil` unless 1 ≤ `number` ≤ `count` ≤ `maxCount`.
  public init?(number: Int, count: Int) {
    guard count >= 1, count <= ShardSpec.maxCount, (1...count).contains(number) else { return nil }
    self.number = number
    self.count = count
  }

  /// Parses `I/N` (spaces around the numbers allowed).
  /// - Returns: `nil` when the text is not two whole numbers with 1 ≤ I ≤ N ≤ `maxCount`.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2,
      let number = Int(parts[0].filter { $0 != " " }),
      let count = Int(parts[1].filter { $0 != " " })
    else { return nil }
    self.init(number: number, count: count)
  }

  /// `2/3`.
  public var description: String { "\(number)/\(count)" }
}
