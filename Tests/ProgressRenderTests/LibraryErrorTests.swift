import Foundation
import Testing

@testable import ProgressRenderBatch
@testable import ProgressRenderCore
@testable import ProgressRenderDiff
@testable import ProgressRenderFormats
@testable import ProgressRenderPipeline
@testable import ProgressRenderRaster
@testable import ProgressRenderSupport

/// Every error carries its kind (issue 11): each error type of the library and the CLI adopts
/// `ProgressRenderError`, so the CLI maps kinds to exit codes in one place and no new error type
/// can silently become exit 1. Library messages name values and files, never command-line flags.
@Suite struct LibraryErrorTests {
  /// The package root, three levels above this file.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every Swift file under `Sources/<target>`, with its text.
  static func sources(_ target: String) throws -> [(path: String, text: String)] {
    let folder = root.appendingPathComponent("Sources/" + target).path
    let paths = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
    return try paths.filter { $0.hasSuffix(".swift") }.sorted().map {
      ($0, try String(contentsOfFile: folder + "/" + $0, encoding: .utf8))
    }
  }

  /// Declarations whose inheritance list names `Error` (`struct X: Error, Equatable {`).
  static let errorDeclaration = try! NSRegularExpression(
    pattern:
      #"^\s*(?:(?:public|internal|package|fileprivate|private|final|indirect) )*(?:struct|enum|class|actor) (\w+)\s*:([^{]*)\{"#,
    options: [.anchorsMatchLines])

  /// `extension X: ProgressRenderError` (how the C wrappers' errors adopt it, beside their declaration).
  static let adoption = try! NSRegularExpression(
    pattern: #"^extension ([\w.]+)\s*:[^{]*\bProgressRenderError\b"#, options: [.anchorsMatchLines])

  /// The types declared in `text` that conform to `Error` directly, not through `ProgressRenderError`.
  static func plainErrors(in text: String) -> [String] {
    let range = NSRange(text.startIndex..., in: text)
    return errorDeclaration.matches(in: text, range: range).compactMap { match in
      let conformances = (text as NSString).substring(with: match.range(at: 2))
        .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      guard conformances.contains("Error") else { return nil }
      return (text as NSString).substring(with: match.range(at: 1))
    }
  }

  /// The types `text` makes adopt `ProgressRenderError` in an extension.
  static func adopted(in text: String) -> Set<String> {
    let range = NSRange(text.startIndex..., in: text)
    return Set(adoption.matches(in: text, range: range).map { (text as NSString).substring(with: $0.range(at: 1)) })
  }

  @Test func theScanFindsAPlainError() {
    #expect(Self.plainErrors(in: "public struct Oops: Error, Equatable {\n}") == ["Oops"])
    #expect(Self.plainErrors(in: "  enum Fine: ProgressRenderError, Equatable {\n}").isEmpty)
    #expect(Self.plainErrors(in: "struct Value: Equatable {\n}").isEmpty)
    #expect(Self.adopted(in: "extension RasterError: ProgressRenderError {\n}") == ["RasterError"])
  }

  @Test(arguments: [
    "ProgressRenderSupport", "ProgressRenderCore", "ProgressRenderRaster", "ProgressRenderFormats",
    "ProgressRenderPipeline", "ProgressRenderDiff", "ProgressRenderBatch", "CLI",
  ])
  func everyErrorTypeCarriesItsKind(target: String) throws {
    let files = try Self.sources(target)
    let adopted = files.reduce(into: Set<String>()) { $0.formUnion(Self.adopted(in: $1.text)) }
    var plain: [String] = []
    for file in files {
      plain += Self.plainErrors(in: file.text).filter { !adopted.contains($0) }.map { "\(file.path): \($0)" }
    }
    #expect(plain.isEmpty, "adopt ProgressRenderError (with its kind) instead of Error: \(plain)")
  }

  /// One value of each public error type of the library, with the kind it must have.
  static let kinds: [(any ProgressRenderError, ErrorKind)] = [
    (UnknownPresetError(name: "wav", names: ["wave"]), .badInput),
    (RenderError.emptyPath, .badInput),
    (RenderError.scale(9), .badInput),
    (RenderError.conflictingStyles, .badInput),
    (BatchError(messages: ["bad"]), .badInput),
    (StyleError.color(text: "x"), .badInput),
    (StyleError.easing(text: "x", reason: nil), .badInput),
    (StyleError.invalid(source: "s.json", path: "", message: "bad"), .badInput),
    (StyleError.override(field: .label, reason: .labelFormat(format: "%", reason: "bad")), .badInput),
    (StyleError.labelFormat(format: "%", reason: "bad"), .badInput),
    (RasterError.unreadableImage(path: "p.png"), .badInput),
    (FormatError.unreadable(source: "a.gif", problem: "bad"), .badInput),
    (ReportDestination.Problem(description: "bad"), .badInput),
    (BatchError("bad"), .badInput),
    (FormatError.badValue("bad"), .badInput),
    (FormatError.failed("libimagequant failed"), .failed),
    (FileWriteError(path: "x.gif", reason: "disk full"), .failed),
    (RasterError.corruptPNG(source: "p.png", reason: "crc"), .badInput),
    (RasterError.pngEncodeFailed(reason: "x"), .failed),
    (RasterError.cairo(operation: "painting", status: "no memory"), .failed),
    (RasterError.pango(what: "a font map"), .failed),
    (RasterError.pangoUnavailable(reason: "libpangocairo-1.0.so.0: cannot open shared object file"), .failed),
  ]

  /// Pango missing at run time (it is opened when a text is first laid out, not linked): the
  /// message gives the loader's reason and how to install it.
  @Test func aMissingPangoNamesTheLibraryAndTheFix() {
    let message = RasterError.pangoUnavailable(reason: "libpangocairo-1.0.so.0: cannot open shared object file")
      .description
    #expect(message.contains("libpangocairo-1.0.so.0: cannot open shared object file"))
    #expect(message.contains("apt-get install libpangocairo-1.0-0"))
    #expect(message.contains("brew install pango"))
  }

  @Test func eachErrorHasItsKind() {
    for (error, kind) in Self.kinds {
      #expect(error.kind == kind, "\(type(of: error)): \(error)")
      #expect(ErrorKind(of: error) == kind)
    }
    #expect(ErrorKind(of: CocoaError(.fileNoSuchFile)) == .failed)
  }
}
