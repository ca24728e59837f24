import Foundation
import ProgressRenderCore
import ProgressRenderRaster

/// Reads the frames of a `FrameSequence` one at a time, in order, keeping only the last one: a GIF is
/// played by a `GIFCompositor`, a folder's PNG is decoded when its slot is asked for.
///
/// Asking for the same index again is free; asking for a later one advances; asking for an earlier one of
/// a GIF plays it again from the start.
package final class FrameReader {
  private let sequence: FrameSequence
  private var compositor: GIFCompositor?
  private var webp: (reader: WebPAnimationReader, index: Int)?
  private var apng: APNGCompositor?
  private var painter: (renderer: CompositionRenderer, timeline: Timeline)?
  private var currentIndex = -1
  private var current: Frame?

  /// A reader positioned before the first frame.
  package init(_ sequence: FrameSequence) {
    self.sequence = sequence
  }

  /// The frame at `index` (`nil` for a slot without a file).
  ///
  /// Drop the frame before asking for a later one of a GIF, or the screen is copied.
  /// - Throws: `FormatError` or `RasterError` if the input can no longer be read.
  /// - Complexity: O(pixels of the frames between the last index and this one).
  package func frame(at index: Int) throws -> Frame? {
    guard (0..<sequence.count).contains(index) else { return nil }
    if index == currentIndex { return current }
    current = nil
    currentIndex = -1
    switch sequence.storage {
    case .frames(let frames):
      current = frames[index]
    case .files(let files, let limits):
      current = try files[index].map { file in
        try PNGCodec.decode(
          FrameSequenceLoader.readFile(file, limits: limits), source: file, maxPixels: limits.maxFramePixels)
      }
    case .gif(let bytes, let limits):
      let player: GIFCompositor
      if let playing = compositor, playing.index < index {
        player = playing
      } else {
        player = try GIFCompositor(bytes: bytes, source: sequence.source, limits: limits)
        compositor = player
      }
      while player.index < index {
        guard let frame = try player.next() else {
          throw FormatError.unreadable(source: sequence.source, problem: "frame \(index) is no longer there")
        }
        if player.index == index { current = frame }
      }
    case .webp(let bytes, let limits):
      if webp == nil || (webp?.index ?? 0) >= index {
        webp = (try AnimatedImageDecoder.openWebP(bytes, source: sequence.source, limits: limits), -1)
      }
      while let (reader, at) = webp, at < index {
        guard let next = try AnimatedImageDecoder.nextWebP(reader, source: sequence.source) else {
          throw FormatError.unreadable(source: sequence.source, problem: "frame \(index) is no longer there")
        }
        webp?.index = at + 1
        if at + 1 == index { current = next.frame }
      }
    case .apng(let file, let limits):
      let player: APNGCompositor
      if let playing = apng, playing.index < index {
        player = playing
      } else {
        player = APNGCompositor(file, limits: limits)
        apng = player
      }
      while player.index < index {
        guard let frame = try player.next() else {
          throw FormatError.unreadable(source: sequence.source, problem: "frame \(index) is no longer there")
        }
        if player.index == index { current = frame }
      }
    case .painted(let frames):
      // As `Renderer` paints a Lottie animation: the composition's values at the time, one canvas.
      let (renderer, timeline) =
        try painter ?? (
          CompositionRenderer(composition: frames.composition, settings: frames.settings),
          Timeline(tracks: frames.composition.timeline)
        )
      painter = (renderer, timeline)
      current = try renderer.paint(frames.composition.values(at: frames.times[index], in: timeline))
    }
    currentIndex = index
    return current
  }
}
