import Foundation
import Testing

@testable import ProgressRenderSupport

/// `PathNames.canCreateFiles(in:)` leaves the folder as it found it, but for the probes of killed
/// runs, which it removes (a probe of a live process stays).
@Suite struct PathNamesProbeTests {
  private static let deadPID: Int32 = 2_000_000_000

  @Test(arguments: [false, true])
  func theProbeLeavesNothing(trailingSlash: Bool) throws {
    let folder = FileManager.default.temporaryDirectory.path + "/probe-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("kept".utf8).write(to: URL(fileURLWithPath: folder + "/frame-0000.png"))
    #expect(PathNames.canCreateFiles(in: trailingSlash ? folder + "/" : folder))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["frame-0000.png"])
  }

  @Test func killedRunsProbesAreRemoved() throws {
    let folder = FileManager.default.temporaryDirectory.path + "/probe-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let dead = PathNames.probePrefix + "\(Self.deadPID)"
    let alive = PathNames.probePrefix + "\(getppid())"
    for name in [dead, alive] { #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: nil)) }
    #expect(PathNames.canCreateFiles(in: folder))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [alive])
  }

  @Test func aMissingFolderCannotTakeFiles() {
    #expect(!PathNames.canCreateFiles(in: "/nonexistent-\(UUID().uuidString)"))
  }
}
