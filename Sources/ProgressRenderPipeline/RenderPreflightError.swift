import ProgressRenderSupport

/// Why a planned render cannot start: found by `RenderJob.preflight()`, before anything is rendered.
public enum RenderPreflightError: ProgressRenderError, Equatable {
  /// The picture the style paints cannot be read or decoded; the description names the file.
  case image(path: String, description: String)
  /// The output cannot be written.
  case output(OutputTargetError)

  /// A picture that cannot be used is bad input; an output that cannot be written has its own kind.
  public var kind: ErrorKind {
    switch self {
    case .image: return .badInput
    case .output(let error): return error.kind
    }
  }

  public var description: String {
    switch self {
    case .image(_, let description): return description
    case .output(let error): return error.description
    }
  }
}
