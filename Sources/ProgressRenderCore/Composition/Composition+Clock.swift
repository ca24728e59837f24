extension Composition {
  /// Whether some property of the scene reads the clock (`NumberExpression.time`) rather than
  /// only the timeline's tracks. When none does, two times at which every track has the same value
  /// show the same picture: a renderer may paint once and show it again (a finished progress).
  ///
  /// Every stored value of the scene is visited by reflection, so no property type, present or
  /// future, is missed; plain values that hold no expression (bitmaps, paths, colours, numbers,
  /// strings) are passed over. A scene of more than `limit` values counts as reading the clock.
  /// - Parameter limit: the most values visited before giving up.
  /// - Returns: `true` when a property reads the clock, or the scene was too large to tell.
  /// - Complexity: O(values of the scene), at most `limit`.
  public func readsClock(limit: Int = 50_000) -> Bool {
    var budget = limit
    return Self.readsClock(nodes, budget: &budget)
  }

  private static func readsClock(_ value: Any, budget: inout Int) -> Bool {
    budget -= 1
    if budget < 0 { return true }
    if let expression = value as? NumberExpression { return expression.readsTime }
    if holdsNoExpression(value) { return false }
    for child in Mirror(reflecting: value).children where readsClock(child.value, budget: &budget) { return true }
    return false
  }

  /// Whether a value is of a type that cannot hold an expression, so need not be walked.
  private static func holdsNoExpression(_ value: Any) -> Bool {
    switch value {
    case is Double, is Int, is Bool, is String, is Point, is RGBAColor, is Frame, is VectorPath, is [VectorPath],
      is [Double], is [Point], is [UInt32]:
      true
    default: false
    }
  }
}
