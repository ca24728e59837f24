import Testing

@testable import ProgressRenderSupport

/// `QuotedText`: what a message echoes of a user's value can neither break the line nor pass for
/// another value.
@Suite struct QuotedTextTests {
  /// Issue 22, item 15: a no-break space inside a refused colour showed as `rgb(0 0 0)`, a valid colour.
  @Test(arguments: [
    ("rgb(0\u{A0}0 0)", "rgb(0\\u{A0}0 0)"), ("a\u{2009}b", "a\\u{2009}b"), ("a\u{200B}b", "a\\u{200B}b"),
    ("a\u{3000}b", "a\\u{3000}b"), ("a\u{FEFF}", "a\\u{FEFF}"), ("a b\n", "a b\\n"), ("日本 ×…", "日本 ×…"),
  ])
  func everySpaceButASCIIsIsEscaped(text: String, shown: String) {
    #expect(QuotedText.escaped(text) == shown)
  }
}
