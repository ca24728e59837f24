import ProgressRender

/// An error whose message names a temporary path the user never saw (the file `--out -` or
/// `diff -` goes through), with that path replaced by what the user typed; its kind is kept.
struct RenamedPathError: ProgressRenderError, CustomStringConvertible {
  /// The message, renamed.
  let description: String
  /// The kind of the original error.
  let kind: ErrorKind

  /// Wraps `error`, writing `name` for each mention of `path`.
  init(_ error: any Error, path: String, as name: String) {
    description = String(describing: error).replacingOccurrences(of: path, with: name)
    kind = ErrorKind(of: error)
  }
}
