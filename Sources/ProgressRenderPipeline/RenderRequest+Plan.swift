import Foundation
import ProgressRenderCore
import ProgressRenderFormats

extension RenderRequest {
  /// Checks the request and turns it into a job: the style (preset or file), the settings and
  /// their limits, the overrides against the style, the output path and the still time. Reads
  /// the style file and nothing else; writes nothing (`RenderPlan.preflight()` comes next).
  /// - Returns: the plan, with a warning for each override, track or option the render ignores.
  /// - Throws: `RenderPlanError` naming the field that is wrong.
  public func plan() throws(RenderPlanError) -> RenderPlan {
    let source = try StyleSource(self)
    guard let outPath = out else { throw .missingOutput }
    let settings: RenderSettings
    do {
      settings = try self.settings(for: source.style)
    } catch {
      throw .settings(error)
    }
    var overrides = resolvedOverrides(baseDirectory: source.baseDirectory)
    do {
      try overrides.validate(against: source.style)
    } catch {
      throw .overrides(error)
    }
    let output: OutputTarget
    do {
      output = try OutputTarget(path: outPath)
    } catch {
      throw .output(error)
    }
    var still = false
    var gif = false
    switch output {
    case .still: still = true
    case .gif: gif = true
    default: break
    }
    var stillTime = still ? try checkedStillTime(duration: settings.duration) : nil

    var warnings = overrides.ignoredFields(by: source.style).map {
      RenderWarning.ignoredOverride(key: $0.rawValue, style: source.style.name)
    }
    for track in source.style.unreadTracks {
      warnings.append(.unreadTrack(track, style: source.style.name, readers: TrackUse.defaultReaders(of: track)))
    }
    if at != nil, !still { warnings.append(.stillOnly(key: "at")) }
    if let font = overrides.font, overrides.ignoredFields(by: source.style).contains(.font) == false,
      !FontFamilyCheck.isInstalled(font)
    {
      warnings.append(.uninstalledFont(key: "font", family: font))
    }
    let given = Set(givenKeys)
    if given.contains("loop"), !output.isAnimatedFile { warnings.append(.animationOnly(key: "loop")) }
    for key in ["colors", "dither", "dither-method", "matte"] where given.contains(key) && !gif {
      warnings.append(.gifOnly(key: key))
    }
    if case .lottie = output {
      do {
        try LottieExporter.checkParts(of: source.style)
      } catch {
        throw .lottie(error)
      }
      for key in ["edge-levels", "scale"] where given.contains(key) { warnings.append(.notForLottie(key: key)) }
    }
    if given.contains("quality"), output != .webp(path: outPath) { warnings.append(.webpOnly(key: "quality")) }

    if still, let progress = overrides.progress, source.style.tracks.contains(where: { $0.name == "progress" }) {
      guard at == nil else { throw .progressWithStillTime }
      overrides.progress = nil
      stillTime = try Self.stillTime(
        reaching: progress, style: overrides.applied(to: source.style), duration: settings.duration)
    }

    var job = RenderJob(
      style: overrides.applied(to: source.style), settings: settings, output: output, at: stillTime,
      baseDirectory: source.baseDirectory, gif: gifOptions)
    job.webpQuality = quality
    return RenderPlan(
      job: job, style: source.style, warnings: warnings, givenImage: self.overrides.imagePath, styleFile: styleFile)
  }

  /// The look overrides. A relative image path is relative to the working directory: it is made
  /// absolute when the style has a base directory of its own (a style file's folder).
  private func resolvedOverrides(baseDirectory: String?) -> StyleOverrides {
    var overrides = self.overrides
    if let image = overrides.imagePath {
      let absolute = image.hasPrefix("/") || baseDirectory == nil
      overrides.imagePath = absolute ? image : FileManager.default.currentDirectoryPath + "/" + image
    }
    return overrides
  }

  /// The still time of `progress` P: the output time at which the style's `progress` track
  /// first reaches P (`Timeline.firstTime(of:reaching:within:)`), every track evaluated there.
  /// - Parameters:
  ///   - progress: the value 0…1 to reach.
  ///   - style: the style, overrides applied except the progress.
  ///   - duration: the output's duration in seconds (the timeline is stretched to it).
  /// - Returns: the still time in seconds of the output.
  /// - Throws: `RenderPlanError.progressNeverReached`.
  static func stillTime(reaching progress: Double, style: Style, duration: Double) throws(RenderPlanError)
    -> StillTime
  {
    let timeline = Timeline(tracks: style.tracks)
    guard let time = timeline.firstTime(of: "progress", reaching: progress, within: 0...max(style.duration, 0)) else {
      throw .progressNeverReached(value: progress, duration: style.duration)
    }
    guard duration != style.duration, style.duration > 0 else { return .seconds(time) }
    return .seconds(min(time * duration / style.duration, duration))
  }

  /// The still time, checked against the output's duration.
  /// - Throws: `RenderPlanError.stillTimeAfterEnd`.
  private func checkedStillTime(duration: Double) throws(RenderPlanError) -> StillTime? {
    guard let time = at else { return nil }
    if case .seconds(let seconds) = time, seconds > duration {
      throw .stillTimeAfterEnd(seconds: seconds, duration: duration)
    }
    return time
  }
}
