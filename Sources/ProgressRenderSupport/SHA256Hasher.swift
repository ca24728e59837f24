/// SHA-256 (FIPS 180-4), used to fingerprint a batch asset's inputs and to shorten long temporary
/// names. Written here, from the standard, rather than taken from glib: a render that needs no
/// text then loads neither glib nor Pango (see `PangoLibrary`), which saves every start the
/// loading of their libraries.
///
/// Not thread-safe: one hasher per thread.
package final class SHA256Hasher {
  /// The hash so far: the eight 32-bit words of FIPS 180-4 § 5.3.3, then those after each block.
  private var state: SIMD8<UInt32> = SIMD8(
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19)
  /// The bytes of the block being filled (fewer than 64).
  private var pending: [UInt8] = []
  /// The bytes added in all.
  private var count: UInt64 = 0

  /// The round constants of FIPS 180-4 § 4.2.2: the first 32 bits of the fractional parts of the
  /// cube roots of the first 64 primes.
  private static let k: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  /// Creates an empty hasher.
  package init() {
    pending.reserveCapacity(64)
  }

  /// Adds bytes to the message.
  /// - Parameter bytes: the next bytes of the message.
  /// - Complexity: O(n); contiguous input is hashed in place, other sequences are copied first.
  package func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
      update(UnsafeRawBufferPointer(buffer))
    }
    if done != nil { return }
    Array(bytes).withUnsafeBytes { update($0) }
  }

  /// Adds the UTF-8 bytes of a string.
  /// - Parameter text: the next characters of the message.
  package func update(_ text: String) {
    update(Array(text.utf8))
  }

  private func update(_ bytes: UnsafeRawBufferPointer) {
    count &+= UInt64(bytes.count)
    var at = 0
    if !pending.isEmpty {
      let taken = min(64 - pending.count, bytes.count)
      pending += bytes[0..<taken]
      at = taken
      guard pending.count == 64 else { return }
      pending.withUnsafeBytes { state = Self.compress(state, $0) }
      pending.removeAll(keepingCapacity: true)
    }
    while bytes.count - at >= 64 {
      state = Self.compress(state, UnsafeRawBufferPointer(rebasing: bytes[at..<at + 64]))
      at += 64
    }
    pending += bytes[at...]
  }

  /// The digest of the bytes added so far; more bytes may still be added afterwards.
  /// - Returns: 64 lowercase hex digits.
  package func hexDigest() -> String {
    // FIPS 180-4 § 5.1.1: a 1 bit, zeros up to 56 bytes into a block, the length in bits.
    var tail = pending + [0x80]
    tail += [UInt8](repeating: 0, count: (tail.count <= 56 ? 56 : 120) - tail.count)
    let bits = count &* 8
    tail += (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * $0)) }
    var final = state
    tail.withUnsafeBytes { raw in
      for block in stride(from: 0, to: raw.count, by: 64) {
        final = Self.compress(final, UnsafeRawBufferPointer(rebasing: raw[block..<block + 64]))
      }
    }
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(64)
    for i in 0..<8 {
      for shift in stride(from: 28, through: 0, by: -4) { text.append(digits[Int(final[i] >> UInt32(shift) & 0xf)]) }
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The digest of a whole message.
  /// - Parameter bytes: the message.
  /// - Returns: 64 lowercase hex digits.
  package static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    let hasher = SHA256Hasher()
    hasher.update(bytes)
    return hasher.hexDigest()
  }

  /// One block (64 bytes) of FIPS 180-4 § 6.2.2 applied to `state`.
  private static func compress(_ state: SIMD8<UInt32>, _ block: UnsafeRawBufferPointer) -> SIMD8<UInt32> {
    @inline(__always) func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }
    var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
      for t in 0..<16 {
        let i = 4 * t
        w[t] = UInt32(block[i]) << 24 | UInt32(block[i + 1]) << 16 | UInt32(block[i + 2]) << 8 | UInt32(block[i + 3])
      }
      for t in 16..<64 {
        let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ w[t - 15] >> 3
        let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ w[t - 2] >> 10
        w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
      }
      for t in 0..<64 {
        let t1 = h &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ (e & f ^ ~e & g) &+ k[t] &+ w[t]
        let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ (a & b ^ a & c ^ b & c)
        (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
      }
    }
    return state &+ SIMD8(a, b, c, d, e, f, g, h)
  }
}
