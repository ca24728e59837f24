import Foundation

@testable import ProgressRenderCore
@testable import ProgressRenderFormats
@testable import ProgressRenderRaster

/// Helpers shared by the diff tests: frames, sequences and scratch folders.
enum DiffTestSupport {
  /// A frame filled with one opaque 0xRRGGBB colour.
  static func solid(_ rgb: UInt32, width: Int = 8, height: Int = 6) -> Frame {
    Frame(width: width, height: height, pixels: Array(repeating: 0xFF00_0000 | rgb, count: width * height))
  }

  /// A frame from premultiplied ARGB rows.
  static func frame(_ rows: [[UInt32]]) -> Frame {
    Frame(width: rows[0].count, height: rows.count, pixels: rows.flatMap { $0 })
  }

  /// A GIF sequence of given frames and delays (no file behind it).
  static func gif(_ frames: [Frame], delays: [Int], source: String = "test.gif") -> FrameSequence {
    FrameSequence(
      kind: .gif, source: source, frames: frames, labels: frames.indices.map { "frame \($0)" }, delays: delays,
      width: frames[0].width, height: frames[0].height)
  }

  /// A folder sequence of given frames (no files behind it); `nil` marks a missing file.
  static func folder(_ frames: [Frame?], source: String = "frames") -> FrameSequence {
    let first = frames.compactMap { $0 }[0]
    return FrameSequence(
      kind: .folder, source: source, frames: frames, labels: frames.indices.map { "frame-\($0).png" }, delays: nil,
      width: first.width, height: first.height)
  }

  /// A fresh, empty scratch folder for one test.
  static func scratch(_ name: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "progress-render-diff-\(ProcessInfo.processInfo.processIdentifier)-\(name)"
    ).path
    try? FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Writes frames as `frame-0000.png` … into `folder` (created), skipping the numbers in `skipping`.
  static func writeFolder(_ frames: [Frame], to folder: String, skipping: Set<Int> = []) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (index, frame) in frames.enumerated() where !skipping.contains(index) {
      let name = String(format: "frame-%04d.png", index)
      try Data(PNGCodec.encode(frame)).write(to: URL(fileURLWithPath: folder + "/" + name))
    }
  }

  /// Writes bytes to a file.
  static func write(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }
}
