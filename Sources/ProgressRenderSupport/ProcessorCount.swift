import CSystem
import Foundation

/// How many threads of this process can run at once: the processors it may run on (its CPU
/// affinity: `taskset`, a container's cpuset) and its share of their time (a cgroup's CPU quota:
/// `docker --cpus`, a CI runner's limit), where `ProcessInfo.activeProcessorCount` counts the
/// machine's processors on Linux. A 2-CPU container on a 64-core host gets 2, not 64.
package enum ProcessorCount {
  /// The count for this process, read once; at least 1.
  package static let available: Int = {
    var count = ProcessInfo.processInfo.activeProcessorCount
    #if os(Linux)
      if let allowed = affinityCount() { count = min(count, allowed) }
      if let quota = quotaCount() { count = min(count, quota) }
    #endif
    return max(1, count)
  }()

  #if os(Linux)
    /// The processors in this process's affinity mask (`sched_getaffinity`), `nil` if unknown.
    static func affinityCount() -> Int? {
      var mask = [UInt64](repeating: 0, count: 16)  // 1,024 processors, glibc's `cpu_set_t`
      let status = mask.withUnsafeMutableBytes { sched_getaffinity(0, UInt($0.count), $0.baseAddress) }
      let count = mask.reduce(0) { $0 + $1.nonzeroBitCount }
      return status == 0 && count > 0 ? count : nil
    }

    /// The tightest CPU quota of this process's cgroup and its ancestors, in whole processors
    /// (rounded up), `nil` when none is set or none can be read.
    static func quotaCount() -> Int? {
      let membership = (try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8)) ?? ""
      var best: Int?
      for folder in quotaFolders(membership: membership) {
        let read = { (name: String) in try? String(contentsOfFile: folder + "/" + name, encoding: .utf8) }
        let cores =
          if let max = read("cpu.max") {
            Self.cores(cpuMax: max)
          } else if let quota = read("cpu.cfs_quota_us"), let period = read("cpu.cfs_period_us") {
            Self.cores(quota: quota, period: period)
          } else {
            nil as Int?
          }
        if let cores { best = min(best ?? cores, cores) }
      }
      return best
    }
  #endif

  /// The folders whose CPU quota applies to a process with this `/proc/self/cgroup`: its cgroup v2
  /// folder (`0::PATH`) and its v1 `cpu` controller's, each with its ancestors up to the mount.
  static func quotaFolders(membership: String, root: String = "/sys/fs/cgroup") -> [String] {
    var folders: [String] = []
    for line in membership.split(separator: "\n") {
      let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
      guard fields.count == 3, fields[2].hasPrefix("/") else { continue }
      let controllers = fields[1].split(separator: ",")
      let mounts: [String]
      if fields[0] == "0" && fields[1].isEmpty {
        mounts = [root]
      } else if controllers.contains("cpu") {
        mounts = [root + "/" + fields[1], root + "/cpu", root + "/cpu,cpuacct"]
      } else {
        continue
      }
      var path = String(fields[2])
      while true {
        for mount in mounts where !folders.contains(mount + (path == "/" ? "" : path)) {
          folders.append(mount + (path == "/" ? "" : path))
        }
        guard path != "/", let slash = path.lastIndex(of: "/") else { break }
        path = slash == path.startIndex ? "/" : String(path[..<slash])
      }
    }
    return folders
  }

  /// Whole processors of a cgroup v2 `cpu.max` ("QUOTA PERIOD" in microseconds), `nil` for "max".
  static func cores(cpuMax: String) -> Int? {
    let fields = cpuMax.split(whereSeparator: \.isWhitespace)
    guard fields.count == 2 else { return nil }
    return cores(quota: String(fields[0]), period: String(fields[1]))
  }

  /// Whole processors of a quota and a period (cgroup v1 `cpu.cfs_quota_us`, -1 for none, and
  /// `cpu.cfs_period_us`), rounded up; `nil` when there is no quota.
  static func cores(quota: String, period: String) -> Int? {
    guard let q = Int(quota.trimmingCharacters(in: .whitespacesAndNewlines)), q > 0,
      let p = Int(period.trimmingCharacters(in: .whitespacesAndNewlines)), p > 0
    else { return nil }
    return max(1, (q + p - 1) / p)
  }
}
