/// An After Effects `loopOut(type, keys)` on a keyframed property, as lottie-web 5.13 evaluates it
/// (`addPropertyDecorator`'s `loopOut`).
///
/// Only the time after the last key changes: the keys from the loop's first key to the last
/// repeat (`cycle`), play forward then back (`pingpong`), repeat each time moved on by the last
/// key's value minus the first's (`offset`), or the value goes on in a straight line at its speed
/// just before the last key (`continue`). Exactly at the last key the last key's value shows.
///
/// `loopIn` is not among them: lottie-web reads the time of its cycles as `r − x − p` where After
/// Effects reads `p + r − x` (p the first key's frame), so the two agree only when the first key is
/// at frame 0, where `loopIn` changes nothing shown.
struct LottieLoop: Equatable, Sendable {
  /// How the keys repeat.
  enum Kind: String, CaseIterable, Sendable {
    /// The keys again and again.
    case cycle
    /// Forward, then backward, and so on.
    case pingpong
    /// The keys again, each time moved on by their change over one pass.
    case offset
    /// A straight line at the speed the property has just before the last key.
    case `continue`
  }

  /// How the keys repeat.
  var kind: Kind
  /// How many keys before the last one the loop starts (0: at the first key), as the expression's
  /// second argument gives it.
  var keys: Int
  /// The name of a checkbox of the property's effect that must be on for the loop to apply (After
  /// Effects' Trace Path template), or `nil`.
  var condition: String?

  /// Creates a loop.
  init(_ kind: Kind = .cycle, keys: Int = 0, condition: String? = nil) {
    self.kind = kind
    self.keys = keys
    self.condition = condition
  }

  /// The index of the loop's first key among `count` keys: lottie-web starts at the first key when
  /// `keys` is 0 or more than there are before the last.
  /// - Parameter count: how many keys the property has (at least 1).
  /// - Returns: an index in `0..<count`.
  func firstKey(among count: Int) -> Int {
    keys == 0 || keys > count - 1 ? 0 : count - 1 - keys
  }
}
