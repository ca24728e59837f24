import ProgressRenderCore
import ProgressRenderFormats
import ProgressRenderSupport

/// Why a job cannot run: a value `RenderJob.validate()` refuses before anything is rendered (the
/// same rules the style loader and the request planner apply, for jobs built by hand).
public enum RenderJobError: ProgressRenderError, Equatable {
  /// The settings break a limit (fps, duration, frame count, size × scale, edge levels).
  case settings(RenderSettingsError)
  /// The style breaks a rule (a negative width, a label reading a missing track, keyframes out of
  /// order…); the error names the JSON path.
  case style(StyleLoadError)
  /// A GIF option is out of range.
  case gif(GIFEncodingError)

  /// Bad input, always: nothing was written.
  public var kind: ErrorKind { .badInput }

  public var description: String {
    switch self {
    case .settings(let error): return error.description
    case .style(let error): return error.description
    case .gif(let error): return error.description
    }
  }
}
