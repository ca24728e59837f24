import Testing

extension Binary {
  /// A scratch folder holding `a.json`: the activity style as a 24 px, 10 fps, 2 s Lottie file.
  static func withActivityLottie() throws -> Binary {
    let scratch = try Binary()
    let made = try scratch.run([
      "render", "--style", "activity", "--size", "24", "--fps", "10", "--duration", "2", "--out", "a.json", "--quiet",
    ])
    #expect(made.status == 0, "\(made.err)")
    return scratch
  }
}
