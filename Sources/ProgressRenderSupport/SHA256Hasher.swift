import CPango

/// SHA-256 (FIPS 180-4) computed by glib's `GChecksum`, used to fingerprint a batch asset's inputs
/// and to shorten long temporary names.
///
/// The hasher owns its `GChecksum` and frees it when released. Not thread-safe: one hasher per
/// thread.
package final class SHA256Hasher {
  private let checksum: OpaquePointer

  /// Creates an empty hasher.
  package init() {
    guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else {
      preconditionFailure("glib has no SHA-256 (g_checksum_new returned NULL)")
    }
    self.checksum = checksum
  }

  deinit {
    g_checksum_free(checksum)
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
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    g_checksum_update(checksum, base.assumingMemoryBound(to: guchar.self), gssize(bytes.count))
  }

  /// The digest of the bytes added so far; more bytes may still be added afterwards.
  /// - Returns: 64 lowercase hex digits.
  package func hexDigest() -> String {
    // glib closes a checksum once its digest is read, so read it from a copy.
    guard let copy = g_checksum_copy(checksum) else {
      preconditionFailure("glib could not copy a checksum")
    }
    defer { g_checksum_free(copy) }
    guard let digest = g_checksum_get_string(copy) else {
      preconditionFailure("glib returned no digest")
    }
    return String(cString: digest)
  }

  /// The digest of a whole message.
  /// - Parameter bytes: the message.
  /// - Returns: 64 lowercase hex digits.
  package static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    let hasher = SHA256Hasher()
    hasher.update(bytes)
    return hasher.hexDigest()
  }
}
