import Foundation
import Synchronization
import Testing

@testable import ProgressRenderBatch
@testable import ProgressRenderCore
@testable import ProgressRenderPipeline

@Suite struct BatchRunnerTests {
  private let folder = FileManager.default.temporaryDirectory.path + "/batch-runner-\(UUID().uuidString)"

  private func settings(_ style: Style) -> RenderSettings {
    RenderSettings(size: 12, scale: 1, fps: 10, duration: 0.4, background: .white)
  }

  /// Tiny assets: three GIFs, a still and a frames folder.
  private func assets(in folder: String) -> [BatchAsset] {
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let outputs: [(Style, OutputTarget)] = [
      (Presets.download, .gif(path: folder + "/download.gif")),
      (Presets.wave, .gif(path: folder + "/wave.gif")),
      (Presets.countdown, .gif(path: folder + "/countdown.gif")),
      (Presets.thumb, .still(path: folder + "/thumb.png")),
      (Presets.upload, .pngFrames(directory: folder + "/upload/")),
    ]
    return outputs.enumerated().map { index, pair in
      let name = String(pair.1.path.dropFirst(folder.count + 1))
      return BatchAsset(
        index: index, name: name, job: RenderJob(style: pair.0, settings: settings(pair.0), output: pair.1),
        inputs: "inputs-\(index)")
    }
  }

  private func bytes(_ path: String) -> [UInt8] {
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory))
    guard isDirectory.boolValue else { return Array(FileManager.default.contents(atPath: path) ?? Data()) }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path))?.sorted() ?? []
    return names.flatMap { Array(($0 + "\n").utf8) + bytes(path + "/" + $0) }
  }

  @Test func sameBytesWhateverTheNumberOfJobs() {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let one = assets(in: folder + "/one")
    let two = assets(in: folder + "/two")
    let first = BatchRunner(jobs: 1).run(one, lock: BatchLock())
    let second = BatchRunner(jobs: 3, cores: 2).run(two, lock: BatchLock())
    #expect(first.map(\.status) == Array(repeating: .rendered, count: 5))
    #expect(second.map(\.status) == Array(repeating: .rendered, count: 5))
    #expect(second.map(\.index) == [0, 1, 2, 3, 4])
    for (a, b) in zip(one, two) {
      let left = bytes(a.job.output.path)
      #expect(!left.isEmpty)
      #expect(left == bytes(b.job.output.path), "\(a.name)")
    }
  }

  /// A lock entry records the output's size: an output of another size is stale before any byte of
  /// it is read (issue 22: a 2 GB output was hashed whole), and a lock without sizes still works.
  @Test func anOutputOfAnotherSizeIsStaleWithoutHashing() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let all = assets(in: folder)
    let results = BatchRunner(jobs: 1).run(all, lock: BatchLock())
    let lock = BatchRunner.updatedLock(
      BatchLock(), assets: all, results: results, manifestNames: Set(all.map(\.name)))
    let gif = all[0]
    let entry = try #require(lock.assets[gif.name])
    let size = try #require(BatchFingerprint.outputBytes(gif.job.output))
    #expect(entry.bytes == size)
    #expect(BatchRunner.isUnchanged(gif, in: lock))
    var noSizes = lock
    noSizes.assets[gif.name]?.bytes = nil
    #expect(BatchRunner.isUnchanged(gif, in: noSizes))
    var wrongSize = lock
    wrongSize.assets[gif.name]?.bytes = size + 1
    #expect(!BatchRunner.isUnchanged(gif, in: wrongSize), "the digest matches, the size does not")
    let frames = all[4]
    #expect(lock.assets[frames.name]?.bytes == BatchFingerprint.outputBytes(frames.job.output))
    #expect((lock.assets[frames.name]?.bytes ?? 0) > 0)
  }

  @Test func unchangedAssetsAreSkippedAndUntouched() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let all = assets(in: folder)
    let names = Set(all.map(\.name))
    let results = BatchRunner(jobs: 2).run(all, lock: BatchLock())
    let lock = BatchRunner.updatedLock(BatchLock(), assets: all, results: results, manifestNames: names)
    #expect(lock.assets.keys.sorted() == names.sorted())
    #expect(lock.assets["wave.gif"]?.inputs == "inputs-1")
    let stamp = try FileManager.default.attributesOfItem(atPath: folder + "/wave.gif")[.modificationDate] as? Date

    let progressed = Mutex<[BatchAssetResult.Status]>([])
    var changed = all
    changed[2].inputs = "inputs-2-changed"
    let again = BatchRunner(jobs: 2).run(changed, lock: lock) { progress in
      progressed.withLock { $0.append(progress.result.status) }
    }
    #expect(again.map(\.status) == [.skipped, .skipped, .rendered, .skipped, .skipped])
    #expect(
      progressed.withLock { $0.sorted { $0.rawValue < $1.rawValue } } == [
        .rendered, .skipped, .skipped, .skipped, .skipped,
      ])
    #expect(try FileManager.default.attributesOfItem(atPath: folder + "/wave.gif")[.modificationDate] as? Date == stamp)

    // An output edited by hand is rendered again; --force renders everything.
    #expect(FileManager.default.createFile(atPath: folder + "/thumb.png", contents: Data([0])))
    // (countdown's output did not change with its inputs, so its recorded digest still matches.)
    #expect(
      BatchRunner(jobs: 1).run(all, lock: lock).map(\.status) == [.skipped, .skipped, .skipped, .rendered, .skipped])
    #expect(BatchRunner(jobs: 1, force: true).run(all, lock: lock).allSatisfy { $0.status == .rendered })
  }

  @Test func aFailureDoesNotStopTheOthersUnlessFailFast() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var all = assets(in: folder)
    let broken = folder + "/broken.png"
    #expect(FileManager.default.createFile(atPath: broken, contents: Data("not a png".utf8)))
    all[4].job.style.look.image = ImageFill(path: broken)
    let results = BatchRunner(jobs: 2).run(all, lock: BatchLock())
    #expect(results.map(\.status) == [.rendered, .rendered, .rendered, .rendered, .failed])
    #expect(results[4].message?.contains("broken.png") == true)
    #expect(!FileManager.default.fileExists(atPath: folder + "/upload"))

    let old = BatchLock(assets: [
      "upload/": BatchLock.Entry(inputs: "old", output: "old"), "gone.gif": BatchLock.Entry(inputs: "x", output: "y"),
      "other-shard.gif": BatchLock.Entry(inputs: "s", output: "t"),
    ])
    let lock = BatchRunner.updatedLock(
      old, assets: all, results: results, manifestNames: Set(all.map(\.name) + ["other-shard.gif"]))
    #expect(lock.assets["upload/"] == nil)
    #expect(lock.assets["gone.gif"] == nil)
    #expect(lock.assets["other-shard.gif"] == BatchLock.Entry(inputs: "s", output: "t"))
    #expect(lock.assets["download.gif"]?.output == BatchFingerprint.fileDigest(folder + "/download.gif"))

    // Largest first: the bigger frames folder is the first to run on one job; the rest never start.
    all[4].job.settings.size = 16
    let fast = BatchRunner(jobs: 1, force: true, failFast: true).run(all, lock: BatchLock())
    #expect(fast[4].status == .failed)
    #expect(fast.map(\.status) == [.cancelled, .cancelled, .cancelled, .cancelled, .failed])
  }

  /// Issue 22, item 6: when another run (from an edited manifest) wrote an output after this run did,
  /// this run's merge must not pair its inputs with those bytes: the entry is dropped, and the next
  /// plain run renders it again.
  @Test func anOutputOverwrittenByAnotherRunIsNotVouchedFor() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let all = assets(in: folder)
    let names = Set(all.map(\.name))
    let results = BatchRunner(jobs: 1).run(all, lock: BatchLock())
    #expect(results.allSatisfy { $0.written != nil })
    // Another run's bytes land on wave.gif and upload/ before this run merges its lock.
    let other = try #require(FileManager.default.contents(atPath: folder + "/download.gif"))
    #expect(FileManager.default.createFile(atPath: folder + "/wave.gif", contents: other))
    #expect(FileManager.default.createFile(atPath: folder + "/upload/frame-001.png", contents: Data([1, 2, 3])))
    let lock = BatchRunner.updatedLock(BatchLock(), assets: all, results: results, manifestNames: names)
    #expect(lock.assets["wave.gif"] == nil)
    #expect(lock.assets["upload/"] == nil)
    #expect(lock.assets["download.gif"]?.output == BatchFingerprint.fileDigest(folder + "/download.gif"))
    #expect(
      BatchRunner(jobs: 1).run(all, lock: lock).map(\.status) == [.skipped, .rendered, .skipped, .skipped, .rendered])
  }
}
