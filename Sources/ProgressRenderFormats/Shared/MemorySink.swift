import ProgressRenderSupport

/// A `ByteSink` that collects everything in memory, for in-memory encoding and tests.
final class MemorySink: ByteSink {
  let name: String
  /// The bytes written so far.
  private(set) var bytes: [UInt8] = []

  init(name: String = "<memory>") {
    self.name = name
  }

  func write(_ bytes: UnsafeRawBufferPointer) throws {
    self.bytes.append(contentsOf: bytes)
  }
}
