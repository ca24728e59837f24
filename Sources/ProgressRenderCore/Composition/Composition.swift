/// An animated vector scene: what every preset and style compiles into, what the Cairo renderer
/// paints at time t and what the vector writers serialize.
///
/// The model is the one animation players share (Lottie's layers and shapes, Core Animation's layer
/// tree, Skottie's scene graph): a canvas, a length, a frame rate and a tree of nodes painted
/// bottom first. Every property of a node is constant or animated (`AnimatedNumber`); animated
/// properties read the composition's `timeline` — named keyframe tracks evaluated by the timeline
/// engine — directly or through a `NumberExpression`, or carry keyframes of their own.
///
/// Times: output time `t` (seconds since the first frame) maps to timeline time `t × timeScale`,
/// so that a style's own duration plays out over the output's.
public struct Composition: Codable, Equatable, Sendable {
  /// Canvas width in points.
  public var width: Double
  /// Canvas height in points.
  public var height: Double
  /// Output length in seconds.
  public var duration: Double
  /// Frames per second of the output.
  public var frameRate: Double
  /// Number of frames (frame i shows output time i / frameRate).
  public var frameCount: Int
  /// Timeline seconds per output second.
  public var timeScale: Double
  /// The named tracks animated properties read (`NumberExpression.track`).
  public var timeline: [Track]
  /// The canvas colour under everything (`clear`: transparent).
  public var background: RGBAColor
  /// The nodes, bottom first.
  public var nodes: [CompositionNode]
  /// A name for the scene (the style's), written by the vector writers.
  public var name: String

  /// Creates a composition.
  /// - Parameters:
  ///   - name: the scene's name.
  ///   - width: canvas width in points.
  ///   - height: canvas height in points.
  ///   - duration: output length in seconds.
  ///   - frameRate: frames per second.
  ///   - frameCount: number of frames.
  ///   - timeScale: timeline seconds per output second.
  ///   - timeline: the tracks properties read.
  ///   - background: the canvas colour.
  ///   - nodes: bottom first.
  public init(
    name: String, width: Double, height: Double, duration: Double, frameRate: Double, frameCount: Int,
    timeScale: Double = 1, timeline: [Track] = [], background: RGBAColor = .clear, nodes: [CompositionNode]
  ) {
    self.name = name
    self.width = width
    self.height = height
    self.duration = duration
    self.frameRate = frameRate
    self.frameCount = frameCount
    self.timeScale = timeScale
    self.timeline = timeline
    self.background = background
    self.nodes = nodes
  }

  /// The time of frame `index` in output seconds.
  public func time(ofFrame index: Int) -> Double { Double(index) / frameRate }

  /// Every timeline track's value at an output time, ready to evaluate properties with.
  /// - Parameter time: output seconds.
  /// - Returns: the values (`TrackValues.time` is the output time).
  /// - Complexity: O(tracks × log keyframes).
  public func values(at time: Double) -> TrackValues {
    values(at: time, in: Timeline(tracks: timeline))
  }

  /// Every timeline track's value at an output time, from the composition's timeline built once
  /// by the caller (`Timeline(tracks: timeline)`), so a loop over frames does not rebuild it.
  /// - Parameters:
  ///   - time: output seconds.
  ///   - evaluator: the composition's timeline.
  /// - Complexity: O(tracks × log keyframes).
  public func values(at time: Double, in evaluator: Timeline) -> TrackValues {
    let timelineTime = duration > 0 ? time * timeScale : 0
    return TrackValues(time: time, values: evaluator.values(at: timelineTime))
  }
}
