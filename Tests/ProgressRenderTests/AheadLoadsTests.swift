import Foundation
import Synchronization
import Testing

@testable import ProgressRenderRaster

/// A thread that needs what loads ahead returns from `wait` only once every load started has
/// finished (issue 24: Pango and fontconfig's configuration, loaded while a render plans).
@Suite struct AheadLoadsTests {
  @Test(arguments: [1, 3])
  func waitReturnsOnceEveryStartedLoadFinished(loads: Int) {
    let ahead = AheadLoads()
    let finished = Mutex(0)
    for _ in 0..<loads {
      ahead.start {
        Thread.sleep(forTimeInterval: 0.05)
        finished.withLock { $0 += 1 }
      }
    }
    ahead.wait()
    #expect(finished.withLock { $0 } == loads)
  }

  @Test func waitWithNothingStartedReturnsAtOnce() {
    let started = Date()
    AheadLoads().wait()
    #expect(Date().timeIntervalSince(started) < 1)
  }
}
