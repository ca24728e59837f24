import CFontconfig

/// Finds the font file fontconfig picks for a pattern, as `fc-match --format=%{file}` does:
/// the pattern is parsed, the configuration's and the default substitutions are applied and the
/// best installed font is matched.
///
/// The matcher owns a fontconfig configuration with its fonts loaded, destroyed when the matcher
/// is released. Not thread-safe: use one matcher per thread, or guard it with a lock.
public final class FontMatcher {
  private let config: OpaquePointer

  /// Loads fontconfig's configuration and the installed fonts.
  /// - Throws: `FontMatchError` when fontconfig cannot load its configuration.
  /// - Complexity: reads fontconfig's configuration files and font caches.
  public init() throws(FontMatchError) {
    guard let config = FcInitLoadConfigAndFonts() else {
      throw FontMatchError(what: "load its configuration and fonts")
    }
    self.config = config
  }

  deinit {
    FcConfigDestroy(config)
  }

  /// The file of the font that best matches a pattern.
  /// - Parameter pattern: a fontconfig pattern such as `sans-serif` or `DejaVu Sans:weight=bold`.
  /// - Returns: the font file's path.
  /// - Throws: `FontMatchError` when the pattern does not parse or no font matches it.
  public func file(for pattern: String) throws(FontMatchError) -> String {
    let parsed = pattern.withCString { text in
      text.withMemoryRebound(to: FcChar8.self, capacity: pattern.utf8.count + 1) { FcNameParse($0) }
    }
    guard let parsed else {
      throw FontMatchError(what: "parse the pattern \"\(pattern)\"")
    }
    defer { FcPatternDestroy(parsed) }
    guard FcConfigSubstitute(config, parsed, FcMatchPattern) == FcTrue else {
      throw FontMatchError(what: "apply its substitutions to \"\(pattern)\"")
    }
    FcDefaultSubstitute(parsed)
    var result = FcResultNoMatch
    guard let match = FcFontMatch(config, parsed, &result), result == FcResultMatch else {
      throw FontMatchError(what: "find a font for \"\(pattern)\"")
    }
    defer { FcPatternDestroy(match) }
    var file: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else {
      throw FontMatchError(what: "tell the file of the font for \"\(pattern)\"")
    }
    return String(cString: file)
  }
}
