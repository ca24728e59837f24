/// How a layer's frame numbers map to seconds of the root animation: seconds = offset + scale × frame.
///
/// The root maps frame f to (f − ip) / fr. A layer's keyframes, in and out points are frames of the
/// composition that holds it, whatever its start time; a precomposition layer's start time (`st`)
/// shifts, and its time stretch (`sr`) stretches, the time of the composition it shows.
struct LottieTimeMap: Equatable {
  /// Seconds at frame 0.
  var offset: Double
  /// Seconds per frame.
  var scale: Double

  /// Seconds of the root animation at a frame of this time.
  func seconds(_ frame: Double) -> Double { offset + scale * frame }

  /// The time of a precomposition's layers under a layer that starts at `start` and stretches
  /// time by `stretch` (2: half speed).
  func precomposition(start: Double, stretch: Double) -> LottieTimeMap {
    LottieTimeMap(offset: seconds(start), scale: scale * stretch)
  }
}
