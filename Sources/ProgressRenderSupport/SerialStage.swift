import Dispatch
import Synchronization

/// Runs jobs on one background thread, one after the other in the order they were submitted, each
/// with a state that only that thread touches: the ordered tail of a pipeline (a GIF's differencing
/// and compression) working while the caller's threads make the next items.
///
/// At most `depth` jobs wait at a time: `submit` blocks until one finishes, so whatever the jobs
/// hold stays bounded. After a job throws, the jobs after it are skipped, `submit` throws that
/// error, and so does `finish`.
///
/// ```swift
/// let stage = SerialStage(writer, depth: 4)
/// try stage.submit { writer in try writer.append(frame) }
/// let done = try stage.finish()  // the state back, every job run
/// ```
package final class SerialStage<State> {
  /// What the jobs share with the caller.
  ///
  /// `@unchecked Sendable` is sound here: `state` is touched by the jobs, which run one at a time on
  /// `queue`, and by `finish` only after it has waited for the last of them (`queue.sync`); the
  /// first failure is kept behind a mutex; the semaphore is thread-safe.
  private final class Core: @unchecked Sendable {
    var state: State
    let queue = DispatchQueue(label: "progress-render.serial-stage")
    let slots: DispatchSemaphore
    let failure = Mutex<(any Error)?>(nil)
    let cancelled = Atomic<Bool>(false)

    init(_ state: State, depth: Int) {
      self.state = state
      slots = DispatchSemaphore(value: max(1, depth))
    }

    func run(_ job: (inout State) throws -> Void) {
      defer { slots.signal() }
      guard !cancelled.load(ordering: .relaxed), failure.withLock({ $0 == nil }) else { return }
      do {
        try job(&state)
      } catch {
        failure.withLock { $0 = $0 ?? error }
      }
    }

    func rethrowFailure() throws {
      if let error = failure.withLock({ $0 }) { throw error }
    }
  }

  private let core: Core
  private var finished = false

  /// Creates the stage.
  /// - Parameters:
  ///   - state: what the jobs work on; handed back by `finish`.
  ///   - depth: the most jobs waiting or running at once (at least 1).
  package init(_ state: State, depth: Int) {
    core = Core(state, depth: depth)
  }

  /// A stage let go before `finish` (its owner failed) skips the jobs still queued and waits for
  /// the running one: nothing touches the state, or what it writes to, once the owner is gone.
  deinit {
    guard !finished else { return }
    core.cancelled.store(true, ordering: .relaxed)
    core.queue.sync {}
  }

  /// Queues `job` after the jobs submitted before it; waits while `depth` jobs are queued.
  /// - Parameter job: works on the state; runs on the stage's thread.
  /// - Throws: the error of an earlier job, if one failed (then `job` is not queued).
  package func submit(_ job: @escaping @Sendable (inout State) throws -> Void) throws {
    precondition(!finished, "submit after finish")
    try core.rethrowFailure()
    let core = core
    core.slots.wait()
    core.queue.async { core.run(job) }
  }

  /// Waits for every queued job and hands the state back.
  /// - Returns: the state after the last job.
  /// - Throws: the first job's error, if one failed.
  package func finish() throws -> State {
    precondition(!finished, "finish called twice")
    finished = true
    core.queue.sync {}
    try core.rethrowFailure()
    return core.state
  }
}
