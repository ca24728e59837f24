import Foundation
import ProgressRenderCore
import ProgressRenderLottie
import ProgressRenderSupport

extension RenderRequest {
  /// Plans the render of a Lottie file (`lottie`): the file read into a composition, its size,
  /// rate (at most `RenderSettings.maxFPS`) and length as the defaults the options override, and
  /// a warning for each feature it cannot render.
  /// - Parameter path: the Lottie file, `-` for standard input.
  /// - Returns: the plan.
  /// - Throws: `RenderError` naming the option, the JSON path or the value that is wrong.
  func planLottie(_ path: String) throws(RenderError) -> RenderPlan {
    let imported: LottieImport
    do {
      imported = try LottieImporter.read(path: path)
    } catch {
      throw .lottieFile(error)
    }
    guard let outPath = out else { throw .missingOutput }
    let source = imported.composition
    let placeholder = Style(
      name: source.name, summary: source.name, size: source.width, duration: source.duration,
      fps: min(source.frameRate, RenderSettings.maxFPS), background: .clear, tracks: [], look: Look())
    var settings = try self.settings(for: placeholder)
    if size == nil, source.height != source.width {
      settings.height = source.height
      try settings.validate()
    }
    let output = try OutputTarget(path: outPath)
    var stillTime: StillTime?
    if case .still = output { stillTime = try checkedStillTime(settings: settings, lottie: imported) }
    var warnings = imported.warnings.map(RenderWarning.lottieFeature)
    if at != nil, stillTime == nil { warnings.append(.stillOnly(key: .at)) }
    let given = Set(givenKeys)
    for key: OptionKey in [.colors, .dither, .ditherMethod, .matte, .transparency] where given.contains(key) {
      if output.format != .gif { warnings.append(.gifOnly(key: key)) }
    }
    var job = RenderJob(
      style: placeholder, settings: settings, output: output, at: stillTime,
      baseDirectory: path == "-" ? nil : URL(fileURLWithPath: path).deletingLastPathComponent().path, gif: gifOptions)
    job.lottie = imported
    job.webpQuality = quality
    job.title = title
    var plan = RenderPlan(
      job: job, style: placeholder, warnings: warnings, givenImage: nil, styleFile: path == "-" ? nil : path)
    plan.givenKeys = given
    return plan
  }
}
