import ProgressRenderSupport

/// One asset of a batch manifest after `defaults` are merged in: option names (without the
/// leading dashes) and their values, and which of them came from `defaults`.
public struct BatchEntry: Equatable, Sendable {
  /// Position in the manifest's `assets`, from 0.
  public var index: Int
  /// The merged values: the asset's own over `defaults`.
  public var values: [String: ManifestValue]
  /// Keys whose value came from `defaults` (the asset did not set them).
  public var defaultedKeys: Set<String>

  /// Creates an entry.
  public init(index: Int, values: [String: ManifestValue], defaultedKeys: Set<String> = []) {
    self.index = index
    self.values = values
    self.defaultedKeys = defaultedKeys
  }

  /// `assets[3]`.
  public var label: String { "assets[\(index)]" }

  /// Where a key's value was written: `defaults.size` or `assets[3].size`.
  public func location(of key: String) -> String {
    (defaultedKeys.contains(key) ? "defaults" : label) + "." + key
  }

  /// The keys in sorted order.
  public var sortedKeys: [String] { values.keys.sorted() }

  /// The merged entry as one line of JSON with sorted keys, values as written:
  /// `{"out":"a.gif","size":120}`. (The fingerprint hashes the typed request instead, see
  /// `RenderRequest.canonicalText`, so that spellings of one value agree.)
  public var canonicalJSON: String {
    "{" + sortedKeys.map { JSONText.quoted($0) + ":" + values[$0]!.jsonText }.joined(separator: ",") + "}"
  }
}
