/// Finds the palette colour nearest to a colour (squared RGB distance): exactly the first nearest
/// colour a scan in index order finds.
///
/// Each palette entry's distance is packed with its index into one key (`distance << 8 | index`),
/// so the least key is the least distance at the lowest index, and the search is one minimum over
/// the palette's channels held apart — a loop the compiler runs several entries at a time.
struct NearestColor: Sendable {
  private let red: [Int32]
  private let green: [Int32]
  private let blue: [Int32]
  /// The number of palette colours.
  var count: Int { red.count }

  /// The most palette colours: an index fits in the key's low byte.
  static let maxCount = 256

  /// - Parameter colors: the palette, `0xRRGGBB` (1…256 colours).
  init(_ colors: [UInt32]) {
    precondition(!colors.isEmpty, "a palette has at least one colour")
    precondition(colors.count <= Self.maxCount, "a palette has at most \(Self.maxCount) colours")
    red = colors.map { Int32($0 >> 16 & 0xff) }
    green = colors.map { Int32($0 >> 8 & 0xff) }
    blue = colors.map { Int32($0 & 0xff) }
  }

  /// The index of the first palette colour nearest to (r, g, b), each 0…255.
  /// - Complexity: O(count).
  func index(r: Int32, g: Int32, b: Int32) -> Int {
    red.withUnsafeBufferPointer { red in
      green.withUnsafeBufferPointer { green in
        blue.withUnsafeBufferPointer { blue in
          // A distance is at most 3 · 255² < 2¹⁸, so a key stays below 2²⁶.
          var best = Int32.max
          for q in 0..<red.count {
            let dr = red[q] &- r
            let dg = green[q] &- g
            let db = blue[q] &- b
            let key = (dr &* dr &+ dg &* dg &+ db &* db) &<< 8 | Int32(truncatingIfNeeded: q)
            best = key < best ? key : best
          }
          return Int(best & 0xff)
        }
      }
    }
  }

  /// The index of the first palette colour nearest to `0xRRGGBB` (alpha ignored).
  func index(of color: UInt32) -> Int {
    index(r: Int32(color >> 16 & 0xff), g: Int32(color >> 8 & 0xff), b: Int32(color & 0xff))
  }
}
