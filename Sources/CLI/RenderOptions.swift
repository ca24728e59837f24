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
}
