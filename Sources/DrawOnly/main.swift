// `draw-only`: paints the frames of a render as `progress-render` does and encodes nothing — the
// draw-only mode of scripts/bench, whose output times are compared with it. Not shipped.
//
//     draw-only --style NAME [--size PX] [--fps FPS] [--duration SECONDS] [--edge-levels N]
//
// The options mean what they mean to `progress-render render`; the render is planned as a GIF
// (the same request, settings and threads) and its frames are painted and dropped.
import Foundation
import ProgressRenderPipeline

var request = RenderRequest()
request.out = "draw-only.gif"
request.quiet = true
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let flag = arguments.next() {
  guard let value = arguments.next() else {
    FileHandle.standardError.write(Data("draw-only: \(flag) needs a value\n".utf8))
    exit(2)
  }
  switch flag {
  case "--style": request.style = value
  case "--size": request.size = Int(value)
  case "--fps": request.fps = Double(value)
  case "--duration": request.duration = Double(value)
  case "--edge-levels": request.edgeLevels = Int(value)
  default:
    FileHandle.standardError.write(Data("draw-only: unknown option \(flag)\n".utf8))
    exit(2)
  }
}
do {
  let frames = try request.plan().job.paintFrames()
  guard frames > 0 else { exit(1) }
} catch {
  FileHandle.standardError.write(Data("draw-only: \(error)\n".utf8))
  exit(1)
}
