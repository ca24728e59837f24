import Foundation
import ProgressRender

/// `progress-render render` (and the bare form): a style, with overrides, to a GIF, PNG frames or a still.
///
/// Everything is checked before anything is written: style, option values, the settings' limits,
/// the overrides against the style, the output folder. Options a style does not use are warned
/// about on standard error and ignored. The checks are the library's (`RenderRequest.plan()`,
/// `RenderPlan.preflight()`); the command parses, builds the request, names the library's
/// errors and warnings by their options (`UsageError(RenderPlanError)`), runs and prints.
struct RenderCommand: Command {
  let name = "render"
  let summary = "Render a style to a GIF, a folder of PNG frames or a PNG still (the default command)."
  let usage = [
    "render (--style NAME | --style-file FILE) --out PATH [options]",
    "(--style NAME | --style-file FILE) --out PATH [options]",
  ]
  let details = [
    "Output by --out: name.gif → animated GIF; folder/ or an existing folder → frame-0000.png, … (the folder is\n"
      + "created if its parent exists); name.png → one still at --at. Options below marked with styles act only on\n"
      + "those styles; on others they are ignored with a warning. Options override a --style-file's values.",
    "Exit status: 0 done, 1 rendering or writing failed (nothing left behind), 2 bad input (nothing written).",
  ]
  let options = RenderOptions.all

  func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
    if let extra = arguments.positionals.first { throw UsageError.unexpectedArgument(extra, command: name) }
    let plan: RenderPlan
    do {
      plan = try RenderCommand.plan(RenderOptions.request(arguments))
      try RenderCommand.preflight(plan)
    } catch let error as OutputTargetError {
      throw UsageError(RenderPlanError.output(error))
    }
    for warning in plan.warnings + (try plan.job.labelWarnings()) {
      console.warning(warning.message(naming: UsageError.option))
    }
    let summary: RenderSummary
    do {
      summary = try plan.job.run()
    } catch let error as OutputTargetError {
      throw UsageError(RenderPlanError.output(error))  // a frames folder that changed since it was checked
    }
    if !arguments.has("--quiet") {
      console.line(
        "wrote \(summary.path): \(summary.frameCount) frame\(summary.frameCount == 1 ? "" : "s"), "
          + "\(summary.pixelSize)×\(summary.pixelSize) px, \(summary.bytes) bytes")
    }
    return .success
  }

  /// `RenderRequest.plan()`, its error as a command-line error naming the option.
  /// - Throws: `UsageError`.
  static func plan(_ request: RenderRequest) throws(UsageError) -> RenderPlan {
    do {
      return try request.plan()
    } catch {
      throw UsageError(error)
    }
  }

  /// `RenderPlan.preflight()`, its error as a command-line error naming the option; an output
  /// that cannot be written stays an `OutputTargetError`.
  /// - Throws: `UsageError` or `OutputTargetError`.
  static func preflight(_ plan: RenderPlan) throws {
    do {
      try plan.preflight()
    } catch {
      if case .output(let output) = error { throw output }
      throw UsageError(error)
    }
  }
}
