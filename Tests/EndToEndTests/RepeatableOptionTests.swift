import ProgressRender
import Testing

@testable import progress_render

/// A repeatable option (`OptionSpec.repeatable`, e.g. `--ignore`) collects every value in order; other
/// options keep their own rule for repeats.
@Suite struct RepeatableOptionTests {
  private static let parser = ArgumentParser(options: [
    OptionSpec.repeatable("--ignore", .text, "X,Y,W,H", "Region."),
    OptionSpec("--size", .integer(1...4096, unit: "pixels"), "PX", "Canvas edge."),
  ])

  @Test(arguments: [
    ([String](), [String]()),
    (["--ignore", "a"], ["a"]),
    (["--ignore", "a", "--ignore=b", "--size", "3", "--ignore", "c"], ["a", "b", "c"]),
    (["--ignore", "a", "--ignore", "a"], ["a", "a"]),
  ])
  func collectsEveryValue(arguments: [String], values: [String]) throws {
    let parsed = try Self.parser.parse(arguments)
    #expect(parsed.texts("--ignore") == values)
    #expect(parsed.text("--ignore") == values.last)
    #expect(parsed.has("--ignore") == !values.isEmpty)
  }

  @Test func aRepeatableOptionStillNeedsAValue() {
    #expect(throws: UsageError.self) { try Self.parser.parse(["--ignore", "a", "--ignore"]) }
  }
}
