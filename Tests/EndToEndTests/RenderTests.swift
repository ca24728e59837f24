import Foundation
import ProgressRender
import Testing

/// Real renders through the binary: GIF structure, PNG frames, stills, determinism, warnings.
@Suite struct RenderTests {
  private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  private func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// Width and height from a PNG's IHDR chunk.
  private func pngSize(_ bytes: [UInt8]) -> (Int, Int)? {
    guard bytes.count >= 24, Array(bytes.prefix(8)) == Self.pngSignature else { return nil }
    func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (be32(16), be32(20))
  }

  @Test func downloadGIFWithDefaults() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(["--style", "download", "--out", "dl.gif"])
    #expect(result.status == 0)
    #expect(result.err.isEmpty)
    let data = try bytes(scratch.work + "/dl.gif")
    let gif = try GIFBlocks(data)
    // 90 frames displayed; identical ones are merged into one image with a longer delay, and the
    // summary says how many images are stored (as `diff` does).
    #expect(gif.delays.count < 90)
    #expect(result.out == "wrote dl.gif: 90 frames (\(gif.delays.count) stored), 120×120 px, \(data.count) bytes\n")
    #expect(gif.signature == "GIF89a")
    #expect(gif.width == 120 && gif.height == 120)
    #expect(gif.loop == 0)
    #expect(gif.delays.reduce(0, +) == 300)
    #expect(gif.delays.allSatisfy { $0 >= 2 })
    #expect(try scratch.workContents() == ["dl.gif"])
  }

  /// `--size WIDTHxHEIGHT` on the command line and in a manifest; a Lottie file refuses it by name.
  @Test func aCanvasThatIsNotSquare() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(["--style", "dots", "--size", "50x16", "--scale", "2", "--out", "d.gif"])
    #expect(result.status == 0)
    let gif = try GIFBlocks(try bytes(scratch.work + "/d.gif"))
    #expect(gif.width == 100 && gif.height == 32)
    #expect(result.out.contains(", 100×32 px, "))
    let manifest = #"{ "assets": [ { "style": "dots", "out": "strip.png", "size": "50x16" } ] }"#
    #expect(FileManager.default.createFile(atPath: scratch.work + "/assets.json", contents: Data(manifest.utf8)))
    #expect(try scratch.run(["batch", "assets.json", "--quiet"]).status == 0)
    #expect(pngSize(try bytes(scratch.work + "/strip.png")).map { [$0.0, $0.1] } == [50, 16])
    let lottie = try scratch.run(["--style", "dots", "--size", "50x16", "--out", "d.json"])
    #expect(lottie.status == 2)
    #expect(lottie.err.contains("a canvas that is not square (50x16) is not written as Lottie yet"))
    #expect(!FileManager.default.fileExists(atPath: scratch.work + "/d.json"))
  }

  @Test func sizeScaleFPSDurationAndLoop() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run([
      "render", "--style", "wave", "--out", "w.gif", "--size", "50", "--scale", "2", "--fps", "12",
      "--duration", "1.5", "--loop", "3", "--quiet",
    ])
    #expect(result.status == 0)
    #expect(result.out.isEmpty && result.err.isEmpty)
    let gif = try GIFBlocks(try bytes(scratch.work + "/w.gif"))
    #expect(gif.width == 100 && gif.height == 100)
    #expect(gif.loop == 3)
    #expect(gif.delays.reduce(0, +) == 150)
  }

  @Test(arguments: [
    (["--colors", "4"], 4), (["--colors", "4", "--dither", "1"], 4), (["--colors", "16", "--matte", "white"], 16),
    (["--colors", "8", "--dither", "1", "--dither-method", "ordered"], 8),
  ])
  func gifOptions(extra: [String], maxColors: Int) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(["--style", "wave", "--out", "w.gif", "--duration", "0.5", "--quiet"] + extra)
    #expect(result.status == 0)
    let gif = try GIFBlocks(try bytes(scratch.work + "/w.gif"))
    #expect(gif.globalColors >= 2 && gif.globalColors <= maxColors)
  }

  @Test func ringVariantDiffersFromPie() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let runs = [
      ("pie.png", [String]()), ("ring.png", ["--variant", "ring"]), ("wide.png", ["--ring-width", "30"]),
    ]
    for (name, extra) in runs {
      let result = try scratch.run(["--style", "upload", "--out", name, "--at", "50%"] + extra)
      #expect(result.status == 0)
      #expect(result.err.isEmpty)
    }
    let images = try runs.map { try bytes(scratch.work + "/" + $0.0) }
    #expect(Set(images).count == 3)
  }

  @Test func pngFramesFolderIsCreatedAndFilled() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(["--style", "countdown", "--out", "frames/", "--duration", "1", "--fps", "10"])
    #expect(result.status == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: scratch.work + "/frames").sorted()
    #expect(names == (0..<10).map { String(format: "frame-%04d.png", $0) })
    for name in names {
      #expect(pngSize(try bytes(scratch.work + "/frames/" + name)).map { [$0.0, $0.1] } == [88, 88])
    }
  }

  @Test(arguments: [
    (["--at", "50%"], 120), (["--at", "1.5s"], 120), (["--at", "0ms"], 120), ([], 120),
    (["--progress", "0.37"], 120), (["--scale", "3"], 360), (["--size", "64"], 64),
  ])
  func still(extra: [String], pixels: Int) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run(["--style", "upload", "--out", "s.png"] + extra)
    #expect(result.status == 0)
    #expect(result.err.isEmpty)
    #expect(pngSize(try bytes(scratch.work + "/s.png")).map { [$0.0, $0.1] } == [pixels, pixels])
    #expect(try scratch.workContents() == ["s.png"])
  }

  @Test(arguments: [
    "thumb", "download", "countdown", "upload", "wave", "material", "material4", "activity", "dots",
  ])
  func sameBytesTwiceAndThroughDescribe(name: String) throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let options = ["--duration", "0.5", "--fps", "10", "--quiet"]
    #expect(try scratch.run(["--style", name, "--out", "a.gif"] + options).status == 0)
    #expect(try scratch.run(["--style", name, "--out", "b.gif"] + options).status == 0)
    let described = try scratch.run(["describe", name])
    scratch.write("style.json", described.out)
    #expect(try scratch.run(["--style-file", "../style.json", "--out", "c.gif"] + options).status == 0)
    let a = try bytes(scratch.work + "/a.gif")
    #expect(a.count > 100)
    #expect(a == (try bytes(scratch.work + "/b.gif")))
    #expect(a == (try bytes(scratch.work + "/c.gif")))
  }

  @Test func overridesChangeThePixelsAndUnusedOnesWarn() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    #expect(try scratch.run(["--style", "download", "--out", "plain.png", "--quiet"]).status == 0)
    let result = try scratch.run([
      "--style", "download", "--out", "red.png", "--color", "red", "--caption", "hi", "--pulse-count", "3",
    ])
    #expect(result.status == 0)
    #expect(
      result.errLines == [
        "progress-render: warning: style 'download' does not use --caption; ignored",
        "progress-render: warning: style 'download' does not use --pulse-count; ignored",
      ])
    #expect(try bytes(scratch.work + "/plain.png") != bytes(scratch.work + "/red.png"))
  }

  @Test func optionsForOtherOutputsWarn() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let result = try scratch.run([
      "--style", "download", "--out", "dl.gif", "--at", "1s", "--duration", "0.2", "--quiet",
    ])
    #expect(result.status == 0)
    #expect(result.errLines == ["progress-render: warning: --at is used only for a still (--out name.png); ignored"])
    let still = try scratch.run(["--style", "download", "--out", "s.png", "--loop", "2", "--colors", "8", "--quiet"])
    #expect(
      still.errLines == [
        "progress-render: warning: --loop is used only for an animation (--out name.gif, name.webp or name.apng); ignored",
        "progress-render: warning: --colors is used only for a GIF (--out name.gif); ignored",
      ])
  }

  @Test func overwritesAnExistingOutput() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    #expect(FileManager.default.createFile(atPath: scratch.work + "/s.png", contents: Data("old".utf8)))
    #expect(try scratch.run(["--style", "wave", "--out", "s.png", "--quiet"]).status == 0)
    #expect(pngSize(try bytes(scratch.work + "/s.png")) != nil)
  }
}
