/// The tool's exit codes (the README lists them).
enum ExitStatus: Int32, Sendable {
  /// Done; everything asked for was written.
  case success = 0
  /// Rendering or writing failed after the input was accepted (nothing is left half-written).
  case failure = 1
  /// Bad input: usage, option values, style, style file, image or output path. Nothing written.
  case usage = 2
}
