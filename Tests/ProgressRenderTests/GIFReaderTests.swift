import Foundation
import Testing

@testable import ProgressRenderFormats

@Suite struct GIFReaderTests {
  typealias GIF = GIFReaderTestFile
  static let red: UInt32 = 0xFFFF_0000
  static let green: UInt32 = 0xFF00_FF00
  static let blue: UInt32 = 0xFF00_00FF

  @Test func decodesSolidFramesWithDelays() throws {
    let file = GIF.solid(width: 5, height: 4, indices: [1, 2, 3, 1], delays: [3, 4, 0, 1])
    let sequence = try GIFDecoder.decode(file.bytes(), source: "solid.gif")
    #expect(sequence.kind == .gif)
    #expect(sequence.width == 5 && sequence.height == 4)
    #expect(sequence.delays == [3, 4, 0, 1])
    #expect(sequence.displayDelays == [3, 4, 10, 10])  // 0 and 1 cs play as 10 cs, as in browsers
    #expect(sequence.frames.map { $0?.pixels.first } == [Self.red, Self.green, Self.blue, Self.red])
    #expect(sequence.frames.allSatisfy { Set($0!.pixels).count == 1 })
  }

  /// A 4×4 red first frame, then a 2×2 blue patch at (1, 1) with the given disposal, then a 1×1 green
  /// patch at (0, 0): what the third frame shows depends on how the second was disposed of.
  @Test(arguments: [
    (1, [UInt32(0xFF00_FF00), 0xFF00_00FF, 0xFFFF_0000]),  // left in place: blue stays
    (0, [UInt32(0xFF00_FF00), 0xFF00_00FF, 0xFFFF_0000]),  // unspecified behaves as 1
    (2, [UInt32(0xFF00_FF00), 0x0000_0000, 0xFFFF_0000]),  // cleared to transparent
    (3, [UInt32(0xFF00_FF00), 0xFFFF_0000, 0xFFFF_0000]),  // restored to the red underneath
  ])
  func disposalModes(disposal: Int, thirdFrame: [UInt32]) throws {
    var file = GIF(width: 4, height: 4)
    file.images = [
      .init(width: 4, height: 4, indices: Array(repeating: 1, count: 16)),
      .init(left: 1, top: 1, width: 2, height: 2, indices: [3, 3, 3, 3], disposal: disposal),
      .init(width: 1, height: 1, indices: [2]),
    ]
    let frames = try GIFDecoder.decode(file.bytes(), source: "disposal.gif").frames.map { $0! }
    #expect(frames[1].pixels[1 * 4 + 1] == Self.blue)
    #expect(frames[1].pixels[0] == Self.red)
    // (0,0) green from frame 3; (1,1) inside the disposed patch; (3,3) outside it.
    #expect([frames[2].pixels[0], frames[2].pixels[5], frames[2].pixels[15]] == thirdFrame)
  }

  @Test func transparentIndexShowsWhatIsUnderneath() throws {
    var file = GIF(width: 2, height: 1)
    file.images = [
      .init(width: 2, height: 1, indices: [1, 1]),
      .init(width: 2, height: 1, indices: [0, 3], transparentIndex: 0),
    ]
    let frames = try GIFDecoder.decode(file.bytes(), source: "t.gif").frames.map { $0! }
    #expect(frames[1].pixels == [Self.red, Self.blue])
  }

  @Test func firstFrameStartsOnATransparentCanvas() throws {
    var file = GIF(width: 2, height: 1)
    file.images = [.init(width: 2, height: 1, indices: [0, 2], transparentIndex: 0)]
    let frame = try GIFDecoder.decode(file.bytes(), source: "t.gif").frames[0]!
    #expect(frame.pixels == [0, Self.green])
  }

  @Test func interlacedAndLocalPaletteImagesDecodeLikePlainOnes() throws {
    let indices = (0..<(3 * 11)).map { UInt8($0 % 4) }
    var plain = GIF(width: 3, height: 11)
    plain.images = [.init(width: 3, height: 11, indices: indices)]
    var interlaced = plain
    interlaced.images[0].interlaced = true
    var local = plain
    local.palette = nil
    local.images[0].localPalette = [0x000000, 0xFF0000, 0x00FF00, 0x0000FF]
    let expected = try GIFDecoder.decode(plain.bytes(), source: "plain.gif").frames
    #expect(try GIFDecoder.decode(interlaced.bytes(), source: "i.gif").frames == expected)
    #expect(try GIFDecoder.decode(local.bytes(), source: "l.gif").frames == expected)
    #expect(expected[0]!.pixels[2] == Self.green && expected[0]!.pixels[7] == Self.blue)
  }

  /// Hostile files: each must throw an `FormatError` naming the file and the problem.
  @Test(arguments: [
    ("index", "uses colour index 7 but its colour table has 4 colours"),
    ("huge", "the logical screen is 65535×65535, beyond the limit of 16384 px a side"),
    (
      "screen-8192",
      "the logical screen is 8192×8192 = 67108864 pixels, beyond the limit of 4194304 pixels an animation's frame may have"
    ),
    (
      "screen-4096",
      "the logical screen is 4096×4096 = 16777216 pixels, beyond the limit of 4194304 pixels an animation's frame may have"
    ),
    ("empty", "the GIF has no images"),
    ("no-palette", "has no colour table"),
    ("cut-in-first-image", "truncated or corrupt"),
    ("zero-size", "the logical screen is 0×4"),
    ("empty-rect", "has the empty rectangle x 0 y 0 0×4"),
    ("huge-rect", "has the rectangle 65535×65535, beyond the limit of 4194304 pixels"),
  ])
  func hostileFilesAreRejected(kind: String, message: String) throws {
    var file = GIF.solid(width: 4, height: 4, indices: [1], delays: [3])
    switch kind {
    case "index": file.images[0].indices[5] = 7
    case "huge": (file.width, file.height) = (65535, 65535)
    case "screen-8192": (file.width, file.height) = (8192, 8192)  // item 19: refused before any pixel
    case "screen-4096": (file.width, file.height) = (4096, 4096)  // issue 22: animations up to 2048²
    case "empty": file.images = []
    case "no-palette": file.palette = nil
    case "zero-size": file.width = 0
    case "huge-rect": (file.images[0].width, file.images[0].height) = (65535, 65535)
    case "empty-rect": (file.images[0].width, file.images[0].indices) = (0, [])
    default: break
    }
    let bytes = kind == "cut-in-first-image" ? Array(file.bytes().dropLast(4)) : file.bytes()
    let source = "hostile-\(kind).gif"
    #expect {
      try GIFDecoder.decode(bytes, source: source)
    } throws: { error in
      let text = "\(error)"
      return error is FormatError && text.contains(source) && text.contains(message)
    }
  }

  /// Item 18: a rectangle reaching past the logical screen is clipped to it, as browsers do; one wholly
  /// outside shows nothing; disposal clears only the visible part.
  @Test(arguments: [
    (2, 3, 4, 2, [14, 15]),  // right and bottom edges cut: only row 3, columns 2 and 3 show
    (3, 0, 9, 1, [3]),  // far wider than the screen
    (9, 9, 2, 2, []),  // wholly outside
  ])
  func rectanglePastTheScreenIsClipped(left: Int, top: Int, width: Int, height: Int, blue: [Int]) throws {
    var file = GIF(width: 4, height: 4)
    file.images = [
      .init(width: 4, height: 4, indices: Array(repeating: 1, count: 16)),
      .init(
        left: left, top: top, width: width, height: height, indices: Array(repeating: 3, count: width * height),
        disposal: 2),
      .init(width: 1, height: 1, indices: [2]),
    ]
    let frames = try GIFDecoder.decode(file.bytes(), source: "clip.gif").frames.map { $0! }
    #expect(frames.count == 3)
    #expect(frames[1].pixels.indices.filter { frames[1].pixels[$0] == Self.blue } == blue)
    #expect(frames[2].pixels.indices.filter { frames[2].pixels[$0] == 0 } == blue)  // disposal 2 cleared them
  }

  /// Item 18: what follows the last complete frame, cut short or garbage, is ignored with a note, as
  /// browsers do; the frames before it are kept.
  @Test(arguments: [
    ("garbage", [UInt8](repeating: 0x99, count: 7)),
    ("cut-image", [0x21, 0xF9, 4, 4, 3, 0, 0, 0, 0x2C, 0, 0, 0, 0, 4, 0, 4, 0, 0, 8, 20, 0, 1]),
    ("cut-extension", [0x21, 0xF9, 4]),
  ])
  func dataAfterTheLastCompleteFrameIsIgnoredWithANote(kind: String, tail: [UInt8]) throws {
    var file = GIF.solid(width: 4, height: 4, indices: [1, 2], delays: [3, 5])
    file.trailer = false
    let sequence = try GIFDecoder.decode(file.bytes() + tail, source: "\(kind).gif")
    #expect(sequence.frames.map { $0?.pixels.first } == [Self.red, Self.green])
    #expect(sequence.delays == [3, 5])
    #expect(sequence.notes.count == 1)
    #expect(sequence.notes.first?.hasPrefix("'\(kind).gif': the data after frame 1 is truncated or corrupt") == true)
  }

  @Test func transparentIndexBeyondThePaletteIsAllowedWhenUsedOnlyAsTransparency() throws {
    var file = GIF(width: 2, height: 1)
    file.images = [.init(width: 2, height: 1, indices: [200, 1], transparentIndex: 200)]
    #expect(try GIFDecoder.decode(file.bytes(), source: "t.gif").frames[0]!.pixels == [0, Self.red])
  }

  @Test func decodedPixelBudgetIsEnforced() throws {
    let file = GIF.solid(width: 10, height: 10, indices: [1, 2, 3], delays: [3, 3, 3])
    var limits = DecodeLimits.standard
    limits.maxTotalPixels = 250
    #expect(throws: FormatError.self) { try GIFDecoder.decode(file.bytes(), source: "budget.gif", limits: limits) }
    limits.maxTotalPixels = 300
    #expect(try GIFDecoder.decode(file.bytes(), source: "budget.gif", limits: limits).frames.count == 3)
  }

  /// Item 19: a loaded GIF or folder holds its bytes or file names, not decoded frames; frames are read
  /// one at a time and come out as `decode` gives them.
  @Test func loadedSequencesHoldNoPixels() throws {
    let folder = try DiffTestSupport.scratch("lazy")
    var file = GIF(width: 4, height: 4)
    file.images = [
      .init(width: 4, height: 4, indices: Array(repeating: 1, count: 16)),
      .init(left: 1, top: 1, width: 2, height: 2, indices: [3, 3, 3, 3], disposal: 3),
      .init(width: 1, height: 1, indices: [2], disposal: 2),
      .init(left: 3, top: 3, width: 1, height: 1, indices: [0]),
    ]
    try DiffTestSupport.write(file.bytes(), to: folder + "/a.gif")
    let decoded = try GIFDecoder.decode(file.bytes(), source: folder + "/a.gif").frames
    try DiffTestSupport.writeFolder(decoded.map { $0! }, to: folder + "/frames")
    for path in [folder + "/a.gif", folder + "/frames"] {
      let sequence = try FrameSequenceLoader.load(path)
      if case .frames = sequence.storage { Issue.record("\(path) was loaded with its pixels") }
      let reader = FrameReader(sequence)
      #expect(try (0..<4).map { try reader.frame(at: $0) } == decoded)
      #expect(try reader.frame(at: 1) == decoded[1])  // going back plays the GIF again
      #expect(sequence.frames == decoded)
    }
  }

  @Test func textFileNamedGIFIsNotAnImage() throws {
    let folder = try DiffTestSupport.scratch("text-gif")
    let path = folder + "/notes.gif"
    try DiffTestSupport.write(Array("hello, world\n".utf8), to: path)
    #expect {
      try FrameSequenceLoader.load(path)
    } throws: { error in
      "\(error)" == "cannot read '\(path)': not a GIF, WebP or PNG file (it starts with 'hello, w'); "
        + "give a GIF, a WebP, an APNG, a PNG or a folder of PNG frames"
    }
  }
}
