import ProgressRenderDiff
import ProgressRenderSupport

/// One value in a batch manifest: a JSON boolean (for flags), number or string; under the key
/// `ignore` (for `check`), a list of regions `[[x, y, w, h], …]`.
///
/// Decoding keeps the three apart (`true` is never the number 1), and numbers are turned back into
/// the shortest text that reads as the same number (`120`, `0.37`), as they would be typed on a
/// command line.
public enum ManifestValue: Equatable, Hashable, Sendable, Codable {
  /// `true` or `false`.
  case bool(Bool)
  /// A JSON number.
  case number(Double)
  /// A JSON string.
  case string(String)
  /// `ignore`'s list of regions not compared by `check`.
  case regions([IgnoreRegion])

  /// The key whose value is a list of regions.
  public static let regionsKey = "ignore"
  /// Most regions in one `ignore` list.
  public static let maxRegions = 256

  /// Decodes a boolean, number or string.
  /// - Throws: `DecodingError.typeMismatch` for `null`, arrays and objects.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if decoder.codingPath.last?.stringValue == ManifestValue.regionsKey, let lists = try? container.decode([[Int]].self)
    {
      let regions = lists.compactMap(IgnoreRegion.init(numbers:))
      guard regions.count == lists.count, regions.count <= ManifestValue.maxRegions else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription: "expected at most \(ManifestValue.maxRegions) regions [[x, y, w, h], …] in pixels "
              + "with x, y ≥ 0 and w, h ≥ 1"))
      }
      self = .regions(regions)
    } else if let flag = try? container.decode(Bool.self) {
      self = .bool(flag)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let text = try? container.decode(String.self) {
      guard text.unicodeScalars.count <= BatchManifest.maxTextLength else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription: "is \(text.unicodeScalars.count) characters long; at most \(BatchManifest.maxTextLength)")
        )
      }
      self = .string(text)
    } else if decoder.codingPath.last?.stringValue == ManifestValue.regionsKey {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "expected at most \(ManifestValue.maxRegions) regions [[x, y, w, h], …] in pixels "
            + "with x, y ≥ 0 and w, h ≥ 1"))
    } else {
      throw DecodingError.typeMismatch(
        ManifestValue.self,
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected a boolean, number or string"))
    }
  }

  /// Encodes the value as it was given.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .bool(let flag): try container.encode(flag)
    case .number(let number): try container.encode(number)
    case .string(let text): try container.encode(text)
    case .regions(let regions): try container.encode(regions.map { [$0.x, $0.y, $0.width, $0.height] })
    }
  }

  /// The value as a command-line word: `120`, `0.37`, `#ffffff`, `true`.
  public var argumentText: String {
    switch self {
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let number): return JSONText.number(number)
    case .string(let text): return text
    case .regions(let regions): return regions.map(\.description).joined(separator: " ")
    }
  }

  /// The value as JSON, for messages and fingerprints: `120`, `"x"`, `true`.
  public var jsonText: String {
    switch self {
    case .string(let text): return JSONText.quoted(text)
    case .regions(let regions): return "[" + regions.map { "[\($0.description)]" }.joined(separator: ",") + "]"
    default: return argumentText
    }
  }
}
