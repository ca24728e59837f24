import CPango

/// Pango's entry points, opened the first time a text is laid out (`TextRenderer`), not linked: a
/// render that draws no text never loads Pango and the sixteen libraries it brings (see the
/// `CPango` shim, which declares the calls). Opened once per process and kept open; a render that
/// will draw text opens it ahead, on another thread (`preload`).
package enum PangoLibrary {
  /// The table of entry points, or why Pango could not be opened; set up on first use, once,
  /// whichever thread asks first (a `static let`).
  private static let opened: Result<PRPango, RasterError> = {
    let table = UnsafeMutablePointer<PRPango>.allocate(capacity: 1)
    defer { table.deallocate() }
    var reason = [CChar](repeating: 0, count: 512)
    guard pr_pango_open(table, &reason, reason.count) == 0 else {
      let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return .failure(.pangoUnavailable(reason: text))
    }
    return .success(table.pointee)  // every entry filled by pr_pango_open
  }()

  /// Opens in flight (`preload`), waited for before `opened` is read.
  private static let preloads = AheadLoads()

  /// Starts opening Pango on another thread, so that a render about to draw text finds it open, or
  /// partly, when it lays out its first label. Harmless if it fails: `functions()` then reports it.
  /// - Complexity: returns at once; the opening loads Pango and the libraries it needs.
  package static func preload() {
    preloads.start { _ = opened }
  }

  /// The entry points, once a preload in flight has opened them.
  /// - Throws: `RasterError.pangoUnavailable` when Pango is not installed or lacks a function.
  static func functions() throws(RasterError) -> PRPango {
    preloads.wait()
    return try opened.get()
  }
}
