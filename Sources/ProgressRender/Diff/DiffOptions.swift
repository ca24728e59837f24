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
  /// Size bounds for reading the inputs.
  public var limits: DecodeLimits

  /// Creates options. With no budget, a single changed pixel fails; with budgets, every one given must hold.
  public init(
    threshold: Double = 0.1, includeAntialiasing: Bool = false, maxDiffPixels: Int? = nil,
    maxDiffPercent: Double? = nil, limits: DecodeLimits = .standard
  ) {
    self.threshold = threshold
    self.includeAntialiasing = includeAntialiasing
    self.maxDiffPixels = maxDiffPixels
    self.maxDiffPercent = maxDiffPercent
    self.limits = limits
  }

  /// Whether `changed` of `total` pixels are within the budget.
  func withinBudget(changed: Int, total: Int) -> Bool {
    if maxDiffPixels == nil && maxDiffPercent == nil { return changed == 0 }
    let percent = total == 0 ? 0 : Double(changed) * 100 / Double(total)
    return changed <= (maxDiffPixels ?? Int.max) && percent <= (maxDiffPercent ?? 100)
  }
}
