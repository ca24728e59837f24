import Foundation
import Synchronization

/// Finds the font file fontconfig picks for a family, with `fc-match`, so that a batch asset's
/// fingerprint changes when the installed font behind a label's family changes.
///
/// When `fc-match` is not installed the file is unknown (`nil`) and only the family name counts.
/// Answers are cached for the life of the process.
public enum FontFileLocator {
  private static let cache = Mutex<[String: String?]>([:])
  private static let candidates = ["/usr/bin/fc-match", "/usr/local/bin/fc-match", "/bin/fc-match"]

  /// The file fontconfig chooses for a pattern such as `sans-serif` or `Droid Sans:weight=bold`.
  /// - Parameter pattern: a fontconfig pattern.
  /// - Returns: the file's path, or `nil` when `fc-match` is missing or answers nothing.
  public static func file(for pattern: String) -> String? {
    if let known = cache.withLock({ $0[pattern] }) { return known }
    let found = run(pattern)
    cache.withLock { $0[pattern] = .some(found) }
    return found
  }

  private static func run(_ pattern: String) -> String? {
    guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = ["--format=%{file}", pattern]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return nil
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let text = String(data: data, encoding: .utf8), !text.isEmpty else {
      return nil
    }
    return text
  }
}
