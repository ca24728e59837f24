import ProgressRenderSupport

/// A comparison that cannot start: an output that cannot be written where asked, or an update the
/// baseline's kind cannot hold. Bad input, found before anything is read or written; the
/// description names the path (a command line adds its option: `--out 'x' is a file, …`).
public enum DiffRunError: ProgressRenderError, Equatable, Sendable {
  /// What a `DiffRun` writes besides standard output.
  public enum Destination: Equatable, Sendable {
    /// The report folder.
    case reportFolder
    /// The JUnit file.
    case junitFile
    /// The baseline an update replaces.
    case baseline
  }

  /// A destination that cannot be written; the problem names it.
  case destination(Destination, ReportDestination.Problem)
  /// An animation of several frames cannot become a single-PNG baseline.
  case cannotUpdate(frames: Int, kind: String, actual: String, baseline: String)

  /// Bad input, always.
  public var kind: ErrorKind { .badInput }

  /// The destination the error is about (`.baseline` for an update that cannot be done).
  public var subject: Destination {
    switch self {
    case .destination(let destination, _): return destination
    case .cannotUpdate: return .baseline
    }
  }

  public var description: String {
    switch self {
    case .destination(_, let problem):
      return problem.description
    case .cannotUpdate(let frames, let kind, let actual, let baseline):
      return "cannot turn the \(frames)-frame \(kind) '\(actual)' into the single-PNG baseline '\(baseline)'; pass "
        + "one PNG or a one-frame GIF as ACTUAL, or use a frames folder as EXPECTED"
    }
  }
}
