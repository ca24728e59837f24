import ProgressRenderSupport

/// Decodes the LZW data of one GIF image (the concatenated sub-blocks giflib's `DGifGetCode` and
/// `DGifGetCodeNext` hand back) into its colour indices, in stored row order.
///
/// Each code's string is kept as a place and a length in the output already written, so a code is
/// one copy from earlier output (a run of a flat colour, the common case in rendered art, is one
/// `memcpy`), not a walk along a prefix chain per pixel. The codes are read as GIF defines them:
/// LSB-first, widths from the minimum code size plus one up to 12 bits, a clear code resets the
/// table, a full table is kept until the next clear (a deferred clear), the end code stops.
///
/// Untrusted data: a code beyond the next free one, an end code or the end of the data before every
/// pixel is decoded, or a minimum code size outside 1…8 throws; data after the last pixel is ignored,
/// as giflib and browsers ignore it.
struct GIFLZWDecoder {
  /// Why the data cannot be decoded.
  enum Failure: ProgressRenderError, Equatable {
    /// The minimum code size is outside 1…8.
    case badCodeSize(Int)
    /// A code names no string yet: `code` is beyond `next`, the next free code.
    case badCode(code: Int, next: Int, pixel: Int)
    /// The end code came after `pixel` of `count` pixels.
    case endTooSoon(pixel: Int, count: Int)
    /// The data ran out after `pixel` of `count` pixels.
    case truncated(pixel: Int, count: Int)

    /// Broken data is a bad input.
    var kind: ErrorKind { .badInput }

    /// The failure in words, for an error message.
    var description: String {
      switch self {
      case .badCodeSize(let size): "its LZW minimum code size is \(size); need 1…8"
      case .badCode(let code, let next, let pixel):
        "LZW code \(code) at pixel \(pixel) names no string yet (next \(next))"
      case .endTooSoon(let pixel, let count): "the LZW end code comes after \(pixel) of \(count) pixels"
      case .truncated(let pixel, let count): "the LZW data ends after \(pixel) of \(count) pixels"
      }
    }
  }

  private static let maxCodes = 4096

  /// The colour indices of `count` pixels.
  /// - Parameters:
  ///   - data: The image's LZW data, sub-block lengths removed.
  ///   - minimumCodeSize: The image's LZW minimum code size (1…8).
  ///   - count: The number of pixels of the image's rectangle.
  /// - Returns: `count` indices in the order they are stored (interlaced images in pass order).
  /// - Throws: `Failure` for data that does not decode to `count` pixels.
  /// - Complexity: O(`data.count` + `count`) time, O(`count`) memory.
  static func decode(_ data: [UInt8], minimumCodeSize: Int, count: Int) throws(Failure) -> [UInt8] {
    guard (1...8).contains(minimumCodeSize) else { throw .badCodeSize(minimumCodeSize) }
    var output = [UInt8](repeating: 0, count: count)
    if count == 0 { return output }
    var failure: Failure?
    output.withUnsafeMutableBufferPointer { out in
      data.withUnsafeBufferPointer { input in
        failure = run(input, minimumCodeSize: minimumCodeSize, into: out)
      }
    }
    if let failure { throw failure }
    return output
  }

  /// The decoding loop; `nil` when every pixel was written.
  private static func run(
    _ input: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, into out: UnsafeMutableBufferPointer<UInt8>
  ) -> Failure? {
    guard let base = out.baseAddress else { return nil }
    let count = out.count
    let clear = 1 << minimumCodeSize
    let end = clear + 1
    // Where each code's string starts in the output, and its length; literals have length 1 and
    // are written from the code itself.
    var start = [Int](repeating: 0, count: maxCodes)
    var length = [Int](repeating: 0, count: maxCodes)
    return start.withUnsafeMutableBufferPointer { start in
      length.withUnsafeMutableBufferPointer { length in
        var width = minimumCodeSize + 1
        var next = end + 1
        var previous = -1  // no code since a clear
        var previousStart = 0
        var previousLength = 0
        var pixel = 0
        var bits: UInt64 = 0
        var held = 0
        var at = 0
        while pixel < count {
          while held < width {
            guard at < input.count else { return .truncated(pixel: pixel, count: count) }
            bits |= UInt64(input[at]) << UInt64(held)
            at += 1
            held += 8
          }
          let code = Int(bits & ((1 << UInt64(width)) - 1))
          bits >>= UInt64(width)
          held -= width
          if code == clear {
            width = minimumCodeSize + 1
            next = end + 1
            previous = -1
            continue
          }
          if code == end { return .endTooSoon(pixel: pixel, count: count) }
          let here = pixel
          if previous < 0 {
            guard code < clear else { return .badCode(code: code, next: next, pixel: pixel) }
            base[pixel] = UInt8(code)
            pixel += 1
          } else {
            let written: Int
            if code < clear {
              base[pixel] = UInt8(code)
              written = 1
            } else if code < next {
              written = min(length[code], count - pixel)
              (base + pixel).update(from: base + start[code], count: written)
            } else if code == next {
              // The string of the previous code and its own first index (KwKwK).
              written = min(previousLength + 1, count - pixel)
              let copied = min(previousLength, written)
              (base + pixel).update(from: base + previousStart, count: copied)
              if written > copied { base[pixel + copied] = base[previousStart] }
            } else {
              return .badCode(code: code, next: next, pixel: pixel)
            }
            pixel += written
            if next < maxCodes {
              start[next] = previousStart
              length[next] = previousLength + 1
              next += 1
            }
          }
          // Wider codes once the next free code needs them (at minimum code size 1, right after the
          // first code, as giflib and browsers read it).
          if next >= 1 << width, width < 12 { width += 1 }
          previous = code
          previousStart = here
          previousLength = code < clear ? 1 : pixel - here
        }
        return nil
      }
    }
  }
}
