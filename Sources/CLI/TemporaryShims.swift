// TEMPORARY (cli helper): stand-ins for API other helpers are writing, so that the CLI builds
// before they land in main. Delete each one when `git merge main` brings the real thing.
import Foundation
import ProgressRender

/// TEMPORARY until the timeline helper's `StyleLoader` is in main.
func loadStyleFile(atPath path: String) throws -> Style {
  let data = try Data(contentsOf: URL(fileURLWithPath: path))
  do {
    return try JSONDecoder().decode(Style.self, from: data)
  } catch {
    throw UsageError.input("--style-file '\(path)' is not a valid style: \(error)")
  }
}

/// TEMPORARY until the timeline helper's `Style.canonicalJSON()` is in main.
func canonicalJSON(of style: Style) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  return String(decoding: try encoder.encode(style), as: UTF8.self) + "\n"
}

/// TEMPORARY until the lead's `RenderJob` is in main (assumed API).
struct RenderJob {
  init(style: Style, settings: RenderSettings, output: OutputTarget, loop: Int, at: StillTime?, baseDirectory: String?)
  {}

  func run() throws -> RenderSummary {
    throw CommandFailure(description: "rendering is not in this build yet (RenderJob has not landed)")
  }
}
