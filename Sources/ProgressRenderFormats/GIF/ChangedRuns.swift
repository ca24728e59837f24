/// The pixels of a frame whose colour key changed since the frame before, as runs along the rows
/// of a rectangle: what `FrameMapper` and `ErrorDiffuser` visit instead of every pixel of the
/// rectangle around the changes (a rotating ring's changes span the frame but touch few pixels).
struct ChangedRuns {
  /// One run: the pixels `start..<end` (indices into the frame) of row `y`.
  struct Run: Equatable {
    var y: Int
    var start: Int
    var end: Int
  }

  /// The runs, rows in increasing order and each row's runs from left to right.
  private(set) var runs: [Run] = []
  /// The number of changed pixels.
  private(set) var pixelCount = 0

  /// Finds the changed pixels of `rect`, replacing the runs found before.
  /// - Parameters:
  ///   - keys: the frame's colour keys, `width` a row.
  ///   - previous: the previous frame's keys, or `nil` when every pixel of `rect` counts as changed.
  ///   - rect: the rectangle to search (inside the frame).
  ///   - width: the frame's width.
  /// - Complexity: O(rect pixels), comparing eight pixels at a time where nothing changed.
  mutating func find(_ keys: [UInt32], previous: [UInt32]?, rect: PixelRect, width: Int) {
    runs.removeAll(keepingCapacity: true)
    pixelCount = 0
    guard rect.width > 0, rect.height > 0 else { return }
    guard let previous else {
      for y in rect.y0..<rect.y1 {
        runs.append(Run(y: y, start: y * width + rect.x0, end: y * width + rect.x1))
      }
      pixelCount = rect.area
      return
    }
    precondition(keys.count == previous.count && keys.count >= rect.y1 * width)
    keys.withUnsafeBufferPointer { k in
      previous.withUnsafeBufferPointer { p in
        guard let kb = k.baseAddress, let pb = p.baseAddress else { return }
        let (k8, p8) = (UnsafeRawPointer(kb), UnsafeRawPointer(pb))
        for y in rect.y0..<rect.y1 {
          let end = y * width + rect.x1
          var i = y * width + rect.x0
          while i < end {
            // Skip unchanged pixels, eight at a time (four 64-bit compares), then two at a time.
            while i + 8 <= end && KeyBlock.equal(kb + i, pb + i) { i &+= 8 }
            while i + 2 <= end
              && k8.loadUnaligned(fromByteOffset: i &* 4, as: UInt64.self)
                == p8.loadUnaligned(fromByteOffset: i &* 4, as: UInt64.self)
            {
              i &+= 2
            }
            while i < end && kb[i] == pb[i] { i &+= 1 }
            guard i < end else { break }
            let start = i
            while i < end && kb[i] != pb[i] { i &+= 1 }
            runs.append(Run(y: y, start: start, end: i))
            pixelCount &+= i &- start
          }
        }
      }
    }
  }
}
