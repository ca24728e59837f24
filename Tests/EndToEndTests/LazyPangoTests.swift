import Foundation
import Testing

/// Pango is opened when a text is first laid out, not linked (`PangoLibrary`): a render that draws
/// no text never loads it or the libraries it brings, and one that draws a label does. The
/// dynamic loader says which libraries it opens (`LD_DEBUG=files`, glibc's loader only).
@Suite struct LazyPangoTests {
  /// The shared libraries the loader opened during a run, by file name.
  private static func librariesOpened(_ arguments: [String]) throws -> (status: Int32, names: Set<String>) {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(arguments, environment: ["LD_DEBUG": "files"])
    // `     12345:	file=libpango-1.0.so.0 [0];  needed by …` or `… dynamically loaded by …`
    let names = result.fullErr.split(separator: "\n").compactMap { line -> String? in
      guard let start = line.range(of: "file=") else { return nil }
      return String(line[start.upperBound...].prefix { $0 != " " && $0 != "[" })
    }
    return (result.status, Set(names))
  }

  @Test(arguments: [
    (["--style", "wave", "--out", "still.png", "--quiet"], false),
    (["--style", "dots", "--out", "spin.gif", "--duration", "0.2", "--quiet"], false),
    (["--version"], false),
    (["--style", "download", "--out", "label.png", "--quiet"], true),
    (["--style", "thumb", "--out", "caption.gif", "--duration", "0.2", "--quiet"], true),
  ])
  func pangoIsLoadedOnlyForText(arguments: [String], drawsText: Bool) throws {
    #if os(Linux)
      let (status, names) = try Self.librariesOpened(arguments)
      #expect(status == 0)
      #expect(names.contains("libcairo.so.2"), "the loader's report was read: \(names.sorted())")
      let pango = names.filter { $0.hasPrefix("libpango") || $0.hasPrefix("libharfbuzz") || $0.hasPrefix("libgio") }
      #expect(pango.isEmpty == !drawsText, "\(arguments): \(pango.sorted())")
      if drawsText { #expect(names.contains("libpangocairo-1.0.so.0")) }
    #endif
  }
}
