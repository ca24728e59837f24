import ProgressRenderSupport

/// A region to ignore that reaches outside the frames compared. Bad input, found after both sides are
/// read and before anything is compared or written; the description names the region as written
/// (`'300,0,40,20'`; a command line puts its option in front).
public struct IgnoreRegionError: ProgressRenderError, Equatable, Sendable {
  /// The region.
  public var region: IgnoreRegion
  /// Width of the frames.
  public var width: Int
  /// Height of the frames.
  public var height: Int

  /// Bad input, always.
  public var kind: ErrorKind { .badInput }

  public var description: String {
    region.problem(named: "'\(region)'", width: width, height: height) ?? "'\(region)' fits the frame"
  }

  /// Checks every region against a `width` × `height` frame.
  /// - Throws: `IgnoreRegionError` for the first region that does not fit.
  public static func check(_ regions: [IgnoreRegion], width: Int, height: Int) throws(IgnoreRegionError) {
    for region in regions where !region.fits(width: width, height: height) {
      throw IgnoreRegionError(region: region, width: width, height: height)
    }
  }
}
