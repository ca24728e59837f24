import ProgressRenderCore
import ProgressRenderSupport

/// `FramePainter`'s painters as a sink sees them in its first pass: `paint(_:slot:)` paints a frame
/// with one painter, for a sink that looks at each frame on the thread that painted it.
///
/// `@unchecked Sendable` is sound under the rule its users keep: painter `slot` is used by one
/// thread at a time (a worker state of `parallelMap` has one thread at a time; sinks pair
/// worker `w` with painter `w`).
public final class RoundPainter: @unchecked Sendable {
  private let painters: [(Int) throws -> Frame]

  /// The number of painters (threads that paint at once).
  public var count: Int { painters.count }

  init(_ painters: [(Int) throws -> Frame]) {
    precondition(!painters.isEmpty, "RoundPainter needs at least one painter")
    self.painters = painters
  }

  /// Paints frame `index` with painter `slot`.
  /// - Throws: the painter's error.
  public func paint(_ index: Int, slot: Int) throws -> Frame { try painters[slot](index) }

  /// Paints `indices` on every painter at once.
  /// - Returns: the frames, in the order of `indices`.
  /// - Throws: the error of the lowest failing frame.
  public func paint(_ indices: [Int]) throws -> [Frame] {
    guard !indices.isEmpty else { return [] }
    var slots = Array(0..<count)
    return try parallelMap(count: indices.count, workers: &slots) { k, slot in try self.paint(indices[k], slot: slot) }
  }
}
