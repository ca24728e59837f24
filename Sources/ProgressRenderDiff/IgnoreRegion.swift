import ProgressRenderSupport

/// A rectangle of the frame whose pixels are not compared (a clock, a counter, a blinking caret), in
/// pixels from the top-left corner: `x,y,w,h` on the command line, `[x, y, w, h]` in a manifest.
public struct IgnoreRegion: Equatable, Hashable, Codable, Sendable, CustomStringConvertible {
  /// Left edge in pixels.
  public var x: Int
  /// Top edge in pixels.
  public var y: Int
  /// Width in pixels, at least 1.
  public var width: Int
  /// Height in pixels, at least 1.
  public var height: Int

  /// Creates a region.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// `x,y,w,h`, as written on the command line.
  public var description: String { "\(x),\(y),\(width),\(height)" }

  /// What a valid region looks like, for messages.
  public static let expectation = "x,y,w,h in pixels (x, y ≥ 0; w, h ≥ 1), e.g. '0,0,40,20'"

  /// Parses `x,y,w,h` (spaces allowed around the numbers).
  /// - Returns: the region, or `nil` when the text is not four whole numbers with x, y ≥ 0 and w, h ≥ 1.
  public static func parse(_ text: String) -> IgnoreRegion? {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
    let numbers = parts.compactMap { NumberText.wholeNumber($0) }
    guard parts.count == 4, numbers.count == 4 else { return nil }
    return IgnoreRegion(numbers: numbers)
  }

  /// A region from `[x, y, w, h]`, or `nil` when there are not four numbers with x, y ≥ 0 and w, h ≥ 1.
  public init?(numbers: [Int]) {
    guard numbers.count == 4, numbers[0] >= 0, numbers[1] >= 0, numbers[2] >= 1, numbers[3] >= 1 else {
      return nil
    }
    self.init(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
  }

  /// Whether the region lies inside a `width` × `height` frame.
  public func fits(width frameWidth: Int, height frameHeight: Int) -> Bool {
    x >= 0 && y >= 0 && width >= 1 && height >= 1 && x <= frameWidth - width && y <= frameHeight - height
  }

  /// Why the region does not fit a `width` × `height` frame, naming how the user wrote it
  /// (`--ignore '300,0,40,20'`), or `nil` when it fits.
  public func problem(named name: String, width frameWidth: Int, height frameHeight: Int) -> String? {
    guard !fits(width: frameWidth, height: frameHeight) else { return nil }
    func last(_ start: Int, _ length: Int) -> String {
      let (end, overflow) = start.addingReportingOverflow(length - 1)
      return overflow ? "\(Int.max)" : "\(end)"
    }
    return "\(name) reaches outside the \(frameWidth)×\(frameHeight) frame (it spans x \(x)…\(last(x, width)), "
      + "y \(y)…\(last(y, height))); give a region inside x 0…\(frameWidth - 1), y 0…\(frameHeight - 1)"
  }
}
