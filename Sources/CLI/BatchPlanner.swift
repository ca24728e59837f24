import Foundation
import ProgressRender

/// Plans a batch manifest: `BatchPlan` (the library) decodes each entry into a typed request and
/// checks the outputs, then each accepted entry is planned with the very checks of `render`
/// (`RenderCommand.plan`), then pre-flight creates the output folders and checks pictures and
/// outputs (`RenderCommand.preflight`). Every entry is checked before anything renders; on any
/// problem every message is reported and the folders created are removed again.
struct BatchPlanner {
  /// Every problem found in a manifest, one line each.
  struct Failure: ProgressRenderError, CustomStringConvertible {
    /// The messages, in manifest order.
    let messages: [String]
    /// Bad input: found before anything renders.
    var kind: ErrorKind { .badInput }
    var description: String { messages.joined(separator: "\n") }
  }

  /// A checked asset and its warnings (options its style or output ignores, set by the asset itself).
  struct Planned {
    let asset: BatchAsset
    let warnings: [String]
  }

  /// The manifest.
  let manifest: BatchManifest
  /// Folder relative outputs are written under; `nil` is the manifest's folder.
  let outputRoot: String?
  /// Accept outputs that lead outside the manifest's folder (`--allow-outside`).
  var allowOutside = false

  /// Plans every asset: plan, then pre-flight.
  /// - Returns: the assets in manifest order.
  /// - Throws: `Failure` with every problem found; folders created for outputs are removed again.
  func plan() throws(Failure) -> [Planned] {
    let batch = BatchPlan(manifest: manifest, outputRoot: outputRoot, allowOutside: allowOutside)
    var problems = batch.problems
    var planned: [(entry: BatchEntry, planned: Planned, render: RenderCommand.Plan)] = []
    for accepted in batch.accepted {
      do {
        let (asset, render) = try plan(accepted, in: batch)
        planned.append((accepted.entry, asset, render))
      } catch {
        problems.report(BatchPlanner.message(error, entry: accepted.entry), entry: accepted.entry.index)
      }
    }
    var created: [String] = []
    for (entry, asset, render) in planned {
      created += BatchPlan.createParentFolders(of: asset.asset.job.output.path)
      do {
        try RenderCommand.preflight(render)
      } catch {
        problems.report(BatchPlanner.message(error, entry: entry), entry: entry.index)
      }
    }
    guard problems.isEmpty else {
      BatchPlan.removeFolders(created)
      throw Failure(messages: problems.messages)
    }
    return planned.map(\.planned)
  }

  /// Where an output named in the manifest is written.
  func outputPath(_ name: String) -> String {
    BatchPlan.outputPath(name, manifest: manifest, outputRoot: outputRoot)
  }

  // MARK: - Planning

  /// Plans one accepted entry with `render`'s checks.
  /// - Throws: the error of `RenderCommand.plan`.
  private func plan(_ accepted: BatchPlan.Accepted, in batch: BatchPlan) throws -> (Planned, RenderCommand.Plan) {
    let entry = accepted.entry
    let plan = try RenderCommand.plan(accepted.request)
    let warnings = plan.warnings.filter { !entry.defaultedKeys.contains(String($0.option.dropFirst(2))) }
      .map { "\(entry.label) (\(accepted.name)): \($0.message)" }
    return (Planned(asset: batch.asset(accepted, job: plan.job, style: plan.style), warnings: warnings), plan)
  }

  /// An error of planning or pre-flight, named by the entry and the key it concerns.
  private static func message(_ error: any Error, entry: BatchEntry) -> String {
    switch error {
    case let error as UsageError:
      return relabel(error, entry: entry)
    case let error as RenderCommand.ImageProblem:
      let key = error.option == "--image" ? "image" : "style-file"
      return "\(entry.location(of: key)): \(error.description)"
    case let error as OutputTargetError:
      return "\(entry.location(of: "out")): \(UsageError.about("--out", error))"
    default:
      return "\(entry.label): \(error)"
    }
  }

  // MARK: - Messages

  /// A command-line error for one key, in the manifest's words: `assets[3].at: expected …, got "9s"`.
  static func relabel(_ error: UsageError, at location: String, value: ManifestValue) -> String {
    switch error {
    case .invalidValue(_, _, _, let expected), .outOfRange(_, _, let expected):
      return "\(location): expected \(expected), got \(value.jsonText)"
    case .invalidChoice(_, _, let choices, let suggestion):
      return "\(location): expected one of \(choices.joined(separator: ", ")), got \(value.jsonText)"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    default:
      return "\(location): \(error)"
    }
  }

  /// An error of `RenderCommand.plan`, named by the key it concerns when there is one.
  private static func relabel(_ error: UsageError, entry: BatchEntry) -> String {
    switch error {
    case .invalidValue(let option, _, _, _), .outOfRange(let option, _, _), .invalidChoice(let option, _, _, _):
      let key = String(option.dropFirst(2))
      return relabel(error, at: entry.location(of: key), value: entry.values[key] ?? .string(""))
    case .unknownStyle:
      return "\(entry.location(of: "style")): \(error)"
    default:
      return "\(entry.label): \(error)"
    }
  }
}
