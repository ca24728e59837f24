import Foundation
import ProgressRenderSupport
import Synchronization

/// Renders the assets of a batch: skips those the lock shows unchanged, renders the rest on
/// `jobs` threads (largest first), and records what succeeded in a new lock.
///
/// Each asset is one `RenderJob`, all or nothing. With more than one job at a time each job paints
/// its frames on fewer threads (cores ÷ jobs), so the machine is not oversubscribed; the bytes
/// written do not depend on either number.
public struct BatchRunner: Sendable {
  /// Assets rendered at the same time, at least 1.
  public var jobs: Int
  /// Render every asset, whatever the lock says.
  public var force: Bool
  /// Start no new asset once one has failed.
  public var failFast: Bool
  /// Cores to share among the jobs (default: the active processor count).
  public var cores: Int

  /// Creates a runner.
  public init(jobs: Int, force: Bool = false, failFast: Bool = false, cores: Int? = nil) {
    self.jobs = max(1, jobs)
    self.force = force
    self.failFast = failFast
    self.cores = max(1, cores ?? ProcessorCount.available)
  }

  /// Whether the lock shows the asset unchanged: same input fingerprint, and its output still
  /// holds the bytes recorded.
  public static func isUnchanged(_ asset: BatchAsset, in lock: BatchLock) -> Bool {
    guard let entry = lock.assets[asset.name], entry.inputs == asset.inputs else { return false }
    if let bytes = entry.bytes, BatchFingerprint.outputBytes(asset.job.output) != bytes { return false }
    return BatchFingerprint.outputDigest(asset.job.output) == entry.output
  }

  /// Runs the assets.
  /// - Parameters:
  ///   - assets: the assets of this run (a shard's, or all).
  ///   - lock: the lock as read.
  ///   - progress: called once per asset as it finishes, one call at a time, on any thread.
  /// - Returns: one result per asset in the order given, and the output digests of those rendered.
  public func run(
    _ assets: [BatchAsset], lock: BatchLock, progress: @escaping @Sendable (BatchProgress) -> Void = { _ in }
  ) -> [BatchAssetResult] {
    let start = DispatchTime.now().uptimeNanoseconds
    let shared = Shared(count: assets.count)
    @Sendable func seconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
    @Sendable func finish(_ position: Int, _ result: BatchAssetResult, cost: Int) {
      shared.state.withLock { state in
        state.results[position] = result
        state.done += 1
        switch result.status {
        case .rendered: state.rendered += 1
        case .skipped: state.skipped += 1
        case .failed: state.failed += 1
        case .cancelled: break
        }
        if result.status != .skipped { state.costDone += cost }
        let elapsed = seconds()
        let left = state.costTotal - state.costDone
        let remaining = state.costDone > 0 ? elapsed / Double(state.costDone) * Double(left) : nil
        progress(
          BatchProgress(
            result: result, done: state.done, total: assets.count, rendered: state.rendered, skipped: state.skipped,
            failed: state.failed, elapsed: elapsed, remaining: remaining))
      }
    }

    var pending: [Int] = []
    for (position, asset) in assets.enumerated() {
      if !force && BatchRunner.isUnchanged(asset, in: lock) {
        finish(position, BatchAssetResult(index: asset.index, out: asset.name, status: .skipped), cost: 0)
      } else {
        pending.append(position)
      }
    }
    pending.sort { assets[$0].cost != assets[$1].cost ? assets[$0].cost > assets[$1].cost : $0 < $1 }
    let costTotal = pending.reduce(0) { $0 + assets[$1].cost }
    shared.state.withLock { $0.costTotal = costTotal }

    let threads = min(jobs, pending.count)
    let workers = threads > 1 ? max(1, cores / threads) : nil
    let failFast = self.failFast
    let pendingOrder = pending
    // Pending assets are claimed largest first; each reports its progress (under the lock) as it finishes.
    var threadStates: [Void] = Array(repeating: (), count: max(1, threads))
    _ = parallelMap(count: pendingOrder.count, workers: &threadStates) { slot, _ in
      let position = pendingOrder[slot]
      var job = assets[position].job
      job.workers = workers
      let asset = assets[position]
      if shared.stop.load(ordering: .relaxed) {
        finish(position, BatchAssetResult(index: asset.index, out: asset.name, status: .cancelled), cost: asset.cost)
        return
      }
      let began = seconds()
      let result: BatchAssetResult
      do {
        let summary = try job.run()
        let written = BatchFingerprint.outputDigest(job.output)
        result = BatchAssetResult(
          index: asset.index, out: asset.name, status: .rendered, seconds: seconds() - began,
          frames: summary.frameCount, bytes: summary.bytes, written: written)
      } catch {
        if failFast { shared.stop.store(true, ordering: .relaxed) }
        result = BatchAssetResult(
          index: asset.index, out: asset.name, status: .failed, seconds: seconds() - began,
          message: String(describing: error))
      }
      finish(position, result, cost: asset.cost)
    }
    return shared.state.withLock { state in
      state.results.map { result in
        guard let result else { preconditionFailure("a batch asset has no result") }
        return result
      }
    }
  }

  /// The lock after a run: rendered assets recorded with their new output digest while the output
  /// still holds what this run wrote (`BatchAssetResult.written`; else dropped), failed ones
  /// dropped, skipped and cancelled ones (and other shards' assets) kept as they were, and
  /// entries whose output is no longer in the manifest removed.
  /// - Parameters:
  ///   - lock: the lock as read.
  ///   - assets: the assets of this run.
  ///   - results: their results, in the same order.
  ///   - manifestNames: every output name of the manifest (all shards).
  /// - Returns: the new lock.
  public static func updatedLock(
    _ lock: BatchLock, assets: [BatchAsset], results: [BatchAssetResult], manifestNames: Set<String>
  ) -> BatchLock {
    var updated = BatchLock(assets: lock.assets.filter { manifestNames.contains($0.key) })
    for (asset, result) in zip(assets, results) {
      switch result.status {
      case .rendered:
        // Another run may have written this output since (from other inputs, such as an edited
        // manifest): then the bytes on disk are not the ones these inputs rendered, and the entry goes.
        if let digest = BatchFingerprint.outputDigest(asset.job.output), digest == result.written {
          updated.assets[asset.name] = BatchLock.Entry(
            inputs: asset.inputs, output: digest, bytes: BatchFingerprint.outputBytes(asset.job.output))
        } else {
          updated.assets[asset.name] = nil
        }
      case .failed:
        updated.assets[asset.name] = nil
      case .skipped, .cancelled:
        break
      }
    }
    return updated
  }

  /// What the worker threads share.
  private final class Shared: Sendable {
    let state: Mutex<State>
    let stop = Atomic<Bool>(false)

    init(count: Int) {
      state = Mutex(State(results: Array(repeating: nil, count: count)))
    }
  }

  private struct State: Sendable {
    var results: [BatchAssetResult?]
    var done = 0
    var rendered = 0
    var skipped = 0
    var failed = 0
    var costTotal = 0
    var costDone = 0
  }
}
