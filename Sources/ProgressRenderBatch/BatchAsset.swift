import ProgressRenderDiff
import ProgressRenderPipeline

/// One asset of a batch, ready to render: its place in the manifest, its output's name, the job
/// and the fingerprint of its inputs.
public struct BatchAsset: Sendable {
  /// Position in the manifest's `assets`, from 0.
  public var index: Int
  /// The output path as written in the manifest, normalized (`out/wave@2x.gif`); the lock's key.
  public var name: String
  /// The render.
  public var job: RenderJob
  /// `BatchFingerprint.inputs` of the entry.
  public var inputs: String
  /// Regions `check` does not compare (the entry's `ignore`), in pixels of the output.
  public var ignore: [IgnoreRegion] = []

  /// Creates an asset.
  public init(index: Int, name: String, job: RenderJob, inputs: String) {
    self.index = index
    self.name = name
    self.job = job
    self.inputs = inputs
  }

  /// The estimated cost of rendering: pixels per frame × frames (1 for a still).
  public var cost: Int {
    let pixels = job.settings.pixelSize * job.settings.pixelHeight
    if case .still = job.output { return pixels }
    return pixels * job.settings.frameCount
  }
}
