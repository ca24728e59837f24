import ProgressRender

/// The five shipped presets by name, for tests that use one as a fixture. The library names
/// none in code: its presets are the files in `Resources/presets/`.
extension Presets {
  static var thumb: Style { fixture("thumb") }
  static var download: Style { fixture("download") }
  static var countdown: Style { fixture("countdown") }
  static var upload: Style { fixture("upload") }
  static var wave: Style { fixture("wave") }

  /// The preset with this name; a missing one stops the test run with its name.
  private static func fixture(_ name: String) -> Style {
    do {
      return try named(name)
    } catch {
      fatalError("\(error) (Resources/presets)")
    }
  }
}
