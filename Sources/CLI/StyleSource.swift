import Foundation
import ProgressRender

/// The style a command works on: a preset (`--style NAME`) or a JSON file (`--style-file FILE`),
/// exactly one of the two.
struct StyleSource: Sendable {
  /// The style as given, before command-line overrides.
  let style: Style
  /// The folder relative paths in the style are resolved against: the style file's folder,
  /// or `nil` (the working directory) for a preset.
  let baseDirectory: String?

  /// `--style` and `--style-file`, from `RenderOption.style`.
  static let options = RenderOption.style.map(OptionSpec.init)

  /// Resolves the style a request names.
  /// - Parameter request: must name exactly one of a preset (`--style`) and a style file (`--style-file`).
  /// - Throws: `UsageError` naming the flag and the bad value (an unknown style lists the valid
  ///   names), or the style loader's error naming the file and the JSON path.
  init(_ request: RenderRequest) throws {
    switch (request.style, request.styleFile) {
    case (.some, .some):
      throw UsageError.conflicting("--style", "--style-file")
    case (nil, nil):
      throw UsageError.missingOption(
        option: "--style NAME or --style-file FILE", expected: "one of " + Presets.names.joined(separator: ", "))
    case (let name?, nil):
      self = try StyleSource(presetNamed: name)
    case (nil, let path?):
      self = try StyleSource(filePath: path)
    }
  }

  /// A preset by name.
  /// - Throws: `UsageError.unknownStyle` with the valid names and the nearest one.
  init(presetNamed name: String) throws(UsageError) {
    guard let style = Presets.named(name) else {
      throw .unknownStyle(
        name, names: Presets.names, suggestion: NearestWord.suggestion(for: name, among: Presets.names))
    }
    self.style = style
    self.baseDirectory = nil
  }

  /// A style file, read and validated by `StyleLoader`; its folder becomes the base directory.
  /// - Throws: `UsageError.input` with the loader's message (file, JSON path, what was expected).
  init(filePath path: String) throws(UsageError) {
    do {
      self.style = try StyleLoader.load(path: path)
    } catch {
      throw .input("--style-file " + error.description)
    }
    self.baseDirectory = URL(fileURLWithPath: path).deletingLastPathComponent().path
  }
}
