import Dispatch
import Synchronization

/// Maps the indices `0..<count` to results on up to `workers.count` threads at once, each thread
/// with a worker state of its own (a renderer, buffers: whatever must not be shared), and returns
/// the results in index order.
///
/// Indices are handed out in increasing order to whichever thread is free, so every index below
/// one that has started has started too. After a failure no new index starts; the indices already
/// started finish, and the error of the lowest failing index is thrown, whatever the number of
/// workers. With one worker (or one index) everything runs on the caller's thread, in order.
///
/// - Parameters:
///   - count: the number of indices.
///   - workers: one state per thread; a state is used by one thread at a time, never shared.
///   - body: makes the result of one index with the state of the thread running it.
/// - Returns: the results, `count` of them, in index order.
/// - Throws: the error thrown for the lowest failing index.
/// - Complexity: `count` calls of `body`, on `min(workers.count, count)` threads.
public func parallelMap<Worker, Element: Sendable, Failure: Error>(
  count: Int, workers: inout [Worker], _ body: @Sendable (Int, inout Worker) throws(Failure) -> Element
) throws(Failure) -> [Element] {
  precondition(!workers.isEmpty, "parallelMap needs at least one worker")
  let threads = min(workers.count, count)
  if threads <= 1 {
    var results: [Element] = []
    results.reserveCapacity(count)
    for index in 0..<count { results.append(try body(index, &workers[0])) }
    return results
  }
  let outcomes = UnsafeMutableBufferPointer<Result<Element, Failure>?>.allocate(capacity: count)
  outcomes.initialize(repeating: nil)
  defer {
    outcomes.deinitialize()
    outcomes.deallocate()
  }
  let failure: Failure? = workers.withUnsafeMutableBufferPointer { states in
    let shared = ParallelMapShared(states: states, outcomes: outcomes)
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      while !shared.failed.load(ordering: .relaxed) {
        let index = shared.next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < count else { return }
        let outcome = Result { () throws(Failure) in try body(index, &shared.states[thread]) }
        shared.outcomes[index] = outcome
        if case .failure = outcome { shared.failed.store(true, ordering: .relaxed) }
      }
    }
    guard shared.failed.load(ordering: .relaxed) else { return nil }
    for outcome in outcomes { if case .failure(let error)? = outcome { return error } }
    return nil
  }
  if let failure { throw failure }
  return outcomes.map { outcome in
    guard case .success(let result)? = outcome else { preconditionFailure("parallelMap lost a result") }
    return result
  }
}

/// What the threads of one `parallelMap` share.
///
/// `@unchecked Sendable` is sound here: thread `t` touches only `states[t]` (each state is used by
/// one thread, and the caller holds them `inout` for the whole call, so nobody else does), each
/// index's outcome is written by the one thread that claimed the index (claims come from the
/// atomic counter), and the caller reads the outcomes only after `concurrentPerform` has joined
/// every thread.
private final class ParallelMapShared<Worker, Element, Failure: Error>: @unchecked Sendable {
  let states: UnsafeMutableBufferPointer<Worker>
  let outcomes: UnsafeMutableBufferPointer<Result<Element, Failure>?>
  /// The next index to claim.
  let next = Atomic<Int>(0)
  /// Set once an index has failed: no new index starts.
  let failed = Atomic<Bool>(false)

  init(states: UnsafeMutableBufferPointer<Worker>, outcomes: UnsafeMutableBufferPointer<Result<Element, Failure>?>) {
    self.states = states
    self.outcomes = outcomes
  }
}
