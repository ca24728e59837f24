import Foundation
import Testing

@testable import ProgressRenderBatch

/// A manifest entry's `ignore`: the regions `check` does not compare, `[[x, y, w, h], …]`.
@Suite struct ManifestIgnoreTests {
  private func decode(_ ignore: String) throws(BatchError) -> ManifestValue? {
    let text = "{ \"assets\": [ { \"style\": \"thumb\", \"out\": \"t.gif\", \"ignore\": \(ignore) } ] }"
    return try BatchManifest.decode(Data(text.utf8), path: "m.json").entry(at: 0).values["ignore"]
  }

  @Test(arguments: [
    ("[[0, 0, 4, 4], [1, 2, 3, 4]]", "0,0,4,4 1,2,3,4", "[[0,0,4,4],[1,2,3,4]]"),
    ("[]", "", "[]"),
  ])
  func regionsDecode(json: String, argument: String, canonical: String) throws {
    let value = try #require(try decode(json))
    guard case .regions(let regions) = value else {
      Issue.record("not regions: \(value)")
      return
    }
    #expect(regions.count == (argument.isEmpty ? 0 : argument.split(separator: " ").count))
    #expect(value.argumentText == argument)
    #expect(value.jsonText == canonical)
  }

  @Test(arguments: [
    "[[0, 0, 0, 4]]", "[[0, 0, 4]]", "[[-1, 0, 4, 4]]", "[[0, 0, 4, 4, 4]]", "[[0.5, 0, 4, 4]]",
    "[[0, 0, 4, 4]" + String(repeating: ", [0, 0, 1, 1]", count: 256) + "]",
  ])
  func badRegionsNameThePlace(json: String) {
    #expect {
      _ = try decode(json)
    } throws: { error in
      "\(error)".contains("assets[0].ignore: expected at most 256 regions [[x, y, w, h], …]")
    }
  }

  @Test func otherKeysStillRefuseLists() {
    #expect(throws: BatchError.self) {
      _ = try BatchManifest.decode(Data(#"{ "assets": [ { "size": [[0, 0, 4, 4]] } ] }"#.utf8), path: "m.json")
    }
  }
}
