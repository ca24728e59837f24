#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `read(2)` and `write(2)` under one name on Linux and Darwin, for the types that have a `read` or
/// `write` method of their own (where a plain `write(…)` would mean that method) and would otherwise
/// name the C library's module, which differs: `Glibc.write`, `Darwin.write`.
package enum SystemCalls {
  /// `read(2)`: reads at most `count` bytes into `buffer`.
  /// - Returns: the number of bytes read, 0 at the end, -1 with `errno` set on failure.
  package static func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
  }

  /// `write(2)`: writes at most `count` bytes from `buffer`.
  /// - Returns: the number of bytes written, -1 with `errno` set on failure.
  package static func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
  }
}
