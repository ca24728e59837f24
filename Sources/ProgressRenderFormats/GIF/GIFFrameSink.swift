import ProgressRenderCore
import ProgressRenderSupport
import Synchronization

/// A GIF as a `FrameSink`: the first pass builds the palette from a colour histogram of the palette
/// frames (every frame by default), keeping them as differences while they fit the encoder's budget;
/// then every frame is mapped to the palette, differenced against the one before and written.
///
/// Each round's frames are resolved and mapped on every worker at once, each frame against the one
/// before it. Three stages keep the ordered work off the workers: in the first pass the key cache
/// and the first frame's histogram (`Surveying`); in the second the differencer, and giflib's
/// compression behind it, frames compressed side by side (`GIFWriterStage`). Every buffer goes back to the worker that made it
/// (`slot`), so no worker's spares pile up with the frame count. Frames rebuilt from the cache belong to no worker: they take turns in a
/// ring of a few buffers (`SecondPass.ring`), each brought forward by the differences since the
/// frame it last held, so a rebuilt frame costs what changed, not a copy of the whole frame.
package struct GIFFrameSink: FrameSink {
  private let encoder: GIFEncoder
  private let target: any ByteSink
  private let delays: [Int]
  private var workers: [GIFFrameWorker]
  package let surveyedFrames: [Int]
  private var surveyed = 0
  private var cache: KeyFrameCache
  private var firstFrame = FirstFrameHistogram()
  /// Whether the first frame's histogram is fed: exactly when the palette will be chosen for the
  /// first frame (`servesFirstFrame`, known after the first round), which is when the workers
  /// stopped counting colours. Otherwise it would not be read.
  private var keepsFirstFrame: Bool { workers.first?.looksForTransparencyOnly == true }
  private var second: SecondPass?
  /// Frame-sized buffers the ring of rebuilt frames allocated (none was spare).
  private var ringBuffersMade = 0

  /// The first pass's ordered tail, set while it runs (see `Surveying`).
  private var surveying: SerialStage<Surveying>?
  /// Key buffers the surveying stage is done with, waiting to go back to their workers.
  private let returnedKeys = ReturnedBuffers()
  /// Shown-colour buffers the writing stage is done with, waiting to go back to their workers.
  private let returned = ReturnedBuffers()

  /// The first pass's ordered tail: the key cache and the first frame's histogram (when it will
  /// serve, `keepsFirstFrame`) take each frame's keys in order, on a thread of their own while the
  /// workers paint the next frames.
  private struct Surveying {
    var cache: KeyFrameCache
    var firstFrame: FirstFrameHistogram
  }

  /// What the second pass writes with, set up once the palette is known.
  private struct SecondPass {
    let palette: GIFPalette
    /// Differences the mapped frames, in order, on a thread of its own.
    let stage: SerialStage<Writing>
    /// Buffers of frames rebuilt from the cache, frame `i` in `ring[i % ring.count]`, each with the
    /// frame it holds. More buffers than a round has frames, so none is rewritten while its frame
    /// is still mapped, or is the frame before the next round.
    var ring: [(keys: [UInt32], holds: Int?)]
    var previous: (keys: [UInt32], slot: Int?)?
  }

  /// The writing stage's state: the frame differencer and the file it writes.
  private struct Writing {
    var differencer: FrameDifferencer
    /// The file, compressing frames on a thread of its own while the differencer works out the next.
    let writer: GIFWriterStage
  }

  /// Buffers handed back across threads, each with the worker slot it came from.
  private final class ReturnedBuffers: Sendable {
    private let buffers = Mutex<[(slot: Int, buffer: [UInt32])]>([])

    func giveBack(_ buffer: [UInt32], to slot: Int) { buffers.withLock { $0.append((slot, buffer)) } }

    func takeAll() -> [(slot: Int, buffer: [UInt32])] {
      buffers.withLock { list in
        defer { list = [] }; return list
      }
    }
  }

  /// Starts a GIF.
  /// - Parameters:
  ///   - encoder: the size and options (validated).
  ///   - target: where the bytes go.
  ///   - delays: one delay per frame in hundredths of a second (0…65535); their count is the frame count.
  ///   - workers: threads that resolve and map frames, 1…64.
  /// - Throws: `FormatError` for no frame or a delay out of range.
  package init(_ encoder: GIFEncoder, into target: any ByteSink, delays: [Int], workers threads: Int) throws {
    guard !delays.isEmpty else { throw FormatError.failed("a GIF needs at least one frame") }
    if let bad = delays.firstIndex(where: { !(0...65535).contains($0) }) {
      throw FormatError.failed("frame \(bad) has delay \(delays[bad]) cs: use 0 … 65535 hundredths of a second")
    }
    self.encoder = encoder
    self.target = target
    self.delays = delays
    let options = encoder.options
    let resolver = AlphaResolver(
      matte: options.matte, alphaThreshold: options.alphaThreshold, transparency: options.transparency)
    workers = (0..<max(1, min(threads, 64))).map { slot in
      var worker = GIFFrameWorker(slot: slot, resolver: resolver, width: encoder.width, height: encoder.height)
      worker.startCounting()
      return worker
    }
    surveyedFrames = GIFEncoder.paletteFrameIndices(count: delays.count, limit: options.paletteFrames)
    cache = KeyFrameCache(
      width: encoder.width, height: encoder.height,
      budget: surveyedFrames.count == delays.count ? encoder.cacheBudget : 0)
  }

  /// Counts the palette frames' colours and caches their keys while they fit.
  ///
  /// The workers resolve and count the frames; the cache and the first frame's histogram take
  /// them in order on the surveying stage, which the next round's painting does not wait for.
  package mutating func survey(_ frames: [Frame]) throws -> Bool {
    try survey(count: frames.count) { k, worker, index in try worker.keys(of: frames[k], index: index) }
  }

  /// Paints and counts a round of palette frames: each frame is counted by the worker that
  /// painted it (painter `w` is worker `w`'s), so a round waits once for its slowest frame, not
  /// once for painting and once for counting.
  package mutating func survey(_ indices: [Int], paintedBy painter: RoundPainter) throws -> Bool {
    guard painter.count == workers.count else { return try survey(painter.paint(indices)) }
    return try survey(count: indices.count) { k, worker, index in
      try worker.keys(of: painter.paint(indices[k], slot: worker.slot), index: index)
    }
  }

  /// Keys the next `count` palette frames on every worker at once (`keys(k, worker, frame index)`),
  /// then hands them, in order, to the surveying stage.
  private mutating func survey(
    count: Int, keys: @Sendable (Int, inout GIFFrameWorker, Int) throws -> [UInt32]
  ) throws -> Bool {
    let indices = Array(surveyedFrames[surveyed..<surveyed + count])
    for back in returnedKeys.takeAll() { workers[back.slot].spareKeys.append(back.buffer) }
    var keyed = try parallelMap(count: count, workers: &workers) { k, worker in
      (keys: try keys(k, &worker, indices[k]), slot: worker.slot)
    }
    if surveyed == 0, let first = keyed.first?.keys, servesFirstFrame(first) {
      for w in workers.indices { workers[w].lookForTransparencyOnly() }
    }
    let stage = surveying ?? SerialStage(Surveying(cache: cache, firstFrame: firstFrame), depth: workers.count)
    surveying = stage
    let (returned, keepsFirstFrame, width) = (returnedKeys, keepsFirstFrame, encoder.width)
    for k in keyed.indices {
      let (parcel, slot) = (Parcel(&keyed[k].keys), keyed[k].slot)
      try stage.submit { surveying in
        let keys = parcel.take()
        let changed = surveying.cache.append(keys)
        // Rows the frame shares with the one before hold no first change.
        if keepsFirstFrame {
          surveying.firstFrame.append(keys, changed: changed.map { $0.y0 * width..<$0.y1 * width })
        }
        returned.giveBack(keys, to: slot)
      }
    }
    surveyed += count
    if surveyed == surveyedFrames.count {
      let done = try stage.finish()
      (cache, firstFrame, surveying) = (done.cache, done.firstFrame, nil)
      for back in returnedKeys.takeAll() { workers[back.slot].spareKeys.append(back.buffer) }
    }
    return true
  }

  /// Whether the global palette will be chosen for the first frame alone (see `beginSecondPass`):
  /// with local colour tables, when the first frame has as many colours as the palette holds.
  /// Then the other frames' colours need not be counted, only whether any pixel is transparent.
  private func servesFirstFrame(_ first: [UInt32]) -> Bool {
    let options = encoder.options
    return options.usesLocalColorTables
      && first.withUnsafeBufferPointer { ColorHistogram.hasAtLeast(options.colors, distinctKeysIn: $0) }
  }

  /// Frames the cache holds are rebuilt from it, not painted again.
  package func needsFrame(_ index: Int) -> Bool { index >= cache.count }

  /// Maps, differences and writes the next frames.
  package mutating func add(_ frames: [Frame?], from start: Int) throws {
    var pass = try second ?? beginSecondPass()
    second = nil
    defer { second = pass }
    let painted = frames.indices.filter { frames[$0] != nil }
    let keyed = try parallelMap(count: painted.count, workers: &workers) { k, worker in
      let offset = painted[k]
      guard let frame = frames[offset] else { preconditionFailure("a painted frame is missing") }
      return (keys: try worker.keys(of: frame, index: start + offset), slot: Optional(worker.slot))
    }
    var next = keyed.makeIterator()
    var made: [(keys: [UInt32], slot: Int?)] = []
    // A frame rebuilt from the cache comes with the rectangle the first pass found it changed in,
    // so its mapping need not compare it with the frame before again.
    var known: [PixelRect?] = []
    for (offset, frame) in frames.enumerated() {
      known.append(frame == nil ? cache.changedRect(of: start + offset) : nil)
      if frame == nil {
        let (index, r) = (start + offset, (start + offset) % pass.ring.count)
        if pass.ring[r].keys.isEmpty { pass.ring[r].keys = ringBuffer() }
        // The buffer catches up from the frame it holds, or, when that rewrites more pixels (a
        // change across the frame, several frames behind), is a copy of the frame just before
        // it brought forward by one difference.
        let before = (index + pass.ring.count - 1) % pass.ring.count
        if index > 0, pass.ring[before].holds == index - 1,
          cache.replayedPixels(index, holding: index - 1) + pass.ring[r].keys.count
            < cache.replayedPixels(index, holding: pass.ring[r].holds)
        {
          let source = pass.ring[before].keys
          pass.ring[r].keys.withUnsafeMutableBufferPointer { _ = $0.update(fromContentsOf: source) }
          cache.replay(index, into: &pass.ring[r].keys, holding: index - 1)
        } else {
          cache.replay(index, into: &pass.ring[r].keys, holding: pass.ring[r].holds)
        }
        pass.ring[r].holds = index
        made.append((pass.ring[r].keys, nil))
        cache.release(before: index + 2 - pass.ring.count)  // what the next frame's buffer still needs
      } else if let entry = next.next() {
        made.append(entry)
      }
    }
    let round = made.map(\.keys)
    let rects = known
    let before = pass.previous?.keys
    for back in returned.takeAll() { workers[back.slot].spareColors.append(back.buffer) }
    var mapped = try parallelMap(count: round.count, workers: &workers) { k, worker in
      let made = try worker.colors(of: round[k], previous: k == 0 ? before : round[k - 1], changed: rects[k])
      return (colors: made.colors, rows: made.rows, slot: worker.slot)
    }
    let returned = returned
    for k in mapped.indices {
      let parcel = Parcel(&mapped[k].colors)
      let (slot, rows, delay) = (mapped[k].slot, mapped[k].rows, delays[start + k])
      try pass.stage.submit { writing in
        var colors = parcel.take()
        try writing.differencer.push(&colors, rows: rows, delay: delay, writer: writing.writer)
        returned.giveBack(colors, to: slot)
      }
    }
    if let old = pass.previous, let slot = old.slot { workers[slot].spareKeys.append(old.keys) }
    pass.previous = made.removeLast()
    for entry in made { if let slot = entry.slot { workers[slot].spareKeys.append(entry.keys) } }
  }

  /// A buffer for the ring of rebuilt frames: a worker's spare key buffer when one is free (the
  /// first pass's, once no frame is keyed again), else a new one.
  private mutating func ringBuffer() -> [UInt32] {
    for w in workers.indices { if let spare = workers[w].takeSpareKeys() { return spare } }
    ringBuffersMade += 1
    return [UInt32](repeating: 0, count: encoder.width * encoder.height)
  }

  /// Writes the last frame and the trailer.
  package mutating func finish() throws -> GIFSummary {
    guard let pass = second else { throw FormatError.failed("a GIF needs at least one frame") }
    second = nil
    var writing = try pass.stage.finish()
    try writing.differencer.finish(writer: writing.writer)
    try writing.writer.close()
    encoder.reportBuffersMade?(workers.reduce(ringBuffersMade) { $0 + $1.buffersMade })
    let differencer = writing.differencer
    let inexact = workers.reduce(differencer.inexactPixels) { $0 + ($1.mapper?.inexactPixels ?? 0) }
    return GIFSummary(
      framesWritten: differencer.framesWritten, paletteColors: pass.palette.colors.count,
      hasTransparentIndex: pass.palette.transparentIndex != nil, isLossless: inexact == 0,
      byteCount: writing.writer.bytesWritten, localColorTables: differencer.localTables)
  }

  /// Builds the palette from the first pass's histogram and opens the file.
  ///
  /// When the first frame alone has more colours than a palette holds, the global palette is chosen
  /// for it (each pixel weighted by how long it keeps its first colour): later frames' changes take
  /// local tables where the global palette serves them badly.
  private mutating func beginSecondPass() throws -> SecondPass {
    let options = encoder.options
    var histogram = ColorHistogram()
    var sawTransparent = false
    for w in workers.indices {
      if let counted = workers[w].takeHistogram() { histogram.merge(counted) }
      sawTransparent = sawTransparent || workers[w].sawTransparent
      // Every frame is rebuilt from the cache: the workers' key buffers serve the ring and the
      // shown colours instead of new ones.
      if cache.count == delays.count { workers[w].forgetLastFrame() }
    }
    let matteRGB = options.matte.map { Frame.premultiplied($0.withAlpha(1)) & 0x00FF_FFFF } ?? 0
    let first = firstFrame.histogram()
    let forFirstFrame = options.usesLocalColorTables && first.distinctCount >= options.colors
    // The workers stopped counting colours after the first round only when this holds.
    precondition(forFirstFrame || !workers.contains(where: \.looksForTransparencyOnly))
    let palette =
      forFirstFrame
      ? try GIFPalette.build(
        from: first, maxColors: options.colors, transparentColor: matteRGB,
        hasTransparent: histogram.hasTransparent || sawTransparent)
      : try GIFPalette.build(from: histogram, maxColors: options.colors, transparentColor: matteRGB)
    // Compression takes a sixth to a third of a flat animation's work: on as many threads as the
    // workers, up to four (the bytes are the same for any number).
    let writer = try GIFWriterStage(
      try GIFFileWriter(
        sink: target, width: encoder.width, height: encoder.height, colors: palette.tableColors,
        loopCount: options.loop, backgroundIndex: palette.transparentIndex ?? 0),
      compressors: min(workers.count, 4))
    for w in workers.indices {
      workers[w].mapper = FrameMapper(
        palette: palette, options: options, width: encoder.width, height: encoder.height,
        servesFirstFrame: forFirstFrame)
    }
    let differencer = FrameDifferencer(
      width: encoder.width, height: encoder.height, palette: palette.tableColors,
      transparentIndex: palette.transparentIndex, transparentColor: matteRGB,
      marksUnchanged: encoder.marksUnchangedPixels)
    return SecondPass(
      palette: palette, stage: SerialStage(Writing(differencer: differencer, writer: writer), depth: workers.count),
      ring: Array(repeating: ([], nil), count: workers.count + 2),
      previous: nil)
  }
}
