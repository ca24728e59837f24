import Foundation
import ProgressRenderCore
import ProgressRenderSupport

/// A checked render request (`RenderRequest.plan()`): the job to run, the style before overrides
/// and what the render ignores. Planning touches nothing on disk but the style file it reads;
/// `preflight()` checks the pictures and the output.
public struct RenderPlan: Sendable {
  /// The job to run.
  public let job: RenderJob
  /// The style as its source gives it, before overrides (the fingerprint of a batch asset hashes it).
  public let style: Style
  /// What the style or the output ignores, in the request's order: overrides, tracks, options.
  public let warnings: [RenderWarning]
  /// The picture the request's `image` names, as given, if any.
  public let givenImage: String?
  /// The keys of the options the request gave (`RenderRequest.givenKeys`).
  public var givenKeys: Set<OptionKey> = []
  /// The parts under 3:1 against what is behind them (`RenderWarning.lowContrast`), apart from
  /// `warnings` so that a style's own look can warn without its plan failing a check.
  public var contrastWarnings: [RenderWarning] = []

  /// The style file the request reads, as given, if any.
  public let styleFile: String?

  /// The files this render reads, each with how a message names it (`the style file 's.json'`):
  /// the style file and the picture the style paints. No output may be one of them.
  public var inputs: [(path: String, name: String)] {
    var inputs: [(path: String, name: String)] = []
    if let styleFile { inputs.append((styleFile, "the style file '\(styleFile)'")) }
    if let image = job.imagePath { inputs.append((image, "the picture '\(image)'")) }
    return inputs
  }

  /// The step between planning and rendering: the picture the request names exists, the picture
  /// the style paints decodes, the output is none of the files the render reads (`inputs`), and the
  /// output can be written (`RenderJob.preflight()`).
  /// - Throws: `RenderError` (`.missingImage`, `.unreadableImage`, `.image` naming the field
  ///   that brought the picture in, or `.output`).
  public func preflight() throws(RenderError) {
    if let image = givenImage {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: image, isDirectory: &isDirectory) else {
        throw .missingImage(path: image)
      }
      guard !isDirectory.boolValue, FileManager.default.isReadableFile(atPath: image) else {
        throw .unreadableImage(path: image)
      }
    }
    if !job.output.path.hasSuffix("/"),
      let input = inputs.first(where: { PathNames.isSameFile(job.output.path, $0.path) })
    {
      throw .overwritesInput(path: job.output.path, input: input.name)
    }
    do {
      try job.preflight()
    } catch {
      guard case .image(_, let description) = error else { throw error }
      throw .image(key: givenImage != nil ? .look(.image) : .styleFile, description: description)
    }
  }
}

extension RenderPlan {
  /// The job's label warnings (`RenderJob.labelWarnings()`), each naming the option only when the
  /// request gave it (`warning: the label '12' does not fit …`, not `--label '12'`, for the
  /// style's own text).
  /// - Returns: at most one warning per label.
  /// - Throws: an error naming the failure when the canvas, the picture or a text layout cannot be set up.
  public func labelWarnings() throws -> [RenderWarning] {
    try job.labelWarnings().map(naming)
  }

  /// Runs the job (`RenderJob.run(labelWarnings:)`), its label warnings as `labelWarnings()` words
  /// them handed to `report` before the output is written (for a painted output, once its frames
  /// are painted: they come from the painting's own fits).
  /// - Parameter report: called once with the label warnings.
  /// - Returns: what was written.
  /// - Throws: the job's error.
  @discardableResult
  public func run(reportingLabelWarnings report: ([RenderWarning]) -> Void) throws -> RenderSummary {
    try withoutActuallyEscaping(report) { report in
      try job.run { warnings in report(warnings.map(naming)) }
    }
  }

  /// A label warning naming its option only when the request gave it.
  private func naming(_ warning: RenderWarning) -> RenderWarning {
    switch warning {
    case .labelTooLong(let key, let text, let fontSize, let drawnSize, let clipped, _):
      return .labelTooLong(
        key: key, text: text, fontSize: fontSize, drawnSize: drawnSize, clipped: clipped,
        given: givenKeys.contains(key))
    case .labelTooSmall(let key, let text, let fontSize, _):
      return .labelTooSmall(key: key, text: text, fontSize: fontSize, given: givenKeys.contains(key))
    default:
      return warning
    }
  }
}
