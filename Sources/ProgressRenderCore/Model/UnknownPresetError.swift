import ProgressRenderSupport

/// `Presets.named(_:)` was given a name no preset has: the name, the valid ones and the nearest.
public struct UnknownPresetError: ProgressRenderError, Equatable {
  /// Bad input: the name.
  public var kind: ErrorKind { .badInput }

  /// The name as given.
  public let name: String
  /// Every preset's name, in listing order.
  public let names: [String]
  /// The preset the name is probably a typo of, if any (`wav` → `wave`).
  public let suggestion: String?

  /// The error for `name`, with the nearest of `names` as the suggestion.
  /// - Parameters:
  ///   - name: the name as given.
  ///   - names: the valid names, in listing order.
  public init(name: String, names: [String]) {
    self.name = name
    self.names = names
    self.suggestion = NearestWord.suggestion(for: name, among: names)
  }

  /// One line: `no preset named 'wav'; did you mean 'wave'? Presets: thumb, download, …`.
  public var description: String {
    "no preset named \(QuotedText.quoted(name))" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
      + (suggestion == nil ? "; presets: " : " Presets: ") + names.joined(separator: ", ")
  }
}
