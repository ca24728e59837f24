import Foundation
import ProgressRenderCore
import ProgressRenderFormats
import ProgressRenderRaster

extension RenderRequest {
  /// Checks the request and turns it into a job: the style (preset or file), the settings and
  /// their limits, the overrides against the style, the output path and the still time. Reads
  /// the style file and nothing else; writes nothing (`RenderPlan.preflight()` comes next).
  /// - Returns: the plan, with a warning for each override, track or option the render ignores.
  /// - Throws: `RenderError` naming the field that is wrong.
  public func plan() throws(RenderError) -> RenderPlan {
    let source = try StyleSource(self)
    // The appearance's palette first: the colour options given then win over it.
    let base = appearance.map { source.style.inAppearance($0) } ?? source.style
    guard let outPath = out else { throw .missingOutput }
    let settings = try self.settings(for: base)
    var overrides = resolvedOverrides(baseDirectory: source.baseDirectory)
    do {
      try overrides.validate(against: base)
    } catch {
      throw .style(error)
    }
    let output = try OutputTarget(path: outPath)
    var still = false
    var gif = false
    switch output {
    case .still: still = true
    case .gif: gif = true
    default: break
    }
    var stillTime = still ? try checkedStillTime(duration: settings.duration) : nil

    var warnings = overrides.ignoredFields(by: base).map {
      RenderWarning.ignoredOverride(key: .look($0), style: base.name)
    }
    for track in base.unreadTracks {
      warnings.append(.unreadTrack(track, style: base.name, readers: TrackUse.defaultReaders(of: track)))
    }
    if at != nil, !still { warnings.append(.stillOnly(key: .at)) }
    if let font = overrides.font, overrides.ignoredFields(by: base).contains(.font) == false,
      !FontFamilyCheck.isInstalled(font)
    {
      warnings.append(.uninstalledFont(key: .look(.font), family: font))
    }
    let given = Set(givenKeys)
    if given.contains(.loop), !output.isAnimatedFile { warnings.append(.animationOnly(key: .loop)) }
    for key: OptionKey in [.colors, .dither, .ditherMethod, .matte] where given.contains(key) && !gif {
      warnings.append(.gifOnly(key: key))
    }
    if case .lottie = output {
      do {
        try LottieExporter.checkParts(of: base)
      } catch {
        throw .lottie(error)
      }
      for key: OptionKey in [.edgeLevels, .scale] where given.contains(key) { warnings.append(.notForLottie(key: key)) }
    }
    if given.contains(.quality), output != .webp(path: outPath) { warnings.append(.webpOnly(key: .quality)) }

    if still, let progress = overrides.progress, base.tracks.contains(where: { $0.name == "progress" }) {
      guard at == nil else { throw .progressWithStillTime }
      overrides.progress = nil
      stillTime = try Self.stillTime(
        reaching: progress, style: overrides.applied(to: base), duration: settings.duration)
    }

    var job = RenderJob(
      style: overrides.applied(to: base), settings: settings, output: output, at: stillTime,
      baseDirectory: source.baseDirectory, gif: gifOptions)
    job.webpQuality = quality
    var plan = RenderPlan(
      job: job, style: source.style, warnings: warnings, givenImage: self.overrides.imagePath, styleFile: styleFile)
    plan.givenKeys = Set(given)
    let page = appearance == .dark ? RGBAColor.black : RGBAColor.white
    // The look as drawn at this size: a label left out there is not measured.
    let drawn = PresetCompiler(style: job.style, pixelSize: settings.pixelSize, scale: settings.scale).style
    plan.contrastWarnings = ContrastCheck.warnings(style: drawn, background: settings.background, page: page)
    return plan
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
  /// - Throws: `RenderError.progressNeverReached`.
  static func stillTime(reaching progress: Double, style: Style, duration: Double) throws(RenderError)
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
  /// - Throws: `RenderError.stillTimeAfterEnd`.
  private func checkedStillTime(duration: Double) throws(RenderError) -> StillTime? {
    guard let time = at else { return nil }
    if case .seconds(let seconds) = time, seconds > duration {
      throw .stillTimeAfterEnd(seconds: seconds, duration: duration)
    }
    return time
  }
}
