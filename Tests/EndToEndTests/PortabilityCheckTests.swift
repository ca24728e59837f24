import Foundation
import Testing

/// `scripts/portability-check` (issue 23, item 6): the tree has no Linux-only symbol outside a Linux
/// branch, and a file with one fails the check, naming the file, the line and the symbol.
@Suite struct PortabilityCheckTests {
  private static let script = Binary.packageRoot.appendingPathComponent("scripts/portability-check").path

  private static func check(_ folders: [String], in directory: String) throws -> Binary.Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: script)
    process.arguments = folders
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    return try Binary.capture(process)
  }

  @Test func theTreeIsClean() throws {
    let result = try Self.check([], in: Binary.packageRoot.path)
    #expect(result.status == 0, "\(result.out)\(result.fullErr)")
  }

  @Test func aLinuxOnlySymbolOutsideALinuxBranchFails() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    // Spelled in pieces, so the check of the tree does not find them here.
    let source = """
      import \("Glibc")
      #if os(Linux)
        let ok = rename\("at2")(0, "a", 0, "b", 2)
      #else
        let bad = rename\("at2")(0, "a", 0, "b", 2)
      #endif
      // a comment about /proc/self/mountinfo is fine
      let full = "/dev/\("full")"

      """
    try source.write(toFile: scratch.work + "/Bad.swift", atomically: true, encoding: .utf8)
    let result = try Self.check(["."], in: scratch.work)
    #expect(result.status == 1)
    let lines = result.out.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
    #expect(lines == ["./Bad.swift:1:", "./Bad.swift:5:", "./Bad.swift:8:"])
  }
}
