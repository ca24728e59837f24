import Foundation
import ProgressRender

/// The options of `render` (and of the bare form): `RenderOption.all`, the library's one table,
/// as command-line options, and the request they fill.
enum RenderOptions {
  /// Every option of `render`, in help order: the library's table with `--format` after `--out`.
  static let all = RenderOption.all.map(OptionSpec.init).flatMap { $0.name == "--out" ? [$0, format] : [$0] }

  /// `--format gif|png|webp|apng|lottie|svg|dotlottie`: what `--out -` writes to standard output (with a path, it must agree with
  /// the path's extension).
  static let format = OptionSpec(
    "--format", .choice(OutputFormat.allCases.map(\.rawValue)), "FORMAT",
    "What '--out -' writes (else the extension's).")

  /// The request the parsed options ask for: each given option sets its field.
  static func request(_ arguments: ParsedArguments) -> RenderRequest {
    var request = RenderRequest()
    for option in RenderOption.all {
      if let value = arguments.values["--" + option.key.name] { option.set(value, in: &request) }
    }
    return request
  }
}
