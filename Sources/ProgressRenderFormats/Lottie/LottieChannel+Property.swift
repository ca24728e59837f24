import ProgressRenderCore

extension LottieChannel {
  /// The channel as a Lottie property: a static value when constant, else keyframes with each
  /// easing's control points as tangents (`cubic-bezier(x1, y1, x2, y2)` → `o` (x1, y1), `i` (x2, y2);
  /// linear → (0, 0), (1, 1)) and holds as `h: 1`.
  /// - Parameter dimensions: the property's vector for a value (`[v]` for a number, `[v, v, 100]` for a scale).
  func property(_ dimensions: (Double) -> [Double] = { [$0] }) -> LottieProperty {
    func vector(_ value: Double) -> [Double] { dimensions(value).map(LottieNumber.clean) }
    guard !isConstant else {
      let value = vector(keys[0].value)
      return value.count == 1 ? LottieProperty(.number(value[0])) : LottieProperty(.vector(value))
    }
    var frames: [LottieKeyframe<[Double]>] = []
    for (index, key) in keys.enumerated() {
      let value = vector(key.value)
      var frame = LottieKeyframe(t: LottieNumber.clean(key.frame), s: value)
      if index + 1 < keys.count {
        if key.hold {
          frame.h = 1
        } else {
          let (out, into) = LottieChannel.tangents(key.easing ?? .linear, count: value.count)
          frame.o = out
          frame.i = into
        }
      }
      frames.append(frame)
    }
    return LottieProperty(.keyframes(frames))
  }

  /// The out and in tangents of an easing (steps never get here: they are expanded into holds).
  static func tangents(_ easing: Easing, count: Int) -> (LottieTangent, LottieTangent) {
    var (x1, y1, x2, y2) = (0.0, 0.0, 1.0, 1.0)
    if case .cubicBezier(let a, let b, let c, let d) = easing {
      (x1, y1, x2, y2) = (min(max(a, 0), 1), b, min(max(c, 0), 1), d)
    }
    let n = max(count, 1)
    return (
      LottieTangent(
        x: Array(repeating: LottieNumber.clean(x1), count: n), y: Array(repeating: LottieNumber.clean(y1), count: n)),
      LottieTangent(
        x: Array(repeating: LottieNumber.clean(x2), count: n), y: Array(repeating: LottieNumber.clean(y2), count: n))
    )
  }
}
