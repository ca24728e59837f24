import Dispatch

/// Loads started ahead on other threads (fontconfig's configuration, Pango), which a thread that
/// needs what they load waits for asleep (`wait`) before it touches the `static let` holding it.
///
/// Waiting on a `static let` while another thread runs its initializer would spin: Swift's
/// once-lock on Linux is a priority-inheriting futex, whose waiter the kernel spins for as long as
/// the owner runs, and these loads take milliseconds. The painting threads of a render all lay out
/// their first label at once.
struct AheadLoads: Sendable {
  private let group = DispatchGroup()

  /// Runs `load` on another thread and returns at once.
  func start(_ load: @escaping @Sendable () -> Void) {
    let group = group
    group.enter()
    DispatchQueue.global(qos: .userInitiated).async {
      load()
      group.leave()
    }
  }

  /// Returns once every load started so far has finished.
  func wait() { group.wait() }
}
