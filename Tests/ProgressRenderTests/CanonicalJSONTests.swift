import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderSupport

/// The canonical writer gives the bytes that Foundation on Linux gives with sorted keys (which the
/// files written so far have), and orders keys by their bytes whatever the system.
@Suite struct CanonicalJSONTests {
  struct Sample: Codable {
    var numbers: [Double] = [0, -0.0, 1, 0.1, 1e-7, 1e15, 1.5e16, 1e20, 123_456_789.125, -2.5, .leastNonzeroMagnitude]
    var integers: [Int64] = [0, -1, Int64.max, Int64.min]
    var text = "a/b\u{8}\u{c}\u{1}\u{1b}\"\\\n\r\t\u{7f}\u{2028}é漢"
    var empty: [Int] = []
    var emptyObject: [String: Int] = [:]
    var nested: [[Int]] = [[1, 2], []]
    var keys: [String: Bool] = ["a10": true, "a9": false, "B": true, "_": false, "é": true, "ab": true, "a\u{1}": true]
    var optional: Int? = nil
    var deep: [String: [String: [Double]]] = ["x": ["y": [1.25]], "": [:]]
  }

  #if os(Linux)
    /// Foundation's own sorted output, which on Linux orders keys by their bytes.
    static func foundation(_ value: some Encodable) throws -> String {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func matchesFoundationOnLinux() throws {
      #expect(try CanonicalJSON.text(of: Sample()) == Self.foundation(Sample()))
      for name in Presets.names {
        let style = try Presets.named(name)
        #expect(try CanonicalJSON.text(of: style) == Self.foundation(style), "\(name)")
      }
    }
  #endif

  @Test func ordersKeysByTheirBytes() throws {
    let text = try CanonicalJSON.text(of: ["b": 1, "B": 2, "a10": 3, "a9": 4, "_": 5])
    #expect(text == "{\n  \"B\" : 2,\n  \"_\" : 5,\n  \"a10\" : 3,\n  \"a9\" : 4,\n  \"b\" : 1\n}")
  }

  @Test func laysOutEmptyContainersAsFoundationDid() throws {
    #expect(try CanonicalJSON.text(of: [String: Int]()) == "{\n\n}")
    #expect(try CanonicalJSON.text(of: [[Int]()]) == "[\n  [\n\n  ]\n]")
  }
}
