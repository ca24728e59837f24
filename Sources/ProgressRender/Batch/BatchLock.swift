import Foundation

/// The state of a batch kept beside its manifest (`assets.json` → `assets.lock`): per output path
/// (as written in the manifest, normalized) the fingerprint of its inputs and the digest of the
/// output written from them. An asset is skipped when both still match.
///
/// JSON with sorted keys and a trailing newline, written atomically; only assets that rendered
/// (or were skipped as unchanged) are recorded.
public struct BatchLock: Codable, Equatable, Sendable {
  /// One recorded asset.
  public struct Entry: Codable, Equatable, Sendable {
    /// `BatchFingerprint.inputs` of the entry when it was rendered.
    public var inputs: String
    /// `BatchFingerprint.outputDigest` of what was written.
    public var output: String

    /// Creates an entry.
    public init(inputs: String, output: String) {
      self.inputs = inputs
      self.output = output
    }
  }

  /// The lock file format, 1.
  public var lockVersion: Int
  /// Recorded assets by output path.
  public var assets: [String: Entry]

  /// Creates a lock.
  public init(assets: [String: Entry] = [:]) {
    self.lockVersion = 1
    self.assets = assets
  }

  /// Reads a lock file. A missing file is an empty lock; a file that cannot be decoded too, with a
  /// warning (every asset then renders, and the file is rewritten).
  /// - Returns: the lock and, when the file was unusable, a one-line warning naming it.
  public static func load(path: String) -> (lock: BatchLock, warning: String?) {
    guard let data = FileManager.default.contents(atPath: path) else { return (BatchLock(), nil) }
    guard let lock = try? JSONDecoder().decode(BatchLock.self, from: data), lock.lockVersion == 1 else {
      return (BatchLock(), "lock file '\(path)' cannot be read; every asset renders and the file is rewritten")
    }
    return (lock, nil)
  }

  /// The file's bytes: pretty JSON, sorted keys, trailing newline.
  public func encoded() throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return Array(try encoder.encode(self)) + [0x0A]
  }

  /// Writes the lock atomically.
  /// - Throws: `FileWriteError` naming the path.
  public func write(to path: String) throws {
    try AtomicFile.write(try encoded(), to: path)
  }
}
