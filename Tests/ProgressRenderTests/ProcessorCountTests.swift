import Foundation
import Testing

@testable import ProgressRenderSupport

/// `ProcessorCount` counts the processors this process may use: its affinity and its cgroup's CPU
/// quota, read from the files Linux gives, parsed here from their text.
@Suite struct ProcessorCountTests {
  /// cgroup v2 `cpu.max` and the whole processors it allows (`nil`: no quota).
  static let cpuMax: [(String, Int?)] = [
    ("max 100000\n", nil), ("200000 100000\n", 2), ("150000 100000", 2), ("50000 100000", 1),
    ("400000 50000", 8), ("0 100000", nil), ("max", nil), ("", nil), ("a b", nil),
  ]

  @Test(arguments: cpuMax)
  func aCgroupV2QuotaIsRoundedUpToWholeProcessors(text: String, cores: Int?) {
    #expect(ProcessorCount.cores(cpuMax: text) == cores)
  }

  /// cgroup v1 `cpu.cfs_quota_us` and `cpu.cfs_period_us`.
  static let v1: [(String, String, Int?)] = [
    ("-1\n", "100000\n", nil), ("300000\n", "100000\n", 3), ("100001", "100000", 2), ("100000", "0", nil),
  ]

  @Test(arguments: v1)
  func aCgroupV1QuotaIsRoundedUpToWholeProcessors(quota: String, period: String, cores: Int?) {
    #expect(ProcessorCount.cores(quota: quota, period: period) == cores)
  }

  /// `/proc/self/cgroup` and the folders whose quota applies, the process's own first.
  static let memberships: [(String, [String])] = [
    ("0::/\n", ["/cg"]),
    ("0::/ci/job\n", ["/cg/ci/job", "/cg/ci", "/cg"]),
    ("4:memory:/x\n1:cpu:/\n0::/\n", ["/cg/cpu", "/cg/cpu,cpuacct", "/cg"]),
    (
      "3:cpu,cpuacct:/docker/abc\n",
      [
        "/cg/cpu,cpuacct/docker/abc", "/cg/cpu/docker/abc", "/cg/cpu,cpuacct/docker", "/cg/cpu/docker",
        "/cg/cpu,cpuacct", "/cg/cpu",
      ]
    ),
    ("2:memory:/x\n", []),
    ("garbage\n", []),
  ]

  @Test(arguments: memberships)
  func theProcessCgroupAndItsAncestorsAreRead(membership: String, folders: [String]) {
    #expect(ProcessorCount.quotaFolders(membership: membership, root: "/cg") == folders)
  }

  @Test func theCountIsAtLeastOneAndAtMostTheMachines() throws {
    #expect(ProcessorCount.available >= 1)
    #expect(ProcessorCount.available <= ProcessInfo.processInfo.activeProcessorCount)
    #if os(Linux)
      #expect(try #require(ProcessorCount.affinityCount()) >= ProcessorCount.available)
    #endif
  }
}
