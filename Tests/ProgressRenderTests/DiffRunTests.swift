import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderDiff
@testable import ProgressRenderFormats
@testable import ProgressRenderRaster
@testable import ProgressRenderSupport

/// `DiffRun`, the library side of `progress-render diff`: outcomes, the lines and notes it says, reports,
/// updates, and the kind of each error (the command line's parsing and exit codes: `DiffCommandTests`).
@Suite(.serialized) struct DiffRunTests {
  typealias S = DiffTestSupport

  /// What one run said and how it ended; `status` is the exit status `progress-render diff` gives it.
  struct Result {
    /// 0 same, updated or recorded; 1 different or `.failed`; 2 `.badInput`.
    var status: Int32
    /// The lines said, each with a newline.
    var out: String
    /// The notes said.
    var notes: [String]
    /// The error thrown, as one line, or "".
    var err: String
  }

  /// Runs `DiffRun` with the options of the command line it stands for.
  static func run(
    _ expected: String, _ actual: String, threshold: Double = 0.1, out: String? = nil, junit: String? = nil,
    update: Bool = false
  ) -> Result {
    var result = Result(status: 0, out: "", notes: [], err: "")
    let run = DiffRun(
      expected: expected, actual: actual, options: DiffOptions(threshold: threshold), reportFolder: out,
      junitFile: junit, update: update)
    do {
      let outcome = try run.run { message in
        switch message {
        case .line(let text): result.out += text + "\n"
        case .note(let text): result.notes.append(text)
        case .report: break
        }
      }
      result.status = outcome == .different ? 1 : 0
    } catch {
      result.status = ErrorKind(of: error) == .badInput ? 2 : 1
      result.err = "\(error)"
    }
    return result
  }

  /// A folder of 4 frames and the same render as a GIF with the two identical middle frames merged.
  static func fixtures(_ name: String) throws -> (folder: String, gif: String, root: String) {
    let root = try S.scratch(name)
    let frames = [S.solid(0xFF0000), S.solid(0x00FF00), S.solid(0x00FF00), S.solid(0x0000FF)]
    try S.writeFolder(frames, to: root + "/frames")
    var gif = GIFReaderTestFile(width: 8, height: 6)
    gif.images = [
      .init(width: 8, height: 6, indices: Array(repeating: 1, count: 48), delay: 3),
      .init(width: 8, height: 6, indices: Array(repeating: 2, count: 48), delay: 6),
      .init(width: 8, height: 6, indices: Array(repeating: 3, count: 48), delay: 3),
    ]
    try S.write(gif.bytes(), to: root + "/anim.gif")
    return (root + "/frames", root + "/anim.gif", root)
  }

  @Test func destinationsAreCheckedFirstAndNamedWithoutFlags() throws {
    let f = try Self.fixtures("destinations")
    try S.write([1], to: f.root + "/afile")
    let cases: [(DiffRun, DiffError.Subject, String)] = [
      (
        DiffRun(expected: f.gif, actual: f.gif, reportFolder: f.root + "/afile"), .reportFolder,
        "is a file, not a folder"
      ),
      (DiffRun(expected: f.gif, actual: f.gif, junitFile: f.root), .junitFile, "is a folder"),
      (DiffRun(expected: f.root + "/no/x.gif", actual: f.gif, update: true), .baseline, "does not exist"),
    ]
    for (run, destination, fragment) in cases {
      #expect {
        _ = try run.run { _ in Issue.record("said something before failing") }
      } throws: { error in
        guard let error = error as? DiffError else { return false }
        return error.subject == destination && error.kind == .badInput && "\(error)".contains(fragment)
          && !"\(error)".contains("--")
      }
    }
  }

  @Test func folderAgainstMergedGIFIsSame() throws {
    let f = try Self.fixtures("same")
    let result = Self.run(f.folder, f.gif)
    #expect(result.status == 0)
    #expect(result.out == "same: 4 frames\n")
    // The GIF stores 3 images for 4 displayed frames (3, 6, 3 cs): said as `render` says it.
    #expect(Self.run(f.gif, f.gif).out == "same: 4 frames (3 stored)\n")
  }

  @Test func colourChangeWritesArtifactsAndReports() throws {
    let f = try Self.fixtures("changed")
    var changed = S.solid(0x00FF00)
    for i in 0..<12 { changed.pixels[i] = 0xFFFF_FFFF }
    try Data(PNGCodec.encode(changed)).write(to: URL(fileURLWithPath: f.folder + "/frame-0002.png"))
    let out = f.root + "/out"
    let result = Self.run(f.gif, f.folder, out: out, junit: f.root + "/junit.xml")
    #expect(result.status == 1)
    #expect(result.out == "different: 1 of 4 frames differs (max 25% pixels, frame 2)\n")
    let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
    #expect(
      files == [
        "frame-0002-actual.png", "frame-0002-diff.png", "frame-0002-expected.png", "report.html", "report.json",
      ])
    let diff = try PNGCodec.decode(
      [UInt8](Data(contentsOf: URL(fileURLWithPath: out + "/frame-0002-diff.png"))), source: "diff", maxPixels: 100)
    #expect(diff.pixels[0] == 0xFFFF_0000)
    #expect(diff.pixels[47] != 0xFFFF_0000)
    let json = try Data(contentsOf: URL(fileURLWithPath: out + "/report.json"))
    let report = try JSONDecoder().decode(DiffReport.self, from: json)
    #expect(report.verdict == .different)
    #expect(report.frames.map(\.changedPixels) == [0, 0, 12, 0])
    #expect(report.frames[2].images?["diff"] == "frame-0002-diff.png")
    let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
    #expect(!html.contains("data:image"))  // images are files beside the page, referenced once each
    for png in files where png.hasSuffix(".png") {
      #expect(html.components(separatedBy: "src=\"\(png)\"").count - 1 == 1, "\(png)")
    }
    #expect(html.contains("<a href=\"#frame-2\">Worst frame: 2"))
    #expect(!html.contains("http"))
    let junit = try String(contentsOfFile: f.root + "/junit.xml", encoding: .utf8)
    #expect(junit.contains("tests=\"1\" failures=\"1\""))
    #expect(
      junit.contains("message=\"different: 1 of 4 frames differs (max 25% pixels, frame 2); differing frame: 2\""))
    // Deterministic: a second run writes the same bytes.
    _ = Self.run(f.gif, f.folder, out: out)
    #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/report.json")) == json)
  }

  @Test func imperceptibleChangePassesByDefaultAndFailsAtThresholdZero() throws {
    let root = try S.scratch("imperceptible")
    try S.writeFolder([S.solid(0xC86432)], to: root + "/a")
    try S.writeFolder([S.solid(0xC96432)], to: root + "/b")
    #expect(Self.run(root + "/a", root + "/b").status == 0)
    let strict = Self.run(root + "/a", root + "/b", threshold: 0)
    #expect(strict.status == 1)
    #expect(strict.out == "different: 1 of 1 frame differs (max 100% pixels, frame 0)\n")
  }

  @Test func missingFrameAndSizeMismatchAreDifferent() throws {
    let f = try Self.fixtures("missing")
    try FileManager.default.removeItem(atPath: f.folder + "/frame-0001.png")
    let missing = Self.run(f.gif, f.folder)
    #expect(missing.status == 1)
    #expect(missing.out == "different: 1 frame missing in actual: frame-0001.png\n")
    try S.writeFolder([S.solid(0xFF0000, width: 9, height: 6)], to: f.root + "/wide")
    let size = Self.run(f.root + "/wide/frame-0000.png", f.folder + "/frame-0000.png")
    #expect(size.status == 1)
    #expect(size.out == "different: size differs: expected 9×6, actual 8×6\n")
  }

  @Test func unreadableInputExitsTwoNamingTheFile() throws {
    let f = try Self.fixtures("unreadable")
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: f.gif)))
    try S.write(Array(bytes.prefix(40)), to: f.root + "/cut.gif")
    let cut = Self.run(f.gif, f.root + "/cut.gif")
    #expect(cut.status == 2)
    #expect(cut.err.hasPrefix("cannot read '\(f.root)/cut.gif': "))
    let absent = Self.run(f.root + "/absent", f.gif)
    #expect(absent.status == 2)
    #expect(absent.err.contains("'\(f.root)/absent': no such file or folder"))
  }

  /// A folder frame whose header is sound and whose image data is broken (its CRC recomputed, so only
  /// decoding finds it): the loader checks headers only, and the comparison, which decodes each frame
  /// once, stops with exit 2 naming the frame's file and writes no report.
  @Test func brokenImageDataInAFolderFrameStopsTheComparison() throws {
    let f = try Self.fixtures("broken-data")
    let frame = f.folder + "/frame-0002.png"
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: frame)))
    var at = 8
    while at + 12 <= bytes.count {
      let length = bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
      if Array(bytes[(at + 4)..<(at + 8)]) == Array("IDAT".utf8) {
        for i in (at + 10)..<(at + 8 + length) { bytes[i] = 0xFF }
        let crc = Int(PNGCodecTests.crc32(bytes[(at + 4)..<(at + 8 + length)]))
        bytes.replaceSubrange(
          (at + 8 + length)..<(at + 12 + length), with: [24, 16, 8, 0].map { UInt8(crc >> $0 & 0xFF) })
      }
      at += 12 + length
    }
    try S.write(bytes, to: frame)
    #expect(throws: Never.self) { try FrameSequenceLoader.load(f.folder) }
    let result = Self.run(f.gif, f.folder, out: f.root + "/report")
    #expect(result.status == 2)
    #expect(result.err.hasPrefix("\(frame): the PNG is truncated or corrupt ("), "\(result.err)")
    #expect(!FileManager.default.fileExists(atPath: f.root + "/report"))
  }

  /// Item 18: a GIF whose data after the last complete frame is cut short compares as browsers show it,
  /// with a note on standard error naming the file.
  @Test func truncatedTailIsIgnoredWithANote() throws {
    let f = try Self.fixtures("tail")
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: f.gif)))
    try S.write(Array(bytes.dropLast(1)) + [0x21, 0xF9, 4, 4], to: f.root + "/cut.gif")
    let result = Self.run(f.folder, f.root + "/cut.gif")
    #expect(result.status == 0)
    #expect(result.out == "same: 4 frames\n")
    #expect(result.notes.count == 1)
    #expect(
      result.notes.first?.hasPrefix(
        "'\(f.root)/cut.gif': the data after frame 2 is truncated or corrupt and was ignored") == true)
  }

  @Test func updateMakesActualTheBaseline() throws {
    let f = try Self.fixtures("update")
    let other = f.root + "/other.gif"
    try S.write(GIFReaderTestFile.solid(width: 8, height: 6, indices: [3, 1], delays: [6, 6]).bytes(), to: other)
    #expect(Self.run(f.gif, other).status == 1)
    let updated = Self.run(f.gif, other, update: true)
    #expect(updated.status == 0)
    #expect(updated.out.hasSuffix("updated: '\(f.gif)' is now a copy of '\(other)'\n"))
    #expect(Self.run(f.gif, other).status == 0)
    // A frames folder rewritten from a GIF keeps its naming; the stale fourth frame goes.
    #expect(Self.run(f.folder, other, update: true).status == 0)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: f.folder).sorted() == ["frame-0000.png", "frame-0001.png"])
    #expect(Self.run(f.folder, other).status == 0)
    // A GIF baseline re-encoded from a frames folder keeps its duration (12 cs over 4 frames: 3 cs each;
    // the encoder may merge the two identical middle frames into one of 6 cs).
    let f2 = try Self.fixtures("update-gif")
    #expect(Self.run(other, f2.folder, update: true).status == 0)
    #expect(
      try GIFDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: other))), source: other).delays?.reduce(0, +)
        == 12)
    #expect(Self.run(other, f2.folder).out == "same: 4 frames\n")
    // A missing baseline spelled with a trailing slash becomes a frames folder, whatever ACTUAL is.
    #expect(Self.run(f.root + "/from-gif/", f.gif, update: true).status == 0)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: f.root + "/from-gif").sorted() == [
        "frame-0000.png", "frame-0001.png",
      ])
    #expect(Self.run(f.root + "/from-gif", f.gif).out == "same: 2 frames\n")
    // A missing baseline is recorded.
    let recorded = Self.run(f.root + "/new-frames", f.folder, update: true)
    #expect(recorded.status == 0)
    #expect(Self.run(f.root + "/new-frames", f.folder).out == "same: 2 frames\n")
  }

  /// GIFs as other tools and our encoder write them: (name, palette index and delay of each stored image,
  /// the display slots a frames folder gets).
  static let storedGIFs: [(String, [(UInt8, Int)], Int)] = [
    // 30 frames at 30 fps (delays 3, 3, 4 … carried) with 5 pairs of identical frames merged: 25 images.
    ("red", redImages, 30),
    ("merged", [(3, 3), (1, 6), (2, 3)], 4),
    ("irregular", [(1, 5), (2, 50), (3, 5)], 11),  // 5 and 55 cs lie within 1 cs of multiples of 60/11
    ("zero-one-cs", [(1, 0), (2, 1), (3, 10), (1, 3)], 10),
    ("still", [(2, 0)], 1),
    ("odd-hold", [(1, 7), (2, 93)], 2),
  ]

  static var redImages: [(UInt8, Int)] {
    var delays: [Int] = []
    for frame in 0..<30 { delays.append((frame + 1) * 100 / 30 - frame * 100 / 30) }
    var images: [(UInt8, Int)] = []
    var frame = 0
    while frame < 30 {
      let merge = frame % 6 == 2 && frame + 1 < 30  // frames 2+3, 8+9, 14+15, 20+21, 26+27
      images.append((UInt8(images.count % 3 + 1), merge ? delays[frame] + delays[frame + 1] : delays[frame]))
      frame += merge ? 2 : 1
    }
    return images
  }

  /// Item 17: `--update` of a frames folder from a GIF writes what is displayed, one PNG per display slot
  /// of the GIF (not one per stored image), and a diff right after an update is always `same`.
  @Test(arguments: storedGIFs)
  func updatingAFolderFromAGIFWritesItsDisplaySlots(name: String, images: [(UInt8, Int)], slots: Int) throws {
    let f = try Self.fixtures("update-slots-\(name)")
    var gif = GIFReaderTestFile(width: 8, height: 6)
    gif.images = images.map { .init(width: 8, height: 6, indices: Array(repeating: $0.0, count: 48), delay: $0.1) }
    let path = f.root + "/\(name).gif"
    try S.write(gif.bytes(), to: path)
    let updated = Self.run(f.folder, path, update: true)
    #expect(updated.status == 0, "\(updated.err)")
    let names = try FileManager.default.contentsOfDirectory(atPath: f.folder).sorted()
    #expect(names == (0..<slots).map { String(format: "frame-%04d.png", $0) })
    #expect(updated.out.hasSuffix("updated: '\(f.folder)' now holds the \(slots) frames of '\(path)'\n"))
    let after = Self.run(f.folder, path)
    #expect(after.status == 0)
    let same = "same: \(slots) frame\(slots == 1 ? "" : "s")\n"
    #expect(after.out == same)
    #expect(Self.run(path, f.folder).out == same)
  }

  #if os(Linux)
    /// Item 5: `--update` of a frames folder on a full disk (a 256 KiB tmpfs; skipped where `mount` is not
    /// permitted) leaves the old baseline whole — every old frame byte for byte, its other files, no staging
    /// folder — and fails with ENOSPC naming the baseline. A successful update keeps the non-PNG files.
    @Test func updateOnAFullDiskLeavesTheOldBaselineWhole() throws {
      let root = try S.scratch("full-disk")
      let disk = root + "/disk"
      try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
      guard mount("tmpfs", disk, "tmpfs", 0, "size=256k") == 0 else { return }
      defer { umount(disk) }
      let base = disk + "/base"
      try S.writeFolder((0..<4).map { S.solid(UInt32($0) * 0x3F0000) }, to: base)
      try S.write(Array("kept\n".utf8), to: base + "/notes.txt")
      let before = try Self.contents(base)
      // Six 128×128 frames of noise: about 390 KB of PNGs, more than the disk holds.
      var random = FuzzGIFReaderTests.Generator(state: 5)
      let noise = (0..<6).map { _ in
        Frame(
          width: 128, height: 128, pixels: (0..<(128 * 128)).map { _ in 0xFF00_0000 | UInt32(random.below(1 << 24)) })
      }
      try S.writeFolder(noise, to: root + "/new")
      let actual = try FrameSequenceLoader.load(root + "/new")
      #expect {
        try BaselineUpdater.update(expectedPath: base, with: actual)
      } throws: { error in
        (error as? FileWriteError)?.code == ENOSPC && "\(error)".hasPrefix("cannot write '\(base)/frame-")
      }
      #expect(try Self.contents(base) == before)
      #expect(try FileManager.default.contentsOfDirectory(atPath: disk) == ["base"])
      let cli = Self.run(base, root + "/new", update: true)
      #expect(cli.status == 1)
      #expect(cli.err.contains("cannot write '\(base)/frame-") && cli.err.contains("No space left on device"))
      #expect(try Self.contents(base) == before)
      // Room enough: the new set replaces the old one as a whole and notes.txt stays.
      try S.writeFolder(Array(noise.prefix(2)), to: root + "/small")
      #expect(Self.run(base, root + "/small", update: true).status == 0)
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: base).sorted() == [
          "frame-0000.png", "frame-0001.png", "notes.txt",
        ])
      #expect(Self.run(base, root + "/small").out == "same: 2 frames\n")
    }
  #endif

  /// Every file of a folder with its bytes.
  static func contents(_ folder: String) throws -> [String: Data] {
    var out: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
      out[name] = FileManager.default.contents(atPath: folder + "/" + name)
    }
    return out
  }

  /// Issue 22, item 10: a GIF baseline updated from a WebP or APNG of another length takes the
  /// animation's own length, so the diff right after (and a repeated update) is `same`.
  @Test(arguments: [AnimationEncoder.Format.apng, .webp(quality: nil)])
  func updatingAGIFFromAnAnimationOfAnotherLengthConverges(format: AnimationEncoder.Format) throws {
    let root = try S.scratch("update-length-\(format == .apng ? "apng" : "webp")")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let colours: [UInt32] = [0xFF0000, 0x00FF00, 0x0000FF]
    var gif = GIFReaderTestFile(width: 8, height: 6)
    gif.images = (1...3).map { .init(width: 8, height: 6, indices: Array(repeating: UInt8($0), count: 48), delay: 33) }
    try S.write(gif.bytes(), to: root + "/base.gif")
    var encoder = try AnimationEncoder(format: format, width: 8, height: 6, loop: 0)
    for (i, rgb) in colours.enumerated() { try encoder.add(S.solid(rgb), start: i * 500) }
    let path = root + (format == .apng ? "/actual.apng" : "/actual.webp")
    try S.write(try encoder.finish(end: 1500), to: path)
    let first = Self.run(root + "/base.gif", path, update: true)
    #expect(first.status == 0, "\(first.err)")
    let after = Self.run(root + "/base.gif", path)
    #expect(after.status == 0, "\(after.out)")
    #expect(!after.out.contains("duration differs"), "\(after.out)")
    let baseline = try FrameSequenceLoader.load(root + "/base.gif")
    #expect(baseline.delays?.reduce(0, +) == 150)
  }
}
