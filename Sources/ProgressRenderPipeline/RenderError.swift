import ProgressRenderCore
import ProgressRenderFormats
import ProgressRenderLottie
import ProgressRenderSupport

/// Why a render cannot be planned, checked or started: the one error type of
/// `ProgressRenderPipeline`. Every case is bad input (nothing was written).
///
/// A field is named as the caller spells it: `description(naming:)` lets a command line say
/// `--out` and a manifest `out`; `key` says which field a case is about.
public enum RenderError: ProgressRenderError, Equatable, Sendable, CustomStringConvertible {
  // Choosing the style.
  /// Both a preset name and a style file.
  case conflictingStyles
  /// Neither a preset name nor a style file; `names` are the presets.
  case missingStyle(names: [String])
  /// A preset name that does not exist, with the nearest one.
  case unknownStyle(String, names: [String], suggestion: String?)
  /// A style file that does not load.
  case styleFile(StyleError)
  /// A style that does not validate, or an override that does not fit it.
  case style(StyleError)
  /// A Lottie file that cannot be read.
  case lottieFile(LottieImportError)
  /// A Lottie file and a style.
  case lottieWithStyle

  // The output path.
  /// No output path.
  case missingOutput
  /// An empty output path.
  case emptyPath
  /// An output path whose extension names no format.
  case unknownExtension(path: String, extension: String)
  /// An output in a folder that does not exist.
  case missingFolder(folder: String, path: String)
  /// An output in a folder that cannot be written.
  case notWritable(folder: String, path: String)
  /// A frames folder path that is a file.
  case notADirectory(path: String)
  /// A frames folder that is `/`, the working directory or above it.
  case holdsWorkingDirectory(path: String)
  /// A frames folder holding something other than frames.
  case holdsEntry(path: String, name: String, kind: String)
  /// A frames folder whose parent cannot be written.
  case parentNotWritable(folder: String, path: String)
  /// A frames folder asked for as bytes in memory (`RenderJob.renderedFile()`): it is many files.
  case framesInMemory(path: String)
  /// A file output that exists and is not a regular file (`kind`: "a FIFO", "a symbolic link (to '…')", …).
  case notARegularFile(path: String, kind: String)
  /// The output is a file the same run reads (`input`: "the style file 's.json'", "the picture 'p.png'").
  case overwritesInput(path: String, input: String)
  /// A Lottie file that cannot be written for this style.
  case lottie(FormatError)
  /// GIF options out of range.
  case gifOptions(FormatError)

  // Canvas, rate and length.
  /// `size × scale` below 1 px or above the limit.
  case pixelSize(size: Double, scale: Int)
  /// An animated file's canvas (`width × height` pixels) above `RenderLimits.maxAnimatedPixels`.
  case animatedCanvas(width: Int, height: Int, format: String)
  /// A scale out of range.
  case scale(Int)
  /// A frame rate out of range.
  case fps(Double)
  /// A duration that is not above 0.
  case duration(Double)
  /// A speed outside `RenderSettings.speedRange`.
  case speed(Double)
  /// A speed and a duration both given: each sets the length.
  case speedWithDuration
  /// More frames than the limit.
  case frameCount(duration: Double, fps: Double)
  /// More frames than the limit because a speed stretched the length (`length` seconds before it).
  case speedFrameCount(speed: Double, length: Double, fps: Double)
  /// Edge levels out of range.
  case edgeLevels(Int)

  // Still time and pictures.
  /// A still time after the end of the output.
  case stillTimeAfterEnd(seconds: Double, duration: Double)
  /// A still frame past the last of `frames` (a Lottie file's own when `ofLottie`).
  case stillFrameAfterEnd(frame: Int, frames: Int, ofLottie: Bool)
  /// `progress` and `at` both given for a still.
  case progressWithStillTime
  /// A progress value the style's progress track never reaches.
  case progressNeverReached(value: Double, duration: Double)
  /// A picture path that does not exist.
  case missingImage(path: String)
  /// A picture path that is not a readable file.
  case unreadableImage(path: String)
  /// A picture that does not decode; `key` names the field that brought it in.
  case image(key: OptionKey, description: String)

  // One option's value, as text (no field named: the caller names it).
  /// A value that does not parse.
  case invalidValue(reason: String, expected: String)
  /// A value out of range.
  case valueOutOfRange(expected: String)
  /// A word that is none of the choices.
  case invalidChoice(choices: [String], suggestion: String?)

  /// Bad input: nothing was written.
  public var kind: ErrorKind { .badInput }

  /// The field the error is about (`out`, `style`, `at`), or `nil` when it names its own field.
  public var key: OptionKey? {
    switch self {
    case .conflictingStyles, .missingStyle, .unknownStyle: return .style
    case .styleFile: return .styleFile
    case .lottieFile, .lottieWithStyle: return .lottie
    case .missingOutput, .lottie: return .out
    case _ where isAboutOutputPath: return .out
    case .stillTimeAfterEnd, .stillFrameAfterEnd: return .at
    case .progressWithStillTime, .progressNeverReached: return .look(.progress)
    case .missingImage, .unreadableImage: return .look(.image)
    case .image(let key, _): return key
    default: return nil
    }
  }

  /// Whether the error is about the output path as given (its extension, its folder).
  public var isAboutOutputPath: Bool {
    switch self {
    case .emptyPath, .unknownExtension, .missingFolder, .notWritable, .notADirectory, .holdsWorkingDirectory,
      .holdsEntry, .parentNotWritable, .notARegularFile, .overwritesInput, .framesInMemory:
      return true
    default: return false
    }
  }

  /// What a valid value looks like, where the error is about one.
  public var expected: String? {
    switch self {
    case .missingStyle(let names): return "one of " + names.joined(separator: ", ")
    case .missingOutput: return "name.gif, name.png or a folder ending in '/'"
    case .stillTimeAfterEnd(_, let duration):
      let end = NumberText.short(duration)
      return "a time within the \(end) s output: 0s…\(end)s or 0%…100%"
    case .stillFrameAfterEnd(_, let frames, let ofLottie):
      return "a frame of the \(frames)-frame \(ofLottie ? "Lottie file (its own frames, from ip)" : "output"): "
        + "0f…\(frames - 1)f"
    case .invalidValue(_, let expected), .valueOutOfRange(let expected): return expected
    case .invalidChoice(let choices, _): return "one of " + choices.joined(separator: ", ")
    default: return nil
    }
  }

  /// The value as the user wrote it, where the error carries it.
  public var valueText: String? {
    if case .stillTimeAfterEnd(let seconds, _) = self { return NumberText.short(seconds) + "s" }
    if case .stillFrameAfterEnd(let frame, _, _) = self { return "\(frame)f" }
    return nil
  }

  private static let outputForms =
    "use name.gif, name.webp or name.apng (animation), name.png (still), name.json (Lottie) or a folder ending in '/' (PNG frames)"

  /// The message with each field named as itself (`out`, `size`).
  public var description: String { description(naming: \.name) }

  /// The message with each field named as `name` spells it.
  /// - Parameter name: the spelling of a field (`{ "--" + $0 }` for command-line options).
  /// - Returns: one line naming the field, the bad value and what would be right.
  public func description(naming name: (OptionKey) -> String) -> String {
    let n = NumberText.short
    switch self {
    case .conflictingStyles:
      return "\(name(.style)) and \(name(.styleFile)) cannot be used together; give one of them"
    case .missingStyle, .missingOutput:
      let what = key == .out ? "\(name(.out)) PATH" : "\(name(.style)) NAME or \(name(.styleFile)) FILE"
      return "missing \(what): expected \(expected ?? "")"
    case .unknownStyle(let style, let names, let suggestion):
      return "unknown style \(QuotedText.quoted(style))" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        + (suggestion == nil ? "; valid styles: " : " Valid styles: ") + names.joined(separator: ", ")
    case .styleFile(let error):
      return "\(name(.styleFile)) \(error.description)"
    case .lottieFile(let error):
      return "\(name(.lottie)) \(error.description)"
    case .lottieWithStyle:
      return "\(name(.lottie)) cannot be used with \(name(.style)) or \(name(.styleFile)); give one of them"
    case .style(let error):
      return error.description(naming: { name(.look($0)) })
    case .emptyPath, .unknownExtension, .missingFolder, .notWritable, .notADirectory, .holdsWorkingDirectory,
      .holdsEntry, .parentNotWritable, .notARegularFile, .overwritesInput, .framesInMemory:
      return "\(name(.out)) \(outputProblem)"
    case .lottie(let error):
      return "\(name(.out)) (Lottie): \(error.description)"
    case .gifOptions(let error):
      return error.description
    case .pixelSize(let value, let factor):
      let (size, scale) = (name(.size), name(.scale))
      let pixels = n(value * Double(factor))
      if value * Double(factor) < 1 {
        return "\(size) \(n(value)) × \(scale) \(factor) = \(pixels) px is below 1 px; use a \(size) of at least 1"
      }
      return "\(size) \(n(value)) × \(scale) \(factor) = \(pixels) px is above the \(RenderSettings.maxPixelSize) px "
        + "limit; lower \(size) or \(scale)"
    case .animatedCanvas(let width, let height, let format):
      let limit = RenderLimits.maxAnimatedPixels
      return "an animated \(format) of \(width)x\(height) pixels (\(name(.size)) × \(name(.scale))) is above the "
        + "\(limit) pixels (2048x2048) a frame may have; lower \(name(.size)) or \(name(.scale)), or write PNG "
        + "frames (--out folder/), an SVG or a Lottie file"
    case .scale(let value):
      return "\(name(.scale)) \(value) is out of range: use 1…\(RenderSettings.maxScale)"
    case .fps(let value):
      return "\(name(.fps)) \(n(value)) is out of range: use a frame rate from \(n(RenderSettings.minFPS)) to "
        + "\(n(RenderSettings.maxFPS))"
    case .duration(let value):
      return "\(name(.duration)) \(n(value)) is out of range: use a number of seconds above 0"
    case .speed(let value):
      let range = RenderSettings.speedRange
      return "\(name(.speed)) \(n(value)) is out of range: use a factor from \(n(range.lowerBound)) to "
        + "\(n(range.upperBound)) (2 plays twice as fast, 0.5 half as fast)"
    case .speedWithDuration:
      return "\(name(.speed)) and \(name(.duration)) cannot be used together: each sets the length; give one of them"
    case .frameCount(let seconds, let rate):
      let (duration, fps) = (name(.duration), name(.fps))
      return "\(duration) \(n(seconds)) × \(fps) \(n(rate)) = \(n((seconds * rate).rounded())) frames is above the "
        + "\(RenderSettings.maxFrames) frame limit; shorten \(duration) or lower \(fps)"
    case .speedFrameCount(let speed, let length, let rate):
      let (stretched, fps) = (length / speed, name(.fps))
      return "\(name(.speed)) \(n(speed)) stretches the \(n(length)) s timeline to \(n(stretched)) s, and "
        + "\(n(stretched)) s × \(fps) \(n(rate)) = \(n((stretched * rate).rounded())) frames is above the "
        + "\(RenderSettings.maxFrames) frame limit; raise \(name(.speed)) or lower \(fps)"
    case .edgeLevels(let levels):
      let range = RenderSettings.edgeLevelRange
      return "\(name(.edgeLevels)) \(levels) is out of range: use \(range.lowerBound)…\(range.upperBound) "
        + "(\(RenderSettings.defaultEdgeLevels) is the default, \(range.upperBound) is full anti-aliasing)"
    case .stillTimeAfterEnd, .stillFrameAfterEnd:
      return "\(name(.at)) \(QuotedText.escaped(valueText ?? "")) is out of range: expected \(expected ?? "")"
    case .progressWithStillTime:
      return "\(name(.look(.progress))) and \(name(.at)) cannot be used together for a still: "
        + "\(name(.look(.progress))) picks the time; give one of them"
    case .progressNeverReached(let value, let duration):
      return "\(name(.look(.progress))) \(n(value)) is never reached: the style's progress track "
        + "does not reach it in its \(n(duration)) s timeline"
    case .missingImage(let path):
      return "\(name(.look(.image))) '\(path)' does not exist; give the path of a PNG file"
    case .unreadableImage(let path):
      return "\(name(.look(.image))) '\(path)' is not a readable file; give the path of a PNG file"
    case .image(_, let description):
      return description
    case .invalidValue(let reason, let expected):
      return "\(reason): expected \(expected)"
    case .valueOutOfRange(let expected):
      return "is out of range: expected \(expected)"
    case .invalidChoice(_, let suggestion):
      return "expected \(expected ?? "")" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    }
  }

  /// What is wrong with the output path, without the field's name.
  public var outputProblem: String {
    switch self {
    case .emptyPath:
      return "the output path is empty: \(Self.outputForms)"
    case .unknownExtension(let path, let ext):
      let what = ext.isEmpty ? "has no extension" : "has an unknown extension '.\(ext)'"
      return "'\(path)' \(what): \(Self.outputForms)"
    case .missingFolder(let folder, let path):
      return "'\(path)': the folder '\(folder)' does not exist; create it first or choose another path"
    case .notWritable(let folder, let path):
      return "'\(path)': the folder '\(folder)' is not writable; choose a folder you can write to"
    case .framesInMemory(let path):
      return "'\(path)' is a folder of PNG frames, many files, and cannot be rendered to bytes in memory: "
        + "give a single file, name.gif, name.webp, name.apng, name.png, name.json, name.lottie or name.svg"
    case .notADirectory(let path):
      return "'\(path)' is a file, not a folder; remove the trailing '/' or choose another path"
    case .holdsWorkingDirectory(let path):
      return "'\(path)' is '/', the working directory or a folder holding it: a frames folder is replaced "
        + "as a whole; name a new folder such as 'frames/'"
    case .holdsEntry(let path, let name, let kind):
      return "'\(path)': the folder holds \(kind) '\(name)'; a frames folder is replaced as a whole: "
        + "point the output at a new folder or one holding only frames"
    case .parentNotWritable(let folder, let path):
      return "'\(path)': the folder '\(folder)' is not writable, and a frames folder is replaced there "
        + "as a whole; choose a folder whose parent you can write to"
    case .notARegularFile(let path, let kind):
      return "'\(path)' is \(kind), not a regular file; an output is written as a new file and renamed over "
        + "the old one, so give the path of a regular file or a new one (for a link: its target)"
    case .overwritesInput(let path, let input):
      return "'\(path)' is \(input), which this run reads; writing it would replace an input: choose another "
        + "output path"
    default:
      return description
    }
  }
}
