import Foundation
import ProgressRender
import Synchronization

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
    let plan = try RenderCommand.plan(arguments)
    for warning in plan.warnings { console.warning(warning.message) }
    let summary = try RenderCommand.classify { try plan.job.run() }
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
  }

  /// Checks parsed options and turns them into a job (shared by `render` and `batch`).
  /// - Throws: `UsageError` or a library error naming the bad input; nothing is written.
  static func plan(_ arguments: ParsedArguments) throws -> Plan {
    let source = try StyleSource(arguments)
    guard let outPath = arguments.text("--out") else {
      throw UsageError.missingOption(option: "--out PATH", expected: "name.gif, name.png or a folder ending in '/'")
    }
    let settings = try RenderOptions.settings(arguments, style: source.style)
    let overrides = try RenderOptions.overrides(arguments, baseDirectory: source.baseDirectory)
    try overrides.validate(against: source.style)
    let style = overrides.applied(to: source.style)
    if let image = style.look.image?.path {
      let path = image.hasPrefix("/") ? image : BatchManifest.join(source.baseDirectory ?? ".", image)
      if let problem = imageProblem(path) {
        throw ImageProblem(option: arguments.has("--image") ? "--image" : "--style-file", description: problem)
      }
    }
    let output = try OutputTarget(path: outPath)
    let at = isStill(output) ? try RenderOptions.stillTime(arguments, settings: settings) : nil

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
    if arguments.has("--at"), !isStill(output) {
      warnings.append(("--at", "--at is used only for a still (--out name.png); ignored"))
    }
    for option in ["--loop", "--colors", "--dither", "--matte"] where arguments.has(option) && !isGIF(output) {
      warnings.append((option, "\(option) is used only for a GIF (--out name.gif); ignored"))
    }

    let gif = RenderOptions.gifOptions(arguments)
    let job = RenderJob(
      style: style, settings: settings, output: output, loop: gif.loop ?? 0, at: at,
      baseDirectory: source.baseDirectory, gif: gif)
    return Plan(job: job, warnings: warnings)
  }

  /// The picture a style paints cannot be used; the description names the file and what is
  /// wrong with it. Bad input: the tool exits with status 2.
  struct ImageProblem: Error, CustomStringConvertible {
    /// The option that brought the picture in: `--image`, or `--style-file` for a style's `look.image.path`.
    let option: String
    /// One line naming the file.
    let description: String
  }

  /// Why the picture at `path` cannot be painted, read as the painter reads it (a regular file, a
  /// valid PNG within `Painter.maxImagePixels`, at most 32767 pixels a side as Cairo requires), or
  /// `nil` when it can.
  /// - Complexity: one decode of the file, the first time a path is asked about (a batch whose
  ///   entries share a picture decodes it once).
  static func imageProblem(_ path: String) -> String? {
    if let known = checkedImages.withLock({ $0[path] }) { return known }
    let problem = readImageProblem(path)
    checkedImages.withLock { $0[path] = .some(problem) }
    return problem
  }

  /// `imageProblem` of each path asked about so far.
  private static let checkedImages = Mutex<[String: String?]>([:])

  private static func readImageProblem(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
      let data = FileManager.default.contents(atPath: path)
    else { return PainterError.unreadableImage(path: path).description }
    do {
      let frame = try PNGCodec.decode([UInt8](data), source: path, maxPixels: Painter.maxImagePixels)
      guard frame.width <= 32767, frame.height <= 32767 else {
        return "\(path): the PNG is \(frame.width)×\(frame.height) pixels, more than 32767 a side; use a smaller image"
      }
      return nil
    } catch {
      return error.description
    }
  }

  /// Runs the render, sorting its errors: an image that cannot be read or decoded is bad input
  /// (exit 2); anything else — Cairo, text, encoder, file system — is a failure (exit 1).
  static func classify(_ render: () throws -> RenderSummary) throws -> RenderSummary {
    do {
      return try render()
    } catch let error as PainterError {
      throw UsageError.input(error.description)
    } catch let error as PNGError {
      if case .encodeFailed = error { throw CommandFailure(description: error.description) }
      throw UsageError.input(error.description)
    } catch {
      throw CommandFailure(description: String(describing: error))
    }
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
