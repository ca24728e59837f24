/// Names of the hidden entries written beside a target while it is replaced:
/// `.<stem>.<pid>.<serial>.tmp` (a file), `.<stem>.<pid>.partial` (a staging folder) and
/// `.<stem>.<pid>.old` (an old folder set aside).
///
/// The stem is the target's name, or — when the name is so long that a temporary name would pass
/// `NAME_MAX` (255 bytes) — its first bytes, `~` and 16 hex digits of its SHA-256. The stem does
/// not depend on the suffix, so a later run finds the leftovers of a target by its name alone.
package enum TemporaryName {
  /// What a leftover entry was.
  package enum Kind: Equatable {
    /// `.<stem>.<pid>.<serial>.tmp`: a file being written by `AtomicFile`.
    case file
    /// `.<stem>.<pid>.partial`: a folder being filled by `FolderReplacement`.
    case staging
    /// `.<stem>.<pid>.old`: a replaced folder set aside by `FolderReplacement`.
    case aside
  }

  /// `NAME_MAX` on Linux: the longest file name, in bytes.
  static let nameMax = 255
  /// Room kept for `.` before the stem and `.<pid>.<serial>.tmp` after it (at most 1 + 10 + 1 + 20 + 4).
  private static let suffixRoom = 36
  /// The longest stem: 255 − 1 − 36 = 218 bytes.
  static let stemMax = nameMax - 1 - suffixRoom

  /// The stem for a target named `name` (its last path component).
  /// - Complexity: O(name bytes).
  static func stem(of name: String) -> String {
    guard name.utf8.count > stemMax else { return name }
    let digest = SHA256Hasher()
    digest.update(name)
    let hash = "~" + digest.hexDigest().prefix(16)
    var prefix = ""
    var bytes = 0
    for scalar in name.unicodeScalars {
      let size = String(scalar).utf8.count
      if bytes + size > stemMax - hash.utf8.count { break }
      prefix.unicodeScalars.append(scalar)
      bytes += size
    }
    return prefix + hash
  }

  /// `.<stem>.<pid>.<suffix>` for a target named `name`.
  static func name(for name: String, pid: Int32, suffix: String) -> String {
    "." + stem(of: name) + ".\(pid)." + suffix
  }

  /// The process and kind of a leftover, when `entry` is one for `stem`; `nil` for anything else.
  package static func leftover(_ entry: String, stem: String) -> (pid: Int32, kind: Kind)? {
    guard let parsed = parse(entry), parsed.stem == stem else { return nil }
    return (parsed.pid, parsed.kind)
  }

  /// The stem, process and kind of `entry` when it has the shape of a temporary name, read from the
  /// end (`.a.5.7.partial` is the staging folder of process 7 for `a.5`); `nil` otherwise.
  static func parse(_ entry: String) -> (stem: String, pid: Int32, kind: Kind)? {
    guard entry.hasPrefix(".") else { return nil }
    var parts = entry.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
    let kind: Kind
    switch parts.popLast() {
    case "partial": kind = .staging
    case "old": kind = .aside
    case "tmp":
      guard let serial = parts.popLast(), isNumber(serial) else { return nil }
      kind = .file
    default: return nil
    }
    guard let last = parts.popLast(), isNumber(last), let pid = Int32(last), pid > 0, !parts.isEmpty else { return nil }
    return (parts.joined(separator: "."), pid, kind)
  }

  /// Whether `text` is a non-empty run of ASCII digits.
  package static func isNumber(_ text: Substring) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }
}
