import Foundation
import ProgressRenderCore
import ProgressRenderFormats
import ProgressRenderLottie
import ProgressRenderRaster
import ProgressRenderSupport

/// Everything one render asks for, typed: the style source, the output, the settings the user
/// set, the GIF options, the still time and the style overrides.
///
/// The command line and batch manifests both fill one through `RenderOption.all` (each option
/// sets one field); `nil` means "not given" (the style's or the encoder's default applies).
public struct RenderRequest: Equatable, Sendable {
  /// A preset by name (`--style`).
  public var style: String?
  /// A style file (`--style-file`).
  public var styleFile: String?
  /// A Lottie animation file (`--lottie`), rendered instead of a style.
  public var lottie: String?
  /// The output path: `name.gif`, `name.png` or `folder/`.
  public var out: String?
  /// Canvas edge at 1×, in points (its width when `height` is given).
  public var size: Int?
  /// Canvas height at 1×, in points, for a canvas that is not square (`--size 50x16`).
  public var height: Int?
  /// Pixels per point.
  public var scale: Int?
  /// Frame rate.
  public var fps: Double?
  /// Length in seconds.
  public var duration: Double?
  /// Playback speed: the style's (or Lottie file's) length divided by it.
  public var speed: Double?
  /// GIF loop count; 0 loops forever.
  public var loop: Int?
  /// Canvas colour.
  public var background: RGBAColor?
  /// Anti-aliasing levels.
  public var edgeLevels: Int?
  /// Time of a still.
  public var at: StillTime?
  /// Print nothing on success.
  public var quiet = false
  /// GIF palette size.
  public var colors: Int?
  /// GIF dithering strength.
  public var dither: Double?
  /// GIF dithering method: `diffusion` or `ordered`.
  public var ditherMethod: GIFDitherMethod?
  /// GIF matte colour.
  public var matte: RGBAColor?
  /// How a GIF without a matte shows partial alpha, `nil` for `GIFOptions`' default (dither).
  public var transparency: GIFTransparency?
  /// Lossy WebP quality (0…100); `nil` writes a lossless WebP.
  public var quality: Int?
  /// An SVG's title; `nil` uses the style's summary.
  public var title: String?
  /// The style's colours for light or dark pages (`StyleAppearance`), applied before `overrides`.
  public var appearance: StyleAppearance?
  /// Changes to the style's look and tracks.
  public var overrides = StyleOverrides()

  /// An empty request: nothing given.
  public init() {}

  /// The settings: the style's defaults with the given size, scale, rate, length, background and
  /// edge levels over them.
  /// - Parameter style: the style before overrides.
  /// - Returns: the settings, checked.
  /// - Throws: `RenderError` when the combination breaks a limit.
  public func settings(for style: Style) throws(RenderError) -> RenderSettings {
    var settings = RenderSettings(defaultsOf: style)
    if let size {
      settings.size = Double(size)
      settings.height = height.map(Double.init)
    }
    if let scale { settings.scale = scale }
    if let fps { settings.fps = fps }
    if let duration { settings.duration = duration }
    if let speed {
      guard duration == nil else { throw .speedWithDuration }
      guard speed.isFinite, RenderSettings.speedRange.contains(speed) else { throw .speed(speed) }
      settings.duration /= speed
    }
    if let background { settings.background = background }
    if let edgeLevels { settings.edgeLevels = edgeLevels }
    do {
      try settings.validate()
    } catch .frameCount(let stretched, let fps) where speed != nil {
      // The user gave the speed, not the length: name what they gave.
      throw .speedFrameCount(speed: speed ?? 1, length: stretched * (speed ?? 1), fps: fps)
    }
    return settings
  }

  /// The GIF options: the given loop count, colours, dithering and matte over `GIFOptions`' defaults.
  public var gifOptions: GIFOptions {
    var options = GIFOptions(loop: loop ?? 0)
    if let colors { options.colors = colors }
    if let dither { options.dither = dither }
    if let ditherMethod { options.ditherMethod = ditherMethod }
    options.matte = matte
    if let transparency { options.transparency = transparency }
    return options
  }

  /// The keys of the options given, in `RenderOption.all` order.
  public var givenKeys: [OptionKey] {
    RenderOption.all.filter { $0.value(in: self) != nil }.map(\.key)
  }

  /// The request as one line of canonical text: every given option that changes the output, by
  /// key in sorted order, with its value normalised (`"size":120`, `"color":"#ff0000"`). Two spellings of one request (`"red"` and `"#ff0000"`, `120` and `"120"`)
  /// have the same text; it feeds a batch asset's fingerprint.
  public var canonicalText: String {
    let options = RenderOption.all.filter(\.changesOutput).sorted { $0.key.name < $1.key.name }
    let pairs = options.compactMap { option in
      option.value(in: self).map { RenderRequest.quoted(option.key.name) + ":" + RenderRequest.canonical($0) }
    }
    return "{" + pairs.joined(separator: ",") + "}"
  }

  private static func canonical(_ value: OptionValue) -> String {
    switch value {
    case .integer(let number): return String(number)
    case .canvas(let width, let height): return quoted("\(width)x\(height)")
    case .number(let number): return JSONText.number(number)
    case .color(let color): return quoted(color.hexString)
    case .text(let text): return quoted(text)
    case .time(.seconds(let seconds)): return quoted(JSONText.number(seconds) + "s")
    case .time(.fraction(let fraction)): return quoted(JSONText.number(fraction) + " of the duration")
    case .time(.frame(let frame)): return quoted("\(frame)f")
    case .flag: return "true"
    }
  }

  /// A JSON string literal with `"`, `\` and control characters escaped (every control character
  /// as `\u00XX`, unlike `JSONText.quoted`: this text feeds the batch lock's fingerprints, so its
  /// bytes stay as they were).
  private static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"", "\\":
        out += "\\"
        out.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}

extension RenderRequest {
  /// Checks the request and turns it into a job: the style (preset or file), the settings and
  /// their limits, the overrides against the style, the output path and the still time. Reads
  /// the style file and nothing else; writes nothing (`RenderPlan.preflight()` comes next).
  /// - Returns: the plan, with a warning for each override, track or option the render ignores.
  /// - Throws: `RenderError` naming the field that is wrong.
  public func plan() throws(RenderError) -> RenderPlan {
    if let lottie {
      guard style == nil, styleFile == nil else { throw .lottieWithStyle }
      return try planLottie(lottie)
    }
    let source = try StyleSource(self)
    // Text is laid out by Pango with fontconfig's configuration: a style that draws text starts
    // loading both now, on other cores, while the rest is planned and the canvas set up.
    if source.style.look.drawsText {
      FontMatcher.preloadDefaultConfiguration()
      PangoLibrary.preload()
    }
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
    if output.isAnimatedFile, settings.pixelSize * settings.pixelHeight > RenderLimits.maxAnimatedPixels {
      throw .animatedCanvas(
        width: settings.pixelSize, height: settings.pixelHeight,
        format: output.format == .webp ? "WebP" : output.format.rawValue.uppercased())
    }
    var still = false
    var gif = false
    switch output {
    case .still: still = true
    case .gif: gif = true
    default: break
    }
    var stillTime = still ? try checkedStillTime(settings: settings) : nil

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
    if given.contains(.loop), !output.isAnimatedFile, output.format != .svg {
      warnings.append(.animationOnly(key: .loop))
    }
    for key: OptionKey in [.colors, .dither, .ditherMethod, .matte, .transparency] where given.contains(key) && !gif {
      warnings.append(.gifOnly(key: key))
    }
    if output.format == .lottie || output.format == .dotLottie {
      do {
        try LottieExporter.checkParts(of: base)
      } catch {
        throw .lottie(error)
      }
      for key: OptionKey in [.edgeLevels, .scale] where given.contains(key) { warnings.append(.notForLottie(key: key)) }
    }
    if given.contains(.quality), output != .webp(path: outPath) { warnings.append(.webpOnly(key: .quality)) }
    if given.contains(.title), output != .svg(path: outPath) { warnings.append(.svgOnly(key: .title)) }
    if case .svg = output {
      for key: OptionKey in [.edgeLevels, .scale] where given.contains(key) { warnings.append(.notForSVG(key: key)) }
    }

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
    job.title = title
    var plan = RenderPlan(
      job: job, style: source.style, warnings: warnings, givenImage: self.overrides.imagePath, styleFile: styleFile)
    plan.givenKeys = Set(given)
    let page = appearance == .dark ? RGBAColor.black : RGBAColor.white
    // The look as drawn at this size: a label left out there is not measured.
    let drawn = PresetCompiler(settings: settings, style: job.style).style
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

  /// The still time, checked against the output's duration: a time at most the end, a frame one of
  /// the frames there are (0 … count − 1, a Lottie file's own).
  /// - Parameters:
  ///   - settings: the output's length and rate.
  ///   - lottie: the Lottie animation painted, whose own frames `.frame` counts, if any.
  /// - Throws: `RenderError.stillTimeAfterEnd` or `.stillFrameAfterEnd`.
  func checkedStillTime(settings: RenderSettings, lottie: LottieImport? = nil) throws(RenderError) -> StillTime? {
    guard let time = at else { return nil }
    let duration = settings.duration
    switch time {
    case .seconds(let seconds) where seconds > duration:
      throw .stillTimeAfterEnd(seconds: seconds, duration: duration)
    case .frame(let frame):
      let perFrame = RenderJob.secondsPerFrame(lottie: lottie, settings: settings)
      let count = max(1, Int((duration / perFrame).rounded()))
      if frame >= count { throw .stillFrameAfterEnd(frame: frame, frames: count, ofLottie: lottie != nil) }
    default:
      break
    }
    return time
  }
}
