import Foundation
import ProgressRender

/// `progress-render render` (and the bare form): a style, with overrides, to a GIF, PNG frames or a still.
///
/// Everything is checked before anything is written: style, option values, the settings' limits,
/// the overrides against the style, the output folder. Options a style does not use are warned
/// about on standard error and ignored.
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
    let plan: Plan
    do {
      plan = try RenderCommand.plan(RenderOptions.request(arguments))
      try RenderCommand.preflight(plan)
    } catch let error as OutputTargetError {
      throw UsageError.about("--out", error)
    }
    for warning in plan.warnings { console.warning(warning.message) }
    let summary: RenderSummary
    do {
      summary = try plan.job.run()
    } catch let error as OutputTargetError {
      throw UsageError.about("--out", error)  // a frames folder that changed since it was checked
    }
    if !arguments.has("--quiet") {
      console.line(
        "wrote \(summary.path): \(summary.frameCount) frame\(summary.frameCount == 1 ? "" : "s"), "
          + "\(summary.pixelSize)×\(summary.pixelSize) px, \(summary.bytes) bytes")
    }
    return .success
  }

  /// A checked render: the job, and warnings about options the style or the output ignores.
  struct Plan {
    /// The job to run.
    let job: RenderJob
    /// One per ignored option: its name (`--color`) and the warning text.
    let warnings: [(option: String, message: String)]
    /// The style as its source gives it, before overrides (the fingerprint of a batch asset hashes it).
    var style: Style
    /// The picture `--image` names, as given, if any.
    var givenImage: String?
  }

  /// Checks a request and turns it into a job (shared by `render` and `batch`). Touches nothing
  /// on disk but the style file it reads: `preflight` checks the picture and the output.
  /// - Throws: `UsageError` or a library error naming the bad input; nothing is written.
  static func plan(_ request: RenderRequest) throws -> Plan {
    let source = try StyleSource(request)
    guard let outPath = request.out else {
      throw UsageError.missingOption(option: "--out PATH", expected: "name.gif, name.png or a folder ending in '/'")
    }
    let settings: RenderSettings
    do {
      settings = try request.settings(for: source.style)
    } catch {
      throw UsageError.input(error.description(naming: UsageError.option))
    }
    let overrides = RenderOptions.overrides(request, baseDirectory: source.baseDirectory)
    do {
      try overrides.validate(against: source.style)
    } catch {
      throw UsageError.input(error.description(naming: UsageError.option))
    }
    let style = overrides.applied(to: source.style)
    let output = try OutputTarget(path: outPath)
    let at = isStill(output) ? try RenderOptions.stillTime(request, settings: settings) : nil

    var warnings: [(option: String, message: String)] = []
    for field in overrides.ignoredFields(by: source.style) {
      warnings.append(("--\(field.rawValue)", "style '\(source.style.name)' does not use --\(field.rawValue); ignored"))
    }
    for track in source.style.unreadTracks {
      let readers = TrackUse.defaultReaders(of: track)
      let who = readers.isEmpty ? "only a label, arc or pie naming it as its source" : readers.joined(separator: ", ")
      warnings.append(
        (
          "track \(track)",
          "style '\(source.style.name)' has a track '\(track)' that none of its parts reads (read by: \(who)); ignored"
        ))
    }
    if request.at != nil, !isStill(output) {
      warnings.append(("--at", "--at is used only for a still (--out name.png); ignored"))
    }
    let given = Set(request.givenKeys)
    for key in ["loop", "colors", "dither", "matte"] where given.contains(key) && !isGIF(output) {
      warnings.append(("--" + key, "--\(key) is used only for a GIF (--out name.gif); ignored"))
    }

    let gif = request.gifOptions
    let job = RenderJob(
      style: style, settings: settings, output: output, loop: gif.loop ?? 0, at: at,
      baseDirectory: source.baseDirectory, gif: gif)
    return Plan(job: job, warnings: warnings, style: source.style, givenImage: request.overrides.imagePath)
  }

  /// The step between planning and rendering: the picture given by `--image` exists, the picture
  /// the style paints decodes, and the output can be written (`RenderJob.preflight()`).
  /// - Throws: `UsageError.input`, `ImageProblem` naming the option that brought the picture in,
  ///   or `OutputTargetError`.
  static func preflight(_ plan: Plan) throws {
    if let image = plan.givenImage { try RenderOptions.checkImage(image) }
    do {
      try plan.job.preflight()
    } catch {
      switch error {
      case .image(_, let description):
        throw ImageProblem(option: plan.givenImage != nil ? "--image" : "--style-file", description: description)
      case .output(let error):
        throw error
      }
    }
  }

  /// The picture a style paints cannot be used; the description names the file and what is
  /// wrong with it. Bad input: the tool exits with status 2.
  struct ImageProblem: ProgressRenderError, CustomStringConvertible {
    /// The option that brought the picture in: `--image`, or `--style-file` for a style's `look.image.path`.
    let option: String
    /// One line naming the file.
    let description: String
    /// Bad input.
    var kind: ErrorKind { .badInput }
  }

  private static func isStill(_ output: OutputTarget) -> Bool {
    if case .still = output { return true }
    return false
  }

  private static func isGIF(_ output: OutputTarget) -> Bool {
    if case .gif = output { return true }
    return false
  }
}
