/// A renderer made the first time it is asked for, on the thread that asks: a painting thread's
/// renderer is then set up (its canvas, its fonts) while the other threads already paint.
///
/// Not thread-safe, like a renderer: one painting thread uses it at a time.
final class LazyRenderer {
  private let make: () throws -> Renderer
  private var made: Renderer?

  /// - Parameter make: makes the renderer; called at most once if it succeeds.
  init(_ make: @escaping () throws -> Renderer) {
    self.make = make
  }

  /// The renderer, made now if it was not yet.
  /// - Throws: what `make` throws (it is tried again on the next call).
  func renderer() throws -> Renderer {
    if let made { return made }
    let renderer = try make()
    made = renderer
    return renderer
  }
}
