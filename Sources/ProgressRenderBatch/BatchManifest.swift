import Foundation
import ProgressRenderCore
import ProgressRenderSupport

/// A batch manifest: `{ "defaults": { … }, "assets": [ { … }, … ] }`, every key a long option of
/// `render` without its dashes, every value a JSON boolean (flags), number or string.
///
/// ```json
/// { "defaults": { "size": 120, "fps": 30 },
///   "assets": [ { "style": "wave", "out": "wave@2x.gif", "scale": 2 } ] }
/// ```
/// Relative paths in the entries are relative to the manifest's folder (see `resolve(_:)`).
public struct BatchManifest: Equatable, Sendable {
  /// The manifest file as given.
  public var path: String
  /// Values every asset starts from.
  public var defaults: [String: ManifestValue]
  /// Each asset's own values, in manifest order.
  public var assets: [[String: ManifestValue]]

  /// Creates a manifest from its parts.
  public init(path: String, defaults: [String: ManifestValue] = [:], assets: [[String: ManifestValue]]) {
    self.path = path
    self.defaults = defaults
    self.assets = assets
  }

  /// Reads and decodes a manifest file.
  /// - Parameter path: the JSON file.
  /// - Throws: `BatchError` naming the file and, for a bad value, its place
  ///   (`assets[2].size`).
  public static func load(path: String) throws(BatchError) -> BatchManifest {
    let data: Data
    do {
      data = try InputFile.read(path, limit: maxFileSize)
    } catch {
      let why = error.message == "no such file" ? "does not exist" : error.message
      throw BatchError("manifest \(QuotedText.quoted(path)) \(why); give the path of a JSON manifest file")
    }
    return try decode(data, path: path)
  }

  /// Largest manifest file read, in bytes (4 MiB).
  public static let maxFileSize = 4 << 20
  /// Most assets in one manifest.
  public static let maxAssets = 10_000
  /// Longest string value, in characters (a path is at most 4096 bytes).
  public static let maxTextLength = 4096

  /// Decodes a manifest from JSON bytes.
  /// - Parameters:
  ///   - data: the JSON text.
  ///   - path: the file it came from (for messages and relative paths).
  /// - Throws: `BatchError` naming the file and the place of the problem.
  public static func decode(_ data: Data, path: String) throws(BatchError) -> BatchManifest {
    do {
      let raw = try JSONDecoder().decode(Raw.self, from: data)
      return BatchManifest(path: path, defaults: raw.defaults ?? [:], assets: raw.assets)
    } catch let error as BatchError {
      throw BatchError("manifest \(QuotedText.quoted(path)): " + error.description)
    } catch let error as DecodingError {
      throw BatchError("manifest '\(path)': " + describe(error))
    } catch {
      throw BatchError("manifest '\(path)' is not valid JSON: \(error)")
    }
  }

  /// The entry of asset `index` with `defaults` merged in.
  public func entry(at index: Int) -> BatchEntry {
    var values = defaults
    var defaulted = Set(defaults.keys)
    for (key, value) in assets[index] {
      values[key] = value
      defaulted.remove(key)
    }
    return BatchEntry(index: index, values: values, defaultedKeys: defaulted)
  }

  /// Every entry, in manifest order.
  public var entries: [BatchEntry] { assets.indices.map(entry(at:)) }

  /// The folder holding the manifest (`.` for a bare file name).
  public var directory: String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The lock file beside the manifest: `assets.json` → `assets.lock` (any extension is replaced).
  public var lockPath: String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let stem = name.lastIndex(of: ".").map { $0 == name.startIndex ? name : String(name[..<$0]) } ?? name
    return BatchManifest.join(directory, stem + ".lock")
  }

  /// A path from the manifest made usable from the working directory: absolute paths stay,
  /// relative ones are joined to the manifest's folder (a trailing `/` is kept).
  public func resolve(_ path: String) -> String {
    BatchManifest.join(directory, path)
  }

  /// `base` + `/` + `path`, unless `path` is absolute or `base` is `.`.
  public static func join(_ base: String, _ path: String) -> String {
    if path.hasPrefix("/") || base == "." { return path }
    return (base.hasSuffix("/") ? base : base + "/") + path
  }

  /// A relative path in normal form, for comparing outputs and naming them in the lock:
  /// `./a//b/../c/` → `a/c/`. Returns `nil` for a path that leaves its folder (`../x`) or is absolute.
  public static func normalized(_ path: String) -> String? {
    guard !path.hasPrefix("/") else { return nil }
    var parts: [Substring] = []
    for part in path.split(separator: "/") where part != "." {
      if part == ".." {
        guard !parts.isEmpty else { return nil }
        parts.removeLast()
      } else {
        parts.append(part)
      }
    }
    guard !parts.isEmpty else { return nil }
    return parts.joined(separator: "/") + (path.hasSuffix("/") ? "/" : "")
  }

  // MARK: - Decoding

  private struct Raw: Decodable {
    var defaults: [String: ManifestValue]?
    var assets: [[String: ManifestValue]]

    enum CodingKeys: String, CodingKey, CaseIterable { case defaults, assets }

    struct AnyKey: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
      let any = try decoder.container(keyedBy: AnyKey.self)
      let known = CodingKeys.allCases.map(\.rawValue)
      for key in any.allKeys.map(\.stringValue).sorted() where !known.contains(key) {
        throw BatchError(
          "unknown top-level key '\(key)'; a manifest has \"defaults\" (optional) and \"assets\"")
      }
      let container = try decoder.container(keyedBy: CodingKeys.self)
      defaults = try container.decodeIfPresent([String: ManifestValue].self, forKey: .defaults)
      guard container.contains(.assets) else {
        throw BatchError("missing \"assets\": expected a list of assets, each an object of render options")
      }
      let list = try? container.nestedUnkeyedContainer(forKey: .assets)
      if let count = list?.count, count > BatchManifest.maxAssets {
        throw BatchError(
          "\"assets\" has \(count) entries; a manifest may have at most \(BatchManifest.maxAssets)")
      }
      assets = try container.decode([[String: ManifestValue]].self, forKey: .assets)
    }
  }

  /// `assets[2].size: expected a boolean, number or string`.
  private static func describe(_ error: DecodingError) -> String {
    switch error {
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      let place = StyleLoader.render(context.codingPath)
      let what: String
      if type == ManifestValue.self {
        what = "expected a boolean (for a flag), a number or a string"
      } else if context.codingPath.isEmpty {
        what = "expected an object with \"defaults\" and \"assets\""
      } else if context.codingPath.count == 1 && context.codingPath[0].stringValue == "assets" {
        what = "expected a list of objects"
      } else {
        what = "expected an object of render options"
      }
      return place.isEmpty ? what : place + ": " + what
    case .dataCorrupted(let context) where !context.codingPath.isEmpty && context.underlyingError == nil:
      return StyleLoader.render(context.codingPath) + ": " + context.debugDescription
    case .dataCorrupted(let context):
      let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
      return "not valid JSON" + (underlying.map { " (\($0))" } ?? "") + "; check the syntax"
    case .keyNotFound(let key, _):
      return "missing \"\(key.stringValue)\""
    @unknown default:
      return "cannot be read"
    }
  }
}
