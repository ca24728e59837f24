import ProgressRenderSupport

/// Why a diff cannot run: a report, JUnit or baseline destination that cannot be written, a
/// baseline that cannot take the actual frames, or an ignore region outside the frames. The one
/// error type of `ProgressRenderDiff`; every case is bad input.
public enum DiffError: ProgressRenderError, Equatable, Sendable {
  /// What an error is about, so a command line can name its option.
  public enum Subject: Equatable, Sendable {
    /// The report folder (`--out`).
    case reportFolder
    /// The JUnit file (`--junit`).
    case junitFile
    /// The baseline being updated (`--update`).
    case baseline
    /// An ignore region (`--ignore`).
    case ignore
    /// The canvas Lottie sides are painted on (`--size`).
    case lottieSize
    /// The rate Lottie sides are painted at (`--fps`).
    case lottieFPS
    /// An input itself (no option).
    case input
  }

  /// A destination that cannot be written.
  case destination(Subject, ReportDestination.Problem)
  /// A baseline of one PNG cannot hold several frames.
  case cannotUpdate(frames: Int, kind: String, actual: String, baseline: String)
  /// An ignore region that does not fit a `width × height` frame.
  case regionOutside(IgnoreRegion, width: Int, height: Int)
  /// A Lottie option (`.lottieSize`, `.lottieFPS`) that does not apply to these sides.
  case lottieOption(Subject, problem: String)
  /// A Lottie file that would be painted beyond the limits (its canvas, its frame count).
  case lottieCanvas(path: String, problem: String)
  /// A Lottie baseline cannot be made from rendered frames.
  case lottieBaseline(baseline: String, actual: String, kind: String)

  /// Bad input: nothing was written.
  public var kind: ErrorKind { .badInput }

  /// What the error is about.
  public var subject: Subject {
    switch self {
    case .destination(let subject, _): return subject
    case .cannotUpdate: return .baseline
    case .regionOutside: return .ignore
    case .lottieOption(let subject, _): return subject
    case .lottieCanvas: return .input
    case .lottieBaseline: return .baseline
    }
  }

  /// One line saying what is wrong and what to do.
  public var description: String {
    switch self {
    case .destination(_, let problem):
      return problem.description
    case .cannotUpdate(let frames, let kind, let actual, let baseline):
      return "cannot turn the \(frames)-frame \(kind) '\(actual)' into the single-PNG baseline '\(baseline)'; pass "
        + "one PNG or a one-frame GIF as ACTUAL, or use a frames folder as EXPECTED"
    case .regionOutside(let region, let width, let height):
      return region.problem(named: "'\(region)'", width: width, height: height) ?? "'\(region)' fits the frame"
    case .lottieOption(_, let problem):
      return problem
    case .lottieCanvas(let path, let problem):
      return "'\(path)' \(problem)"
    case .lottieBaseline(let baseline, let actual, let kind):
      return "cannot make the \(kind) '\(actual)' the Lottie baseline '\(baseline)': a Lottie file is updated "
        + "only from a Lottie file; pass a .json or .lottie file as ACTUAL"
    }
  }

  /// Throws for the first of `regions` that does not fit a `width × height` frame.
  /// - Throws: `.regionOutside` naming it.
  public static func check(_ regions: [IgnoreRegion], width: Int, height: Int) throws(DiffError) {
    for region in regions where !region.fits(width: width, height: height) {
      throw .regionOutside(region, width: width, height: height)
    }
  }
}
