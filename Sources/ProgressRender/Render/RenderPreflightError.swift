/// Why a planned render cannot start: found by `RenderJob.preflight()`, before anything is rendered.
public enum RenderPreflightError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The picture the style paints cannot be read or decoded; the description names the file.
  case image(path: String, description: String)
  /// The output cannot be written.
  case output(OutputTargetError)

  public var description: String {
    switch self {
    case .image(_, let description): return description
    case .output(let error): return error.description
    }
  }
}
