/// How a layer's frame numbers map to seconds of the root animation: seconds = offset + scale × frame.
///
/// The root maps frame f to (f − ip) / fr; a layer shifts its properties by its start time (`st`);
/// a precomposition layer also stretches its composition's time (`sr`).
struct LottieTimeMap: Equatable {
  /// Seconds at frame 0.
  var offset: Double
  /// Seconds per frame.
  var scale: Double

  /// Seconds of the root animation at a frame of this time.
  func seconds(_ frame: Double) -> Double { offset + scale * frame }

  /// The time of a layer's properties: its frames start `start` frames later.
  func shifted(by start: Double) -> LottieTimeMap { LottieTimeMap(offset: seconds(start), scale: scale) }

  /// The time of a precomposition's layers under a layer that starts at `start` and stretches
  /// time by `stretch` (2: half speed).
  func precomposition(start: Double, stretch: Double) -> LottieTimeMap {
    LottieTimeMap(offset: seconds(start), scale: scale * stretch)
  }
}
