import Foundation
import ProgressRender

/// Turns a batch manifest into checked assets with the very option table and checks of `render`:
/// each merged entry decodes into a `RenderRequest` through `RenderOption.all` (each value parsed
/// by its option's kind, `true` for flags) and is planned by `RenderCommand.plan`.
///
/// Every entry is checked before anything renders; each problem is one message naming the entry
/// and key (`assets[3].scale: expected a whole number 1…4, got "x"`). Relative `out`, `style-file`
/// and `image` paths are relative to the manifest's folder; outputs may go under another root
/// (`check` renders into a temporary folder).
///
/// Outputs follow one rule for `batch` and `check`, on the paths they really lead to (links
/// followed, `..` applied; see `OutputPathResolver`): each stays inside the manifest's folder
/// (unless `allowOutside`), none is that folder or one above it, and no two entries write the same
/// place or one inside the other (a frames folder owns everything in it).
struct BatchPlanner {
  /// Every problem found in a manifest, one line each.
  struct Failure: Error, CustomStringConvertible {
    /// The messages, in manifest order.
    let messages: [String]
    var description: String { messages.joined(separator: "\n") }
  }

  /// A checked asset and its warnings (options its style or output ignores, set by the asset itself).
  struct Planned {
    let asset: BatchAsset
    let warnings: [String]
  }

  /// The manifest.
  let manifest: BatchManifest
  /// Folder relative outputs are written under; `nil` is the manifest's folder.
  let outputRoot: String?
  /// Accept outputs that lead outside the manifest's folder (`--allow-outside`).
  var allowOutside = false

  /// Plans every asset.
  /// - Returns: the assets in manifest order.
  /// - Throws: `Failure` with every problem found; folders created for outputs are removed again.
  func plan() throws(Failure) -> [Planned] {
    var messages: [(entry: Int, text: String)] = []
    var seen: Set<String> = []
    var current = -1
    func report(_ message: String) {
      if seen.insert(message).inserted { messages.append((message.hasPrefix("defaults.") ? -1 : current, message)) }
    }
    let entries = manifest.entries
    let folder = OutputPathResolver.resolved(manifest.directory)
    let ownFiles = Set([manifest.path, manifest.lockPath].map { OutputPathResolver.resolved($0) })
    var requests: [Int: RenderRequest] = [:]
    var names: [Int: String] = [:]
    var places: [(index: Int, resolved: String)] = []
    for entry in entries {
      current = entry.index
      let (request, entryMessages) = decode(entry)
      entryMessages.forEach(report)
      guard entryMessages.isEmpty else { continue }
      guard let (name, place) = output(entry, folder: folder, ownFiles: ownFiles, report: report) else { continue }
      names[entry.index] = name
      places.append((entry.index, place))
      var written = request
      written.out = name
      requests[entry.index] = written
    }
    for (index, message) in BatchPlanner.overlaps(places, entries: entries, folder: folder) {
      current = index
      report(message)
      names[index] = nil
    }
    var planned: [(entry: BatchEntry, planned: Planned, render: RenderCommand.Plan)] = []
    for entry in entries {
      guard let name = names[entry.index], let request = requests[entry.index] else { continue }
      current = entry.index
      do {
        let (asset, render) = try plan(entry, name: name, written: request)
        planned.append((entry, asset, render))
      } catch {
        error.messages.forEach(report)
      }
    }
    // Pre-flight, once every entry is planned: the folders above each output are created (and
    // removed again on failure), then each picture and output is checked.
    var created: [String] = []
    for (entry, asset, render) in planned {
      current = entry.index
      created += makeParentFolders(of: asset.asset.job.output.path)
      do {
        try RenderCommand.preflight(render)
      } catch {
        report(BatchPlanner.message(error, entry: entry))
      }
    }
    guard messages.isEmpty else {
      for folder in created.reversed() { try? FileManager.default.removeItem(atPath: folder) }
      let ordered = messages.enumerated().sorted { ($0.element.entry, $0.offset) < ($1.element.entry, $1.offset) }
      throw Failure(messages: ordered.map(\.element.text))
    }
    return planned.map(\.planned)
  }

  // MARK: - Values

  /// The request an entry asks for (paths as written), and its unknown keys, wrong JSON types and
  /// bad values.
  private func decode(_ entry: BatchEntry) -> (RenderRequest, [String]) {
    var messages: [String] = []
    var request = RenderRequest()
    let keys = RenderOption.all.map(\.key).sorted()
    for key in entry.sortedKeys {
      let value = entry.values[key]!
      let location = entry.location(of: key)
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
        messages.append(BatchPlanner.message(error, at: location, value: value))
      }
    }
    if entry.values["out"] == nil {
      messages.append(
        "\(entry.label): missing \"out\": give the output path (name.gif, name.png or folder/), "
          + "relative to the manifest")
    }
    switch (entry.values["style"], entry.values["style-file"]) {
    case (nil, nil):
      messages.append(
        "\(entry.label): missing \"style\" or \"style-file\": give a preset ("
          + Presets.names.joined(separator: ", ") + ") or a style file")
    case (.some, .some):
      messages.append("\(entry.label): \"style\" and \"style-file\" cannot be used together; give one of them")
    default:
      break
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
    let out = entry.values["out"]!.argumentText
    let location = entry.location(of: "out")
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
    func out(_ index: Int) -> String { entries[index].values["out"]?.argumentText ?? "" }
    func who(_ index: Int) -> String {
      let entry = entries[index]
      return entry.defaultedKeys.contains("out") ? "\(entry.label) (from defaults.out)" : "\(entry.label).out"
    }
    for (index, resolved) in places {
      if let first = owners[resolved] {
        let place = shown(resolved)
        func spelled(_ index: Int) -> String {
          let text = out(index)
          return entries[index].defaultedKeys.contains("out") || BatchManifest.normalized(text) == place
            ? "" : " ('\(text)')"
        }
        if entries[first].defaultedKeys.contains("out") && entries[index].defaultedKeys.contains("out") {
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

  /// Where an output named in the manifest is written.
  func outputPath(_ name: String) -> String {
    outputRoot.map { BatchManifest.join($0, name) } ?? manifest.resolve(name)
  }

  /// The request with its paths resolved: the output under the output root, the style file and
  /// image relative to the manifest.
  private func resolved(_ request: RenderRequest) -> RenderRequest {
    var request = request
    if let out = request.out { request.out = outputPath(out) }
    request.styleFile = request.styleFile.map(manifest.resolve)
    request.overrides.imagePath = request.overrides.imagePath.map(manifest.resolve)
    return request
  }

  // MARK: - Planning

  /// Plans one entry from its request (paths as written in the manifest, the output by its name).
  private func plan(_ entry: BatchEntry, name: String, written: RenderRequest) throws(Failure)
    -> (Planned, RenderCommand.Plan)
  {
    do {
      let request = resolved(written)
      let plan = try RenderCommand.plan(request)
      var files: [BatchFingerprint.Input] = []
      if let styleFile = request.styleFile {
        files.append(BatchFingerprint.Input(role: "style-file", path: styleFile))
      }
      if let image = plan.job.style.look.image?.path {
        let path = image.hasPrefix("/") ? image : BatchManifest.join(plan.job.baseDirectory ?? ".", image)
        files.append(BatchFingerprint.Input(role: "image", path: path))
      }
      let inputs = BatchFingerprint.inputs(
        request: written, style: plan.style, files: files, fonts: BatchFingerprint.fontPatterns(of: plan.job.style))
      let warnings = plan.warnings.filter { !entry.defaultedKeys.contains(String($0.option.dropFirst(2))) }
        .map { "\(entry.label) (\(name)): \($0.message)" }
      let asset = BatchAsset(index: entry.index, name: name, job: plan.job, inputs: inputs)
      return (Planned(asset: asset, warnings: warnings), plan)
    } catch {
      throw Failure(messages: [BatchPlanner.message(error, entry: entry)])
    }
  }

  /// An error of planning or pre-flight, named by the entry and the key it concerns.
  private static func message(_ error: any Error, entry: BatchEntry) -> String {
    switch error {
    case let error as UsageError:
      return relabel(error, entry: entry)
    case let error as RenderCommand.ImageProblem:
      let key = error.option == "--image" ? "image" : "style-file"
      return "\(entry.location(of: key)): \(error.description)"
    case let error as OutputTargetError:
      return "\(entry.location(of: "out")): \(error)"
    default:
      return "\(entry.label): \(error)"
    }
  }

  // MARK: - Messages

  /// A value error for one key, in the manifest's words: `assets[3].scale: expected …, got "x"`.
  static func message(_ error: OptionValueError, at location: String, value: ManifestValue) -> String {
    switch error {
    case .invalid(_, let expected), .outOfRange(let expected):
      return "\(location): expected \(expected), got \(value.jsonText)"
    case .invalidChoice(let choices, let suggestion):
      return "\(location): expected one of \(choices.joined(separator: ", ")), got \(value.jsonText)"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    }
  }

  /// A command-line error for one key, in the manifest's words: `assets[3].at: expected …, got "9s"`.
  static func relabel(_ error: UsageError, at location: String, value: ManifestValue) -> String {
    switch error {
    case .invalidValue(_, _, _, let expected), .outOfRange(_, _, let expected):
      return "\(location): expected \(expected), got \(value.jsonText)"
    case .invalidChoice(_, _, let choices, let suggestion):
      return "\(location): expected one of \(choices.joined(separator: ", ")), got \(value.jsonText)"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    default:
      return "\(location): \(error)"
    }
  }

  /// An error of `RenderCommand.plan`, named by the key it concerns when there is one.
  private static func relabel(_ error: UsageError, entry: BatchEntry) -> String {
    switch error {
    case .invalidValue(let option, _, _, _), .outOfRange(let option, _, _), .invalidChoice(let option, _, _, _):
      let key = String(option.dropFirst(2))
      return relabel(error, at: entry.location(of: key), value: entry.values[key] ?? .string(""))
    case .unknownStyle:
      return "\(entry.location(of: "style")): \(error)"
    default:
      return "\(entry.label): \(error)"
    }
  }

  /// A path in a form two spellings of one file share: absolute, standardized, no trailing `/`.
  private static func comparable(_ path: String) -> String {
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    return URL(fileURLWithPath: absolute).standardizedFileURL.path
  }

  /// Creates the missing folders above an output; returns them, outermost first.
  private func makeParentFolders(of path: String) -> [String] {
    var missing: [String] = []
    var folder = (BatchPlanner.comparable(path) as NSString).deletingLastPathComponent
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
}
