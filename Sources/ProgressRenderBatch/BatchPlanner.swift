import ProgressRenderPipeline
import ProgressRenderSupport

/// Plans a batch manifest: `BatchPlan` decodes each entry into a typed request and checks the
/// outputs, then each accepted entry is planned with the very checks of a single render
/// (`RenderRequest.plan()`), then pre-flight creates the output folders and checks pictures and
/// outputs (`RenderPlan.preflight()`). Every entry is checked before anything renders; on any
/// problem every message is reported and the folders created are removed again.
public struct BatchPlanner: Sendable {
  /// A checked asset and its warnings (options its style or output ignores, set by the asset itself).
  public struct Planned: Sendable {
    /// The asset, ready to run.
    public let asset: BatchAsset
    /// One line each: `assets[3] (a.gif): style 'wave' does not use --color; ignored`.
    public let warnings: [String]
    /// The files the asset reads, each with how a message names it (`RenderPlan.inputs`).
    public var inputs: [(path: String, name: String)] = []
  }

  /// The manifest.
  public let manifest: BatchManifest
  /// Folder relative outputs are written under; `nil` is the manifest's folder.
  public let outputRoot: String?
  /// Accept outputs that lead outside the manifest's folder (`--allow-outside`).
  public var allowOutside = false

  /// A planner of `manifest`.
  /// - Parameters:
  ///   - manifest: the manifest.
  ///   - outputRoot: folder relative outputs are written under; `nil` is the manifest's folder.
  ///   - allowOutside: accept outputs that lead outside the manifest's folder.
  public init(manifest: BatchManifest, outputRoot: String?, allowOutside: Bool = false) {
    self.manifest = manifest
    self.outputRoot = outputRoot
    self.allowOutside = allowOutside
  }

  /// Plans every asset: plan, then pre-flight.
  /// - Returns: the assets in manifest order.
  /// - Throws: `BatchError` with every problem found; folders created for outputs are removed again.
  public func plan() throws(BatchError) -> [Planned] {
    let batch = BatchPlan(manifest: manifest, outputRoot: outputRoot, allowOutside: allowOutside)
    var problems = batch.problems
    var planned: [(entry: BatchEntry, planned: Planned, render: RenderPlan)] = []
    for accepted in batch.accepted {
      let entry = accepted.entry
      do {
        let render = try accepted.request.plan()
        let warnings = render.warnings.filter { $0.key.map { !entry.defaultedKeys.contains($0.name) } ?? true }
          .map { "\(entry.label) (\(accepted.name)): \($0.message(naming: BatchPlanner.flag))" }
        let asset = batch.asset(accepted, job: render.job, style: render.style)
        planned.append((entry, Planned(asset: asset, warnings: warnings, inputs: render.inputs), render))
      } catch {
        problems.report(BatchPlanner.message(error, entry: entry), entry: entry.index)
      }
    }
    BatchPlanner.checkInputsKept(planned.map { ($0.entry, $0.render) }, manifest: manifest, problems: &problems)
    var created: [String] = []
    for (entry, asset, render) in planned {
      created += BatchPlan.createParentFolders(of: asset.asset.job.output.path)
      do {
        try render.preflight()
      } catch {
        problems.report(BatchPlanner.message(error, entry: entry), entry: entry.index)
      }
    }
    guard problems.isEmpty else {
      BatchPlan.removeFolders(created)
      throw BatchError(messages: problems.messages)
    }
    return planned.map(\.planned)
  }

  /// Reports each entry whose output is a file that an entry of the manifest reads (a style file, a
  /// picture) or the manifest or its lock: rendering would replace an input of the same run.
  /// - Complexity: one `stat` per input and per output.
  private static func checkInputsKept(
    _ planned: [(entry: BatchEntry, render: RenderPlan)], manifest: BatchManifest, problems: inout BatchPlan.Problems
  ) {
    var inputs: [String: String] = [:]
    for (path, name) in [(manifest.path, "the manifest"), (manifest.lockPath, "the manifest's lock file")] {
      if let identity = PathNames.fileIdentity(path) { inputs[identity] = "\(name) '\(path)'" }
    }
    for (entry, render) in planned {
      for input in render.inputs {
        guard let identity = PathNames.fileIdentity(input.path), inputs[identity] == nil else { continue }
        inputs[identity] = "\(input.name) of \(entry.label)"
      }
    }
    for (entry, render) in planned where !render.job.output.path.hasSuffix("/") {
      guard let identity = PathNames.fileIdentity(render.job.output.path), let input = inputs[identity] else {
        continue
      }
      let out = entry.values["out"]?.argumentText ?? render.job.output.path
      problems.report(
        "\(entry.location(of: "out")): '\(out)' is \(input), which this batch reads; writing it would replace an "
          + "input: choose another output path", entry: entry.index)
    }
  }

  /// Where an output named in the manifest is written.
  public func outputPath(_ name: String) -> String {
    BatchPlan.outputPath(name, manifest: manifest, outputRoot: outputRoot)
  }

  /// The one place a planning error becomes a manifest message, named by the entry and, where
  /// the message is about one key's value, that key: `assets[3].at: expected …, got "9s"`.
  private static func message(_ error: RenderError, entry: BatchEntry) -> String {
    switch error {
    case .stillTimeAfterEnd:
      let value = entry.values[OptionKey.at.name] ?? .string("")
      return "\(entry.location(of: OptionKey.at.name)): expected \(error.expected ?? ""), got \(value.jsonText)"
    case _ where error.isAboutOutputPath:
      return "\(entry.location(of: OptionKey.out.name)): \(error.description(naming: flag))"
    case .unknownStyle, .image:
      return "\(entry.location(of: error.key?.name ?? "")): \(error.description(naming: flag))"
    default:
      return "\(entry.label): \(error.description(naming: flag))"
    }
  }

  /// A field as a message spells it: the option that sets it (`--color`), which a manifest key shares.
  private static func flag(_ key: OptionKey) -> String { "--" + key.name }
}
