import ProgressRenderSupport

/// A `ByteSink` that collects everything in memory, for in-memory encoding and tests.
package final class MemorySink: ByteSink {
  package let name: String
  /// The bytes written so far.
  package private(set) var bytes: [UInt8] = []

  package init(name: String = "<memory>") {
    self.name = name
  }

  package func write(_ bytes: UnsafeRawBufferPointer) throws {
    self.bytes.append(contentsOf: bytes)
  }

  /// Forgets the bytes written so far, keeping their storage for the next ones.
  package func removeAll() {
    bytes.removeAll(keepingCapacity: true)
  }
}
