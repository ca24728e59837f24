import Foundation
import Synchronization

/// The built-in styles: the files `Resources/presets/NAME.json`, embedded at build time by the
/// `EmbedResources` plugin (each read off its source blog post, see `shared/notes/styles.md`).
///
/// Each file is exactly what `progress-render describe NAME` prints, and it is decoded by
/// `StyleLoader` with the value rules a `--style-file` meets; the JSON-shape and bounds checks are
/// left to the tests, which run them on every preset (they cost most of a small still's start-up). Adding
/// a preset means adding a JSON file (and, only for a new kind of part, a painter).
/// `Resources/presets/order.txt` lists the names in the order `progress-render styles` shows
/// them; a preset it does not list follows the listed ones, in name order. Each preset's
/// progress reaches 1 before the end of its default duration and holds, so a looping GIF always
/// shows the finished state.
public enum Presets {
  /// The folder of the presets inside `Resources/`.
  private static let folder = "presets/"

  /// All presets, in the order `progress-render styles` lists them.
  /// - Complexity: decodes every preset not decoded yet (see `named(_:)`).
  public static var all: [Style] { names.compactMap { try? named($0) } }

  /// The presets decoded so far, by name: a render decodes only the one it draws.
  private static let decoded = Mutex<[String: Style]>([:])

  /// Decodes one embedded preset, as `StyleLoader` decodes a `--style-file`.
  private static func decode(_ name: String, _ data: Data) -> Style {
    let source = "Resources/" + folder + name + ".json"
    do {
      guard data.count <= StyleLoader.maxFileSize else {
        throw StyleError.invalid(source: source, path: "", message: "larger than \(StyleLoader.maxFileSize) bytes")
      }
      let style = try StyleLoader.decode(data: data, source: source, checkingBounds: false)
      guard style.name == name else {
        throw StyleError.invalid(source: source, path: "name", message: "must be \"\(name)\", the file's name")
      }
      return style
    } catch {
      // The files are part of the build, and the tests decode every one: this is a bug in them.
      fatalError("the embedded preset is invalid: \(error)")
    }
  }

  /// The names of all presets, in listing order.
  public static let names: [String] = {
    let listed = String(decoding: EmbeddedResources.file(folder + "order.txt") ?? Data(), as: UTF8.self)
      .split(separator: "\n").map { String($0) }.filter(embedded.contains)
    return listed + embedded.filter { !listed.contains($0) }.sorted()
  }()

  /// The names of the embedded preset files (`presets/NAME.json`, none in a subfolder).
  private static let embedded: Set<String> = Set(
    EmbeddedResources.paths.compactMap { path in
      guard path.hasPrefix(folder), path.hasSuffix(".json") else { return nil }
      let name = path.dropFirst(folder.count).dropLast(".json".count)
      return name.contains("/") ? nil : String(name)
    })

  /// A preset's JSON, exactly as its file holds it; `nil` when there is no such preset. Only this
  /// file is decoded from the binary.
  private static func json(_ name: String) -> Data? {
    embedded.contains(name) ? EmbeddedResources.file(folder + name + ".json") : nil
  }

  /// The preset with this name.
  /// - Parameter name: a preset name such as `wave`.
  /// - Returns: the style.
  /// - Throws: `UnknownPresetError` when no preset has that name, with the valid names and the
  ///   nearest one (`wav` → did you mean `wave`?).
  /// - Complexity: the first call for a name decodes and validates that preset only; later calls
  ///   return the decoded style.
  public static func named(_ name: String) throws(UnknownPresetError) -> Style {
    if let style = decoded.withLock({ $0[name] }) { return style }
    guard let data = json(name) else { throw UnknownPresetError(name: name, names: names) }
    let style = decode(name, data)
    decoded.withLock { $0[name] = style }
    return style
  }

  /// Whether `style` is a built-in preset exactly as decoded (no option changed it).
  /// - Complexity: one comparison with the preset of the same name, when it was decoded.
  static func isBuiltIn(_ style: Style) -> Bool {
    decoded.withLock { $0[style.name] == style }
  }

  /// A preset's file, byte for byte: what `progress-render describe NAME` prints.
  /// - Parameter name: a preset name such as `wave`.
  /// - Returns: the JSON text, or `nil` when there is no such preset.
  public static func source(named name: String) -> String? {
    json(name).map { String(decoding: $0, as: UTF8.self) }
  }
}
