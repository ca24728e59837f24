import ProgressRenderFormats

/// How strictly two animations are compared.
public struct DiffOptions: Equatable, Sendable {
  /// Per-pixel tolerance, 0…1, on pixelmatch's YIQ scale (default 0.1; 0 means any change counts).
  public var threshold: Double
  /// Count anti-aliased pixels as changed (by default they are counted apart and do not fail).
  public var includeAntialiasing: Bool
  /// Budget: the most changed pixels, summed over all compared frames, that still pass.
  public var maxDiffPixels: Int?
  /// Budget: the largest share of changed pixels, in percent of all compared pixels, that still passes.
  public var maxDiffPercent: Double?
  /// Per-frame budget: a frame with at most this many changed pixels passes (status `within-budget`).
  public var maxDiffPixelsPerFrame: Int?
  /// Per-frame budget: a frame with at most this share of changed pixels, in percent of the frame, passes.
  public var maxDiffPercentPerFrame: Double?
  /// Rectangles whose pixels are not compared; each must lie inside the frames.
  public var ignore: [IgnoreRegion]
  /// Size bounds for reading the inputs.
  public var limits: DecodeLimits
  /// The canvas width two Lottie sides are painted on, in pixels (`nil`: the expected file's `w`).
  public var lottieWidth: Int?
  /// The canvas height two Lottie sides are painted on, in pixels (`nil`: the expected file's `h`).
  public var lottieHeight: Int?
  /// The rate two Lottie sides, or a Lottie side and a frames folder, are painted at (`nil`: the
  /// expected Lottie file's own, at most 50 fps).
  public var lottieFPS: Double?

  /// Creates options. With no budget, a single changed pixel fails; with budgets, every one given must hold.
  public init(
    threshold: Double = 0.1, includeAntialiasing: Bool = false, maxDiffPixels: Int? = nil,
    maxDiffPercent: Double? = nil, maxDiffPixelsPerFrame: Int? = nil, maxDiffPercentPerFrame: Double? = nil,
    ignore: [IgnoreRegion] = [], limits: DecodeLimits = .standard
  ) {
    self.threshold = threshold
    self.includeAntialiasing = includeAntialiasing
    self.maxDiffPixels = maxDiffPixels
    self.maxDiffPercent = maxDiffPercent
    self.maxDiffPixelsPerFrame = maxDiffPixelsPerFrame
    self.maxDiffPercentPerFrame = maxDiffPercentPerFrame
    self.ignore = ignore
    self.limits = limits
  }

  /// Whether `changed` of `total` pixels, summed over the frames that fail on their own, are within the
  /// whole-animation budget.
  func withinBudget(changed: Int, total: Int) -> Bool {
    if maxDiffPixels == nil && maxDiffPercent == nil { return changed == 0 }
    let percent = total == 0 ? 0 : Double(changed) * 100 / Double(total)
    return changed <= (maxDiffPixels ?? Int.max) && percent <= (maxDiffPercent ?? 100)
  }

  /// Whether one frame's `changed` of `total` pixels are within the per-frame budget (never, without one).
  func frameWithinBudget(changed: Int, total: Int) -> Bool {
    if maxDiffPixelsPerFrame == nil && maxDiffPercentPerFrame == nil { return false }
    let percent = total == 0 ? 0 : Double(changed) * 100 / Double(total)
    return changed <= (maxDiffPixelsPerFrame ?? Int.max) && percent <= (maxDiffPercentPerFrame ?? 100)
  }
}
