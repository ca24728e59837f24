import Foundation
import ProgressRenderSupport

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
    /// `BatchFingerprint.outputBytes` of what was written: an output of another size is stale without
    /// reading it (a 2 GB file is not hashed to find it changed). Absent in locks written before 0.5.
    public var bytes: Int?

    /// Creates an entry.
    public init(inputs: String, output: String, bytes: Int? = nil) {
      self.inputs = inputs
      self.output = output
      self.bytes = bytes
    }
  }

  /// The largest lock file read, in bytes (a lock of 10,000 assets is about 2 MB); a larger one is
  /// not read (a warning says so) and every asset renders.
  public static let maxFileBytes = 16 << 20

  /// The lock file format, 1.
  public var lockVersion: Int
  /// Recorded assets by output path.
  public var assets: [String: Entry]

  /// Creates a lock.
  public init(assets: [String: Entry] = [:]) {
    self.lockVersion = 1
    self.assets = assets
  }

  /// Reads a lock file. A missing file is an empty lock; a file that cannot be decoded, is not a
  /// regular file or is larger than `maxFileBytes` too, with a warning (every asset then renders, and
  /// the file is rewritten).
  /// - Returns: the lock and, when the file was unusable, a one-line warning naming it.
  public static func load(path: String) -> (lock: BatchLock, warning: String?) {
    guard FileManager.default.fileExists(atPath: path) else { return (BatchLock(), nil) }
    let data: Data
    do {
      data = try InputFile.read(path, limit: maxFileBytes)
    } catch {
      return (BatchLock(), "lock file '\(path)' \(error.message); every asset renders and the file is rewritten")
    }
    guard let lock = try? JSONDecoder().decode(BatchLock.self, from: data), lock.lockVersion == 1 else {
      return (BatchLock(), "lock file '\(path)' cannot be read; every asset renders and the file is rewritten")
    }
    return (lock, nil)
  }

  /// The file's bytes: pretty JSON, sorted keys, trailing newline.
  public func encoded() throws -> [UInt8] {
    try CanonicalJSON.bytes(of: self) + [0x0A]
  }

  /// Writes the lock atomically.
  /// - Throws: `FileWriteError` naming the path.
  public func write(to path: String) throws {
    try AtomicFile.write(try encoded(), to: path)
  }

  /// Changes the lock file under an exclusive lock, so that runs at the same time (two shards of
  /// one manifest) each add their entries and none is lost: waits for the lock on the file's
  /// folder, reads the file as it is now, applies `change`, writes the result atomically when it
  /// differs (or the file is missing) and releases the lock.
  ///
  /// Where the folder cannot be locked (some network file systems), the hidden file
  /// `.NAME.flock` beside the lock file is locked instead; it is never removed, so that every run
  /// locks the same file.
  /// - Parameters:
  ///   - path: the lock file.
  ///   - change: the new lock, given the lock as read under the lock.
  /// - Returns: a warning when the file as read was unusable (see `load(path:)`).
  /// - Throws: `FileWriteError` naming the file when it cannot be locked or written.
  @discardableResult
  public static func update(at path: String, _ change: (BatchLock) -> BatchLock) throws -> String? {
    let held: FileLock
    do {
      held = try FileLock(folder: PathNames.parent(of: path))
    } catch {
      let name = path.split(separator: "/").last.map(String.init) ?? path
      held = try FileLock(file: BatchManifest.join(PathNames.parent(of: path), "." + name + ".flock"))
    }
    let (current, warning) = load(path: path)
    let updated = change(current)
    if updated != current || !FileManager.default.fileExists(atPath: path) {
      try updated.write(to: path)
    }
    withExtendedLifetime(held) {}
    return warning
  }
}
