import Foundation
import ProgressRender

/// `progress-render render` (and the bare form): a style, with overrides, to a GIF, PNG frames or a still.
///
/// Everything is checked before anything is written: style, option values, the settings' limits,
/// the overrides against the style, the output folder. Options a style does not use are warned
/// about on standard error and ignored. The checks are the library's (`RenderRequest.plan()`,
/// `RenderPlan.preflight()`); the command parses, builds the request, names the library's
/// errors and warnings by their options (`UsageError(RenderError)`), runs and prints.
struct RenderCommand: Command {
  let name = "render"
  let summary = "Render a style to a GIF, a folder of PNG frames, a PNG still or a Lottie file (the default command)."
  let usage = [
    "render (--style NAME | --style-file FILE | --lottie FILE) --out PATH [options]",
    "(--style NAME | --style-file FILE | --lottie FILE) --out PATH [options]",
  ]
  let details = [
    "Output by --out: name.gif → animated GIF; name.webp → animated WebP (lossless, or lossy with --quality);\n"
      + "name.apng → animated PNG; folder/ or an existing folder → frame-0000.png, … (the folder is created if its\n"
      + "parent exists); name.png → one still at --at; name.json → a Lottie animation (Bodymovin JSON for lottie-ios,\n"
      + "lottie-android, lottie-web; vector, so --scale and --edge-levels do not apply).\n"
      + "Options below marked with styles act only on those styles; on others they are ignored with a warning.\n"
      + "Options override a --style-file's values. --lottie FILE renders a Lottie animation instead (fitted to\n"
      + "--size, its own rate and length unless --fps and --duration are given); what it cannot draw is warned about.",
    "Exit status: 0 done, 1 rendering or writing failed (nothing left behind), 2 bad input (nothing written).",
  ]
  let options = RenderOptions.all
  let operands = ValueCompletion.none

  func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
    if let extra = arguments.positionals.first { throw UsageError.unexpectedArgument(extra, command: name) }
    var request = RenderOptions.request(arguments)
    let format = arguments.text("--format").flatMap(OutputFormat.init(rawValue:))
    let quiet = arguments.has("--quiet")
    guard request.out == "-" else {
      let summary = try RenderCommand.render(request, format: format, console: console)
      if !quiet { console.line(RenderCommand.summaryLine(summary, path: summary.path)) }
      return .success
    }
    guard let format else {
      throw UsageError.missingOption(
        option: "--format " + OutputFormat.allCases.map(\.rawValue).joined(separator: "|"),
        expected: "the format '--out -' writes to standard output")
    }
    guard isatty(STDOUT_FILENO) == 0 else {
      throw UsageError.input(
        "--out -: standard output is a terminal; redirect it to a file ('> loading.\(format.fileExtension)') or a pipe")
    }
    return try BatchCheck.withScratchFolder { scratch in
      let path = scratch + "/standard-output." + format.fileExtension
      request.out = path
      let summary: RenderSummary
      do {
        summary = try RenderCommand.render(request, format: format, console: console)
      } catch {
        throw RenamedPathError(error, path: path, as: "- (standard output)")
      }
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      try? FileManager.default.removeItem(atPath: path)
      // The success line only once the last byte is out; a failed write is reported at exit (status 1).
      guard console.writeOutBytes(bytes) else { return .failure }
      if !quiet { console.writeErr(RenderCommand.summaryLine(summary, path: "- (standard output)") + "\n") }
      return .success
    }
  }

  /// Plans, checks and runs a request, warnings printed; `format`, when given, must be the output's.
  /// - Returns: what was written.
  /// - Throws: `UsageError` for bad input, else the job's error.
  private static func render(_ request: RenderRequest, format: OutputFormat?, console: Console) throws -> RenderSummary
  {
    let plan = try RenderCommand.plan(request)
    try RenderCommand.preflight(plan)
    if let format, plan.job.output.format != format {
      throw UsageError.input(
        "--format \(format.rawValue) does not match --out \(UsageError.quoted(request.out ?? "")), which writes "
          + "\(plan.job.output.format.rawValue); give a path ending in .\(format.fileExtension) or leave --format out")
    }
    // Warnings stay under --quiet (it silences the success line only). The label warnings come
    // from the render's own painting, before the output is written.
    for warning in plan.warnings + plan.contrastWarnings {
      console.warning(warning.message(naming: UsageError.option))
    }
    let summary: RenderSummary
    do {
      summary = try plan.run { labelWarnings in
        for warning in labelWarnings { console.warning(warning.message(naming: UsageError.option)) }
      }
    } catch let error as RenderError {
      throw UsageError(error)  // a frames folder that changed since it was checked
    }
    for warning in summary.warnings { console.warning("\(summary.path): \(warning)") }
    return summary
  }

  /// `wrote loading.gif: 90 frames, 120×120 px, 4242 bytes`.
  private static func summaryLine(_ summary: RenderSummary, path: String) -> String {
    "wrote \(path): \(summary.framesText), "
      + "\(summary.pixelSize)×\(summary.pixelHeight) px, \(summary.bytes) bytes"
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

  /// `RenderPlan.preflight()`, its error as a command-line error naming the option.
  /// - Throws: `UsageError`.
  static func preflight(_ plan: RenderPlan) throws(UsageError) {
    do {
      try plan.preflight()
    } catch {
      throw UsageError(error)
    }
  }
}
