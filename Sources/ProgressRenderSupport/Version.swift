/// The one place the tool's version is written.
public enum ProgressRenderVersion {
  /// The semantic version of this build, printed by `progress-render --version`.
  public static let string = "0.4.0"
}
