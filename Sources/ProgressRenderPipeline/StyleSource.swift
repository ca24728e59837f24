import Foundation
import ProgressRenderCore
import ProgressRenderSupport

/// The style a request names: a preset (`style`) or a JSON file (`style-file`), exactly one of the two.
public struct StyleSource: Sendable {
  /// The style as given, before overrides.
  public let style: Style
  /// The folder relative paths in the style are resolved against: the style file's folder,
  /// or `nil` (the working directory) for a preset.
  public let baseDirectory: String?

  /// Resolves the style a request names.
  /// - Parameter request: must name exactly one of a preset and a style file.
  /// - Throws: `RenderError` (`.conflictingStyles`, `.missingStyle`, `.unknownStyle`, `.styleFile`).
  public init(_ request: RenderRequest) throws(RenderError) {
    switch (request.style, request.styleFile) {
    case (.some, .some):
      throw .conflictingStyles
    case (nil, nil):
      throw .missingStyle(names: Presets.names)
    case (let name?, nil):
      self = try StyleSource(presetNamed: name)
    case (nil, let path?):
      self = try StyleSource(filePath: path)
    }
  }

  /// A preset by name.
  /// - Throws: `RenderError.unknownStyle` with the valid names and the nearest one.
  public init(presetNamed name: String) throws(RenderError) {
    do {
      self.style = try Presets.named(name)
    } catch {
      throw .unknownStyle(name, names: error.names, suggestion: error.suggestion)
    }
    self.baseDirectory = nil
  }

  /// A style file, read and validated by `StyleLoader`; its folder becomes the base directory.
  /// The path `-` is standard input (`StyleLoader.loadStandardInput()`; relative paths in it are
  /// resolved against the working directory); write `./-` for a file named `-`.
  /// - Throws: `RenderError.styleFile` with the loader's error (file, JSON path, what was expected).
  public init(filePath path: String) throws(RenderError) {
    do {
      self.style = try path == "-" ? StyleLoader.loadStandardInput() : StyleLoader.load(path: path)
    } catch {
      throw .styleFile(error)
    }
    self.baseDirectory = path == "-" ? nil : URL(fileURLWithPath: path).deletingLastPathComponent().path
  }
}
