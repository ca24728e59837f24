import Synchronization
import Testing

@testable import ProgressRenderSupport

@Suite struct ParallelMapTests {
  struct Failure: Error, Equatable {
    var index: Int
  }

  /// What one worker did: how many indices it mapped.
  struct Tally {
    var calls = 0
  }

  @Test(arguments: [(0, 1), (1, 4), (5, 1), (5, 2), (100, 3), (100, 8), (7, 64)])
  func resultsComeInIndexOrderWithEveryWorkerUsedAlone(count: Int, workers: Int) {
    var tallies = Array(repeating: Tally(), count: workers)
    let squares = parallelMap(count: count, workers: &tallies) { index, tally in
      tally.calls += 1
      return index * index
    }
    #expect(squares == (0..<count).map { $0 * $0 })
    #expect(tallies.reduce(0) { $0 + $1.calls } == count)
  }

  @Test(arguments: [1, 2, 3, 8])
  func theLowestFailingIndexIsThrown(workers: Int) {
    var states: [Void] = Array(repeating: (), count: workers)
    #expect(throws: Failure(index: 3)) {
      try parallelMap(count: 40, workers: &states) { (index, _) throws(Failure) -> Int in
        if index == 3 || index == 7 || index == 30 { throw Failure(index: index) }
        return index
      }
    }
  }

  @Test(arguments: [1, 2, 4])
  func noNewIndexStartsAfterAFailure(workers: Int) {
    let started = Atomic<Int>(0)
    var states: [Void] = Array(repeating: (), count: workers)
    #expect(throws: Failure(index: 0)) {
      try parallelMap(count: 10_000, workers: &states) { (index, _) throws(Failure) -> Int in
        started.add(1, ordering: .relaxed)
        if index == 0 { throw Failure(index: 0) }
        return index
      }
    }
    #expect(started.load(ordering: .relaxed) < 10_000)
    if workers == 1 { #expect(started.load(ordering: .relaxed) == 1) }
  }

  @Test func workersRunAtTheSameTime() {
    // Two indices that each wait for the other to start finish only when run in parallel. Dispatch
    // may run both on one thread while its pool is busy (other tests run at the same time, for
    // minutes on two cores), so tries are spread over up to 15 s; one must see both indices
    // running at once.
    var parallel = false
    for _ in 0..<30 where !parallel {
      let arrived = Atomic<Int>(0)
      var states: [Void] = [(), ()]
      let done = parallelMap(count: 2, workers: &states) { _, _ in
        arrived.add(1, ordering: .relaxed)
        let deadline = ContinuousClock.now + .milliseconds(500)
        while arrived.load(ordering: .relaxed) < 2 && ContinuousClock.now < deadline {}
        return arrived.load(ordering: .relaxed)
      }
      parallel = done == [2, 2]
    }
    #expect(parallel)
  }

}
