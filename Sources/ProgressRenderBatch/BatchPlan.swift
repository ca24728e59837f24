import Foundation
import ProgressRenderCore
import ProgressRenderPipeline
import ProgressRenderSupport

/// The first, pure step of `batch` and `check`: every manifest entry decoded into a typed
/// `RenderRequest` through `RenderOption.all` (each value parsed by its option's kind, `true`
/// for flags), and every output checked against the output rule. Nothing is read but the paths'
/// links, and nothing is written; pre-flight (`createParentFolders(of:)`, `RenderJob.preflight()`)
/// and rendering come after.
///
/// Each problem is one message naming the entry and key (`assets[3].scale: expected a whole
/// number 1…4, got "x"`). Relative `out`, `style-file` and `image` paths are relative to the
/// manifest's folder; outputs may go under another root (`check` renders into a temporary folder).
///
/// Outputs follow one rule for `batch` and `check`, on the paths they really lead to (links
/// followed, `..` applied; see `OutputPathResolver`): each stays inside the manifest's folder
/// (unless `allowOutside`), none is that folder or one above it, and no two entries write the same
/// place or one inside the other (a frames folder owns everything in it).
package struct BatchPlan: Sendable {
  /// An entry whose values and output passed.
  public struct Accepted: Sendable {
    /// The merged entry.
    public let entry: BatchEntry
    /// The output's name as written (normalized), which keys the lock and the goldens.
    public let name: String
    /// The request with paths as written in the manifest and the output by its name (the fingerprint hashes it).
    public let written: RenderRequest
    /// The request with its paths resolved: the output under the output root, the style file and
    /// image relative to the manifest.
    public let request: RenderRequest
  }

  /// The problems found so far, each message once, ordered by entry (`defaults.` first).
  public struct Problems: Sendable {
    private var found: [(entry: Int, text: String)] = []
    private var seen: Set<String> = []

    /// No problems.
    public init() {}

    /// Adds a problem of entry `index` (a message about `defaults.` goes first), unless it is known.
    public mutating func report(_ message: String, entry index: Int) {
      if seen.insert(message).inserted { found.append((message.hasPrefix("defaults.") ? -1 : index, message)) }
    }

    /// Whether there is none.
    public var isEmpty: Bool { found.isEmpty }

    /// The messages by entry, in the order found within one entry.
    public var messages: [String] {
      found.enumerated().sorted { ($0.element.entry, $0.offset) < ($1.element.entry, $1.offset) }.map(\.element.text)
    }
  }

  /// The manifest.
  public let manifest: BatchManifest
  /// Folder relative outputs are written under; `nil` is the manifest's folder.
  public let outputRoot: String?
  /// Accept outputs that lead outside the manifest's folder (`--allow-outside`).
  public let allowOutside: Bool
  /// The entries that passed, in manifest order.
  public private(set) var accepted: [Accepted] = []
  /// Every problem found.
  public private(set) var problems = Problems()

  /// Decodes and checks every entry.
  /// - Parameters:
  ///   - manifest: the manifest.
  ///   - outputRoot: folder relative outputs are written under; `nil` is the manifest's folder.
  ///   - allowOutside: accept outputs that lead outside the manifest's folder.
  /// - Complexity: O(entries × (keys + path depth)).
  public init(manifest: BatchManifest, outputRoot: String?, allowOutside: Bool = false) {
    self.manifest = manifest
    self.outputRoot = outputRoot
    self.allowOutside = allowOutside
    var problems = Problems()
    let entries = manifest.entries
    let folder = OutputPathResolver.resolved(manifest.directory)
    let ownFiles = Set([manifest.path, manifest.lockPath].map { OutputPathResolver.resolved($0) })
    var written: [Int: RenderRequest] = [:]
    var names: [Int: String] = [:]
    var places: [(index: Int, resolved: String)] = []
    for entry in entries {
      let (request, entryMessages) = decode(entry)
      for message in entryMessages { problems.report(message, entry: entry.index) }
      guard entryMessages.isEmpty else { continue }
      let place = output(entry, folder: folder, ownFiles: ownFiles) { problems.report($0, entry: entry.index) }
      guard let (name, resolved) = place else { continue }
      names[entry.index] = name
      places.append((entry.index, resolved))
      var asWritten = request
      asWritten.out = name
      written[entry.index] = asWritten
    }
    for (index, message) in BatchPlan.overlaps(places, entries: entries, folder: folder) {
      problems.report(message, entry: index)
      names[index] = nil
    }
    accepted = entries.compactMap { entry in
      guard let name = names[entry.index], let request = written[entry.index] else { return nil }
      return Accepted(entry: entry, name: name, written: request, request: resolved(request))
    }
    self.problems = problems
  }

  /// Where an output named in the manifest is written.
  public func outputPath(_ name: String) -> String {
    BatchPlan.outputPath(name, manifest: manifest, outputRoot: outputRoot)
  }

  /// Where an output named in `manifest` is written: under `outputRoot`, or beside the manifest.
  public static func outputPath(_ name: String, manifest: BatchManifest, outputRoot: String?) -> String {
    outputRoot.map { BatchManifest.join($0, name) } ?? manifest.resolve(name)
  }

  /// The asset of an accepted entry once its job is planned, with the fingerprint of its inputs:
  /// the request as written, the style before overrides, the style file (or the Lottie file and
  /// the image files it links), the picture and the label fonts (see `BatchFingerprint`).
  /// - Parameters:
  ///   - accepted: the entry.
  ///   - job: its planned job.
  ///   - style: the style its request names, before overrides.
  /// - Returns: the asset, ready to run.
  /// - Complexity: O(size of the style file and the picture).
  public func asset(_ accepted: Accepted, job: RenderJob, style: Style) -> BatchAsset {
    var files: [BatchFingerprint.Input] = []
    if let styleFile = accepted.request.styleFile {
      files.append(BatchFingerprint.Input(role: OptionKey.styleFile.name, path: styleFile))
    }
    if let lottie = accepted.request.lottie {
      files.append(BatchFingerprint.Input(role: OptionKey.lottie.name, path: lottie))
      for image in job.lottie?.imageFiles ?? [] {
        files.append(BatchFingerprint.Input(role: "lottie-image", path: image))
      }
    }
    if let image = job.imagePath {
      files.append(BatchFingerprint.Input(role: OptionKey.look(.image).name, path: image))
    }
    let inputs = BatchFingerprint.inputs(
      request: accepted.written, style: style, files: files, fonts: BatchFingerprint.fontPatterns(of: job.style))
    var asset = BatchAsset(index: accepted.entry.index, name: accepted.name, job: job, inputs: inputs)
    if case .regions(let regions)? = accepted.entry.values[ManifestValue.regionsKey] { asset.ignore = regions }
    return asset
  }

  // MARK: - Values

  /// The request an entry asks for (paths as written), and its unknown keys, wrong JSON types and
  /// bad values.
  private func decode(_ entry: BatchEntry) -> (RenderRequest, [String]) {
    var messages: [String] = []
    var request = RenderRequest()
    let keys = RenderOption.all.map(\.key.name).sorted()
    for key in entry.sortedKeys {
      let value = entry.values[key]!
      let location = entry.location(of: key)
      if key == ManifestValue.regionsKey {  // regions `check` does not compare; not a render option
        if case .regions = value { continue }
        messages.append("\(location): expected a list of regions [[x, y, w, h], …] in pixels, got \(value.jsonText)")
        continue
      }
      guard let option = RenderOption.named(key) else {
        let hint = NearestWord.suggestion(for: key, among: keys).map { "did you mean '\($0)'?" }
        messages.append(
          "\(location): unknown key; "
            + (hint ?? "keys are the long options of 'render' without '--' (see 'progress-render render --help')"))
        continue
      }
      switch (option.kind != .flag, value) {
      case (false, .bool(let flag)):
        if flag { option.set(.flag, in: &request) }
        continue
      case (false, _):
        messages.append("\(location): expected true or false, got \(value.jsonText)")
        continue
      case (true, .bool):
        messages.append("\(location): expected \(option.kind.expectation), got \(value.jsonText)")
        continue
      default:
        break
      }
      do {
        option.set(try option.kind.parse(value.argumentText), in: &request)
      } catch {
        messages.append(BatchPlan.message(error, at: location, value: value))
      }
    }
    if entry.values[OptionKey.out.name] == nil {
      messages.append(
        "\(entry.label): missing \"out\": give the output path (name.gif, name.png or folder/), "
          + "relative to the manifest")
    }
    let sources = [OptionKey.style, .styleFile, .lottie].map(\.name).filter { entry.values[$0] != nil }
    if sources.isEmpty {
      messages.append(
        "\(entry.label): missing \"style\", \"style-file\" or \"lottie\": give a preset ("
          + Presets.names.joined(separator: ", ") + "), a style file or a Lottie file")
    } else if sources.count > 1 {
      let listed = sources.map { "\"\($0)\"" }.joined(separator: " and ")
      messages.append("\(entry.label): \(listed) cannot be used together; give one of them")
    }
    if case .string("-")? = entry.values[OptionKey.lottie.name] {
      messages.append(
        "\(entry.location(of: OptionKey.lottie.name)): \"-\" (standard input) cannot be read by a manifest; "
          + "give the path of a Lottie file, relative to the manifest")
    }
    return (request, messages)
  }

  /// The output's name as written (normalized), which keys the lock and the goldens, and the
  /// place it leads to; `nil` (with the problem reported) when the output rule refuses it.
  /// - Parameters:
  ///   - entry: the entry.
  ///   - folder: the manifest's folder, resolved.
  ///   - ownFiles: the manifest and its lock file, resolved.
  ///   - report: takes each problem.
  private func output(_ entry: BatchEntry, folder: String, ownFiles: Set<String>, report: (String) -> Void)
    -> (String, String)?
  {
    let out = entry.values[OptionKey.out.name]!.argumentText
    let location = entry.location(of: OptionKey.out.name)
    guard !out.isEmpty else {
      report("\(location): expected a file or folder path, got \(ManifestValue.string(out).jsonText)")
      return nil
    }
    let resolved = OutputPathResolver.resolved(manifest.resolve(out))
    let allow = " (pass --allow-outside to allow it)"
    if OutputPathResolver.isWithin(folder, folder: resolved) {
      report("\(location): '\(out)' is the manifest's folder or a folder above it; give a file or a folder inside it")
    } else if out.hasPrefix("/") && !allowOutside {
      report(
        "\(location): '\(out)' is an absolute path; outputs are relative to the manifest's folder and stay inside it"
          + allow)
    } else if !OutputPathResolver.isWithin(resolved, folder: folder) && !allowOutside {
      report("\(location): '\(out)' leads outside the manifest's folder; outputs stay inside it" + allow)
    } else if ownFiles.contains(resolved) {
      report("\(location): '\(out)' is the manifest or its lock file; give another output path")
    } else if let name = BatchManifest.normalized(out) {
      return (name, resolved)
    } else if outputRoot != nil {
      report(
        "\(location): 'check' names each golden by the output's path inside the manifest's folder, and '\(out)' "
          + "has none; give a path relative to the manifest")
    } else {
      return (out, resolved)
    }
    return nil
  }

  /// The request with its paths resolved: the output under the output root, the style file, the
  /// Lottie file and image relative to the manifest.
  private func resolved(_ request: RenderRequest) -> RenderRequest {
    var request = request
    if let out = request.out { request.out = outputPath(out) }
    request.styleFile = request.styleFile.map(manifest.resolve)
    request.lottie = request.lottie.map(manifest.resolve)
    request.overrides.imagePath = request.overrides.imagePath.map(manifest.resolve)
    return request
  }

  /// Entries whose outputs lead to the same place, or one inside the other, each reported once
  /// at the later entry.
  /// - Parameters:
  ///   - places: each accepted entry's index and resolved output, in manifest order.
  ///   - entries: the manifest's entries.
  ///   - folder: the manifest's folder, resolved.
  /// - Returns: the later entry of each overlap and the message naming both.
  /// - Complexity: O(entries × path depth).
  private static func overlaps(_ places: [(index: Int, resolved: String)], entries: [BatchEntry], folder: String)
    -> [(Int, String)]
  {
    var owners: [String: Int] = [:]
    var firstBelow: [String: Int] = [:]
    var found: [(Int, String)] = []
    func shown(_ path: String) -> String { OutputPathResolver.relative(path, to: folder) ?? path }
    func out(_ index: Int) -> String { entries[index].values[OptionKey.out.name]?.argumentText ?? "" }
    func who(_ index: Int) -> String {
      let entry = entries[index]
      return entry.defaultedKeys.contains(OptionKey.out.name)
        ? "\(entry.label) (from defaults.out)" : "\(entry.label).out"
    }
    for (index, resolved) in places {
      if let first = owners[resolved] {
        let place = shown(resolved)
        func spelled(_ index: Int) -> String {
          let text = out(index)
          return entries[index].defaultedKeys.contains(OptionKey.out.name) || BatchManifest.normalized(text) == place
            ? "" : " ('\(text)')"
        }
        if entries[first].defaultedKeys.contains(OptionKey.out.name)
          && entries[index].defaultedKeys.contains(OptionKey.out.name)
        {
          found.append(
            (
              index,
              "\(entries[first].label) and \(entries[index].label) both write '\(place)' (from defaults.out); "
                + "give each asset its own output"
            ))
        } else {
          found.append(
            (
              index,
              "\(who(first))\(spelled(first)) and \(who(index))\(spelled(index)) both write '\(place)'; "
                + "give each asset its own output"
            ))
        }
        continue
      }
      var above = resolved
      var holder: Int?
      while above != "/" && holder == nil {
        above = OutputPathResolver.parent(of: above)
        holder = owners[above]
      }
      if let other = holder ?? firstBelow[resolved] {
        let (inner, outer, place) = holder != nil ? (index, other, above) : (other, index, resolved)
        found.append(
          (
            index,
            "\(who(inner)) ('\(out(inner))') writes inside '\(shown(place))', the output of \(who(outer)) "
              + "('\(out(outer))'); give each asset its own output"
          ))
        continue
      }
      owners[resolved] = index
      above = resolved
      while above != "/" {
        above = OutputPathResolver.parent(of: above)
        if firstBelow[above] == nil { firstBelow[above] = index }
      }
    }
    return found
  }

  /// A value error for one key, in the manifest's words: `assets[3].scale: expected …, got "x"`.
  public static func message(_ error: RenderError, at location: String, value: ManifestValue) -> String {
    switch error {
    case .invalidValue(_, let expected), .valueOutOfRange(let expected):
      return "\(location): expected \(expected), got \(value.jsonText)"
    case .invalidChoice(let choices, let suggestion):
      return "\(location): expected one of \(choices.joined(separator: ", ")), got \(value.jsonText)"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    default:
      return "\(location): \(error.description(naming: { "--" + $0.name }))"
    }
  }

  // MARK: - Pre-flight

  /// Creates the missing folders above an output, the first step of pre-flight.
  /// - Returns: the folders created, outermost first (`removeFolders(_:)` takes them away again).
  public static func createParentFolders(of path: String) -> [String] {
    var missing: [String] = []
    var folder = (comparable(path) as NSString).deletingLastPathComponent
    while !folder.isEmpty, folder != "/", !FileManager.default.fileExists(atPath: folder) {
      missing.insert(folder, at: 0)
      folder = (folder as NSString).deletingLastPathComponent
    }
    var created: [String] = []
    for folder in missing {
      guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)) != nil
      else { break }
      created.append(folder)
    }
    return created
  }

  /// Removes folders `createParentFolders(of:)` created, innermost first.
  public static func removeFolders(_ created: [String]) {
    for folder in created.reversed() { try? FileManager.default.removeItem(atPath: folder) }
  }

  /// A path in a form two spellings of one file share: absolute, standardized, no trailing `/`.
  private static func comparable(_ path: String) -> String {
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    return URL(fileURLWithPath: absolute).standardizedFileURL.path
  }
}
