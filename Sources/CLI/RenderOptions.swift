import Foundation
import ProgressRender

/// The options of `render` (and of the bare form): `RenderOption.all`, the library's one table,
/// as command-line options, and the request they fill.
enum RenderOptions {
  /// Every option of `render`, in help order.
  static let all = RenderOption.all.map(OptionSpec.init)

  /// The request the parsed options ask for: each given option sets its field.
  static func request(_ arguments: ParsedArguments) -> RenderRequest {
    var request = RenderRequest()
    for option in RenderOption.all {
      if let value = arguments.values["--" + option.key] { option.set(value, in: &request) }
    }
    return request
  }

  /// The look overrides. A relative image path is relative to the working directory: it is made
  /// absolute when the style has a base directory of its own (a style file's folder).
  static func overrides(_ request: RenderRequest, baseDirectory: String?) -> StyleOverrides {
    var overrides = request.overrides
    if let image = overrides.imagePath {
      let absolute = image.hasPrefix("/") || baseDirectory == nil
      overrides.imagePath = absolute ? image : FileManager.default.currentDirectoryPath + "/" + image
    }
    return overrides
  }

  /// The still time, checked against the output's duration.
  /// - Throws: `UsageError.outOfRange` when it is after the end.
  static func stillTime(_ request: RenderRequest, settings: RenderSettings) throws(UsageError) -> StillTime? {
    guard let time = request.at else { return nil }
    if case .seconds(let seconds) = time, seconds > settings.duration {
      let end = NumberText.short(settings.duration)
      throw .outOfRange(
        option: "--at", text: NumberText.short(seconds) + "s",
        expected: "a time within the \(end) s output: 0s…\(end)s or 0%…100%")
    }
    return time
  }

  /// Checks that `--image` names a readable file.
  /// - Throws: `UsageError.input` naming the path.
  static func checkImage(_ path: String) throws {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw UsageError.input("--image '\(path)' does not exist; give the path of a PNG file")
    }
    guard !isDirectory.boolValue, FileManager.default.isReadableFile(atPath: path) else {
      throw UsageError.input("--image '\(path)' is not a readable file; give the path of a PNG file")
    }
  }
}
