import Synchronization
import Testing

@testable import ProgressRenderSupport

/// `SerialStage` runs jobs in submission order on its own thread, stops at the first failure and
/// never outlives its owner.
@Suite struct SerialStageTests {
  struct Failed: Error, Equatable { var job: Int }

  @Test(arguments: [1, 2, 8])
  func jobsRunInOrder(depth: Int) throws {
    let stage = SerialStage([Int](), depth: depth)
    for i in 0..<500 { try stage.submit { $0.append(i) } }
    #expect(try stage.finish() == Array(0..<500))
  }

  @Test func theFirstFailureStopsTheRestAndIsThrown() throws {
    let stage = SerialStage([Int](), depth: 2)
    var thrownBySubmit: (any Error)?
    for i in 0..<100 {
      do {
        try stage.submit { list in
          if i == 10 || i == 20 { throw Failed(job: i) }
          list.append(i)
        }
      } catch {
        thrownBySubmit = error
        break
      }
    }
    #expect(throws: Failed(job: 10)) { try stage.finish() }
    if let thrownBySubmit { #expect(thrownBySubmit as? Failed == Failed(job: 10)) }
  }

  @Test func aStageLetGoWaitsForItsRunningJobAndSkipsTheRest() throws {
    let ran = Atomic<Int>(0)
    do {
      let stage = SerialStage(0, depth: 64)
      for _ in 0..<64 {
        try stage.submit { _ in
          var spin = 0
          for k in 0..<20_000 { spin &+= k }
          precondition(spin > 0)
          ran.add(1, ordering: .relaxed)
        }
      }
    }
    let after = ran.load(ordering: .relaxed)
    // Nothing runs once the owner has let the stage go.
    for _ in 0..<1000 { _ = ran.load(ordering: .relaxed) }
    #expect(ran.load(ordering: .relaxed) == after)
    #expect(after <= 64)
  }
}
