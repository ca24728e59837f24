import Dispatch
import Foundation

/// Serves the frames of a render to an encoder, painting them on every core.
///
/// When frames are asked for in order, the next batch is painted in parallel — worker `w`
/// paints frames `w, w + workers, …` of the batch with a renderer of its own (a Cairo canvas is
/// not thread-safe) — and handed out from a small cache. Out-of-order requests (the encoder's
/// palette sampling) are painted on the calling thread. Painting is a pure function of the
/// frame's time, so the bytes do not depend on the number of workers.
///
/// - Complexity: memory O(batch × pixels), independent of the number of frames.
final class ParallelFrameSource: @unchecked Sendable {
  private let style: Style
  private let settings: RenderSettings
  private let baseDirectory: String?
  private let first: Renderer
  private let workers: Int
  private let batch: Int
  private var renderers: [Renderer]
  private var cache: [Int: Frame] = [:]
  private var lastIndex = -2

  /// - Parameters:
  ///   - first: an existing renderer, used as worker 0 and for single frames.
  ///   - workers: threads to paint on.
  init(style: Style, settings: RenderSettings, baseDirectory: String?, first: Renderer, workers: Int) {
    self.style = style
    self.settings = settings
    self.baseDirectory = baseDirectory
    self.first = first
    self.workers = max(1, workers)
    self.batch = self.workers * 4
    self.renderers = [first]
  }

  /// Frame `index` of the output.
  /// - Throws: what painting throws.
  func frame(_ index: Int) throws -> Frame {
    defer { lastIndex = index }
    if let frame = cache.removeValue(forKey: index) { return frame }
    cache.removeAll(keepingCapacity: true)
    guard workers > 1, index == lastIndex + 1 || index == 0 else { return try first.frame(index) }
    let end = min(index + batch, settings.frameCount)
    try fillRenderers()
    let slots = UnsafeMutableBufferPointer<Result<Frame, any Error>?>.allocate(capacity: end - index)
    slots.initialize(repeating: nil)
    defer { slots.deallocate() }
    let shared = Shared(renderers: renderers, slots: slots)
    let workers = self.workers
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      var i = index + worker
      while i < end {
        shared.slots[i - index] = Result { try shared.renderers[worker].frame(i) }
        i += workers
      }
    }
    for offset in 1..<(end - index) { cache[index + offset] = try slots[offset]!.get() }
    return try slots[0]!.get()
  }

  /// What the workers share: each writes only its own slots and uses only its own renderer.
  private struct Shared: @unchecked Sendable {
    let renderers: [Renderer]
    let slots: UnsafeMutableBufferPointer<Result<Frame, any Error>?>
  }

  private func fillRenderers() throws {
    while renderers.count < workers {
      renderers.append(try Renderer(style: style, settings: settings, baseDirectory: baseDirectory))
    }
  }
}
