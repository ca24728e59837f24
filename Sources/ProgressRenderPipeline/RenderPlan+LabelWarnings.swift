extension RenderPlan {
  /// The job's label warnings (`RenderJob.labelWarnings()`), each naming the option only when the
  /// request gave it (`warning: the label '12' does not fit …`, not `--label '12'`, for the
  /// style's own text).
  /// - Returns: at most one warning per label.
  /// - Throws: an error naming the failure when the canvas, the picture or a text layout cannot be set up.
  public func labelWarnings() throws -> [RenderWarning] {
    try job.labelWarnings().map { warning in
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
}
