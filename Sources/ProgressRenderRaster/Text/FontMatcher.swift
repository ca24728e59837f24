import CFontconfig

/// Finds the font file fontconfig picks for a pattern, as `fc-match --format=%{file}` does:
/// the pattern is parsed, the configuration's and the default substitutions are applied and the
/// best installed font is matched.
///
/// The matcher holds a reference to fontconfig's default configuration (the one Pango lays text
/// out with), loaded once for the process. Not thread-safe: use one matcher per thread, or guard
/// it with a lock.
package final class FontMatcher {
  private let config: OpaquePointer

  /// Whether fontconfig's default configuration loaded: loaded once for the process by whichever
  /// thread asks first, a thread asking while another loads it waiting for it (a `static let`
  /// runs its initializer once), so it is never read twice at the same time.
  private static let defaultConfigurationLoaded = FcInit() == FcTrue

  /// Preloads in flight (`preloadDefaultConfiguration`), waited for before
  /// `defaultConfigurationLoaded` is read (see `AheadLoads`: on `download`'s one-frame still, a
  /// wait on the `static let` spun a second core for the load's whole few milliseconds).
  private static let preloads = AheadLoads()

  /// Holds fontconfig's default configuration and the installed fonts, loading them unless loaded.
  /// - Throws: `RasterError` when fontconfig cannot load its configuration.
  /// - Complexity: reads fontconfig's configuration files and font caches, the first time.
  public init() throws(RasterError) {
    guard Self.loadDefaultConfiguration(), let config = FcConfigReference(nil) else {
      throw RasterError.fontconfig(what: "load its configuration and fonts")
    }
    self.config = config
  }

  deinit {
    FcConfigDestroy(config)  // the reference `init` took
  }

  /// Starts loading fontconfig's default configuration (what Pango lays text out with) on another
  /// thread, so that a render about to draw text finds it loaded, or partly, when it lays out its
  /// first label. Harmless if it fails: the first layout then loads it, and reports a failure.
  /// - Complexity: returns at once; the loading reads fontconfig's files (a few milliseconds).
  public static func preloadDefaultConfiguration() {
    preloads.start { _ = defaultConfigurationLoaded }
  }

  /// Loads fontconfig's default configuration unless it is loaded, waiting for a preload in
  /// flight rather than reading the files a second time beside it (as Pango's own first use would).
  /// - Returns: whether it loaded.
  @discardableResult
  static func loadDefaultConfiguration() -> Bool {
    preloads.wait()
    return defaultConfigurationLoaded
  }

  /// The file of the font that best matches a pattern.
  /// - Parameter pattern: a fontconfig pattern such as `sans-serif` or `DejaVu Sans:weight=bold`.
  /// - Returns: the font file's path.
  /// - Throws: `RasterError` when the pattern does not parse or no font matches it.
  public func file(for pattern: String) throws(RasterError) -> String {
    let parsed = pattern.withCString { text in
      text.withMemoryRebound(to: FcChar8.self, capacity: pattern.utf8.count + 1) { FcNameParse($0) }
    }
    guard let parsed else {
      throw RasterError.fontconfig(what: "parse the pattern \"\(pattern)\"")
    }
    defer { FcPatternDestroy(parsed) }
    guard FcConfigSubstitute(config, parsed, FcMatchPattern) == FcTrue else {
      throw RasterError.fontconfig(what: "apply its substitutions to \"\(pattern)\"")
    }
    FcDefaultSubstitute(parsed)
    var result = FcResultNoMatch
    guard let match = FcFontMatch(config, parsed, &result), result == FcResultMatch else {
      throw RasterError.fontconfig(what: "find a font for \"\(pattern)\"")
    }
    defer { FcPatternDestroy(match) }
    var file: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else {
      throw RasterError.fontconfig(what: "tell the file of the font for \"\(pattern)\"")
    }
    return String(cString: file)
  }

  /// Whether an installed font has one of the families a pattern names (`Foo,DejaVu Sans:bold`
  /// names two), or the pattern names a generic family (`sans-serif`, `monospace`, …) or none.
  /// fontconfig always matches *some* font; this tells whether the family asked for is there.
  /// - Parameter pattern: a fontconfig pattern.
  /// - Returns: `false` when every family named is neither installed nor generic.
  /// - Throws: `RasterError` when the pattern does not parse or fontconfig cannot list fonts.
  /// - Complexity: one font-list query per family named.
  public func hasInstalledFamily(_ pattern: String) throws(RasterError) -> Bool {
    let parsed = pattern.withCString { text in
      text.withMemoryRebound(to: FcChar8.self, capacity: pattern.utf8.count + 1) { FcNameParse($0) }
    }
    guard let parsed else { throw RasterError.fontconfig(what: "parse the pattern \"\(pattern)\"") }
    defer { FcPatternDestroy(parsed) }
    var families: [String] = []
    var value: UnsafeMutablePointer<FcChar8>?
    while FcPatternGetString(parsed, FC_FAMILY, Int32(families.count), &value) == FcResultMatch, let text = value {
      families.append(String(cString: text))
    }
    if families.isEmpty { return true }
    for family in families {
      if FontMatcher.genericFamilies.contains(family.lowercased()) { return true }
      if try listCount(family: family) > 0 { return true }
    }
    return false
  }

  /// Families fontconfig's configuration maps to installed fonts rather than naming one.
  public static let genericFamilies: Set<String> = [
    "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "ui-sans-serif", "ui-serif", "ui-monospace",
    "ui-rounded", "emoji", "math", "cursive", "fantasy", "fangsong",
  ]

  /// The number of installed fonts whose family is `family` (case and spaces ignored, as fontconfig compares).
  private func listCount(family: String) throws(RasterError) -> Int32 {
    guard let pattern = FcPatternCreate() else { throw RasterError.fontconfig(what: "create a pattern") }
    defer { FcPatternDestroy(pattern) }
    let added = family.withCString { text in
      text.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
        FcPatternAddString(pattern, FC_FAMILY, $0)
      }
    }
    guard added == FcTrue, let objects = FcObjectSetCreate() else {
      throw RasterError.fontconfig(what: "build a query for the family \"\(family)\"")
    }
    defer { FcObjectSetDestroy(objects) }
    guard FcObjectSetAdd(objects, FC_FAMILY) == FcTrue, let fonts = FcFontList(config, pattern, objects) else {
      throw RasterError.fontconfig(what: "list the fonts of the family \"\(family)\"")
    }
    defer { FcFontSetDestroy(fonts) }
    return fonts.pointee.nfont
  }
}
