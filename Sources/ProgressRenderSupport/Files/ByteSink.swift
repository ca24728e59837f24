/// Somewhere encoded bytes go, in order: an `AtomicFile` or a `MemorySink`.
package protocol ByteSink: AnyObject {
  /// The name to use in error messages (the target path).
  var name: String { get }
  /// Appends bytes.
  /// - Throws: `FileWriteError` when the bytes cannot be stored.
  func write(_ bytes: UnsafeRawBufferPointer) throws
}
