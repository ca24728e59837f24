import CCairo
import Foundation
import ProgressRenderCore

/// A Cairo ARGB32 image surface and its drawing context, reused frame after frame.
///
/// Coordinates are in points: the surface's device scale maps them to pixels, so the same
/// drawing code renders @1x, @2x and @3x. Angles are radians growing clockwise on screen
/// (y points down), as in UIKit. Every path operation starts from the current path; the
/// painting operations (`stroke`, `fill`, `clip`) consume it.
package final class CairoCanvas {
  /// Width in pixels.
  let pixelWidth: Int
  /// Height in pixels.
  let pixelHeight: Int
  /// Pixels per point.
  let deviceScale: Double
  /// The `cairo_surface_t`.
  private let surface: OpaquePointer
  /// The `cairo_t`; the text renderer draws through it. Replaced by `beginFrame` after an error.
  private(set) var context: OpaquePointer
  /// For each coverage byte, the level it is rounded to (see `layer`); `nil` at 256 edge levels.
  let edgeTable: [UInt8]?

  /// Creates a canvas.
  /// - Parameters:
  ///   - pixelWidth: width in pixels (1…32767).
  ///   - pixelHeight: height in pixels (1…32767).
  ///   - deviceScale: pixels per point, e.g. 2 for @2x.
  ///   - edgeLevels: coverage levels of shapes' edges, 2…256 (clamped); 256 is Cairo's own.
  /// - Throws: `RasterError` naming Cairo's status when the surface or context cannot be made.
  package init(pixelWidth: Int, pixelHeight: Int, deviceScale: Double, edgeLevels: Int = 256) throws(RasterError) {
    let what = "creating a \(pixelWidth)×\(pixelHeight) ARGB32 surface"
    guard (1...32767).contains(pixelWidth), (1...32767).contains(pixelHeight) else {
      throw RasterError.cairo(operation: what, code: CAIRO_STATUS_INVALID_SIZE)
    }
    guard let made = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight)) else {
      throw RasterError.cairo(operation: what, code: CAIRO_STATUS_NO_MEMORY)
    }
    let status = cairo_surface_status(made)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(made)
      throw RasterError.cairo(operation: what, code: status)
    }
    cairo_surface_set_device_scale(made, deviceScale, deviceScale)
    guard let cr = cairo_create(made) else {
      cairo_surface_destroy(made)
      throw RasterError.cairo(operation: "creating a context", code: CAIRO_STATUS_NO_MEMORY)
    }
    let crStatus = cairo_status(cr)
    guard crStatus == CAIRO_STATUS_SUCCESS else {
      cairo_destroy(cr)
      cairo_surface_destroy(made)
      throw RasterError.cairo(operation: "creating a context", code: crStatus)
    }
    surface = made
    context = cr
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.deviceScale = deviceScale
    edgeTable = edgeLevels < 256 ? Self.edgeTable(levels: max(edgeLevels, 2)) : nil
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY)
  }

  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(surface)
  }

  // MARK: Frames

  /// Starts a frame: resets transform, clip, path and state, then fills with `background`.
  /// - Parameter background: the colour every pixel gets (alpha 0 for transparent).
  /// A context that recorded an error (errors are sticky in Cairo) is replaced by a fresh one, so one
  /// bad frame does not spoil the next.
  /// - Throws: `RasterError` when a replacement context cannot be created.
  func beginFrame(background: Color) throws(RasterError) {
    try resetContext()
    cairo_save(context)
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    setColor(background)
    cairo_paint(context)
    cairo_restore(context)
  }

  /// Starts a frame from earlier pixels: resets the state like `beginFrame(background:)`, then
  /// copies `backdrop` (typically a `pixels()` of the static parts) over every pixel, exactly.
  /// - Parameter backdrop: `pixelWidth × pixelHeight` pixels.
  /// - Throws: `RasterError` when the backdrop's size differs or a replacement context cannot be created.
  /// - Complexity: O(pixelWidth × pixelHeight), a row-by-row copy.
  func beginFrame(backdrop: PixelBuffer) throws(RasterError) {
    guard backdrop.width == pixelWidth, backdrop.height == pixelHeight,
      backdrop.pixels.count == pixelWidth * pixelHeight
    else {
      throw RasterError.cairo(
        operation: "starting a \(pixelWidth)×\(pixelHeight) frame from a \(backdrop.width)×\(backdrop.height) backdrop",
        code: CAIRO_STATUS_INVALID_SIZE)
    }
    try resetContext()
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else {
      throw RasterError.cairo(operation: "writing the surface's pixels", code: CAIRO_STATUS_NULL_POINTER)
    }
    let stride = Int(cairo_image_surface_get_stride(surface))
    let rowBytes = pixelWidth * 4
    backdrop.pixels.withUnsafeBytes { source in
      for row in 0..<pixelHeight {
        UnsafeMutableRawPointer(data + row * stride).copyMemory(
          from: source.baseAddress! + row * rowBytes, byteCount: rowBytes)
      }
    }
    cairo_surface_mark_dirty(surface)
  }

  /// Replaces a context that recorded an error, then resets operator, transform, clip and path.
  private func resetContext() throws(RasterError) {
    if cairo_status(context) != CAIRO_STATUS_SUCCESS {
      guard let fresh = cairo_create(surface) else {
        throw RasterError.cairo(operation: "creating a context", code: CAIRO_STATUS_NO_MEMORY)
      }
      let status = cairo_status(fresh)
      guard status == CAIRO_STATUS_SUCCESS else {
        cairo_destroy(fresh)
        throw RasterError.cairo(operation: "creating a context", code: status)
      }
      cairo_destroy(context)
      context = fresh
      cairo_set_antialias(fresh, CAIRO_ANTIALIAS_GRAY)
    }
    cairo_new_path(context)
    cairo_reset_clip(context)
    cairo_identity_matrix(context)
    cairo_set_operator(context, CAIRO_OPERATOR_OVER)
  }

  /// Throws if Cairo recorded an error on the context or the surface during the frame.
  func checkStatus(_ operation: @autoclosure () -> String = "drawing a frame") throws(RasterError) {
    try RasterError.check(cairo_status(context), operation())
    try RasterError.check(cairo_surface_status(surface), operation())
  }

  /// Copies the pixels out (flushing the surface first; rows re-packed from Cairo's stride).
  /// - Returns: `pixelWidth × pixelHeight` premultiplied ARGB pixels.
  /// - Throws: `RasterError` if the frame's drawing failed.
  /// - Complexity: O(pixelWidth × pixelHeight).
  func pixels() throws(RasterError) -> PixelBuffer {
    try checkStatus()
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else {
      throw RasterError.cairo(operation: "reading the surface's pixels", code: CAIRO_STATUS_NULL_POINTER)
    }
    let stride = Int(cairo_image_surface_get_stride(surface))
    let width = pixelWidth
    let pixels = [UInt32](unsafeUninitializedCapacity: width * pixelHeight) { buffer, count in
      let raw = UnsafeMutableRawPointer(buffer.baseAddress!)
      for row in 0..<pixelHeight {
        (raw + row * width * 4).copyMemory(from: data + row * stride, byteCount: width * 4)
      }
      count = width * pixelHeight
    }
    return PixelBuffer(width: width, height: pixelHeight, pixels: pixels)
  }

  // MARK: State and transform

  /// Pushes the graphics state (transform, clip, colour, line settings).
  func save() { cairo_save(context) }
  /// Pops the graphics state pushed by the matching `save()`.
  func restore() { cairo_restore(context) }
  /// Runs `body` between `save()` and `restore()`.
  func withState<T>(_ body: () throws -> T) rethrows -> T {
    cairo_save(context)
    defer { cairo_restore(context) }
    return try body()
  }
  /// Moves the origin.
  func translate(_ x: Double, _ y: Double) { cairo_translate(context, x, y) }
  /// Scales user space.
  func scale(_ sx: Double, _ sy: Double) { cairo_scale(context, sx, sy) }
  /// Rotates user space clockwise on screen by `radians`.
  func rotate(_ radians: Double) { cairo_rotate(context, radians) }
  /// Scales by `factor` about the point (`x`, `y`).
  func scale(_ factor: Double, about x: Double, _ y: Double) {
    cairo_translate(context, x, y)
    cairo_scale(context, factor, factor)
    cairo_translate(context, -x, -y)
  }

  // MARK: Paths

  /// Clears the current path.
  func newPath() { cairo_new_path(context) }
  /// Starts a sub-path at a point.
  func move(to x: Double, _ y: Double) { cairo_move_to(context, x, y) }
  /// Adds a straight segment.
  func line(to x: Double, _ y: Double) { cairo_line_to(context, x, y) }
  /// Closes the current sub-path.
  func closePath() { cairo_close_path(context) }
  /// Adds a circular arc from `start` to `end` (radians), clockwise on screen or not.
  ///
  /// The arc is built from pieces that end on sixteenths of a turn (12 o'clock, 22.5° past it, …),
  /// so the part an arc shares with a longer or shorter one is the same curve and paints the same pixels:
  /// Cairo splits one long arc into Bézier segments that depend on its whole length, which made a
  /// growing arc shimmer along its length.
  func arc(centerX: Double, centerY: Double, radius: Double, from start: Double, to end: Double, clockwise: Bool = true)
  {
    let turn = 2 * Double.pi
    // Cairo's own rule for an end before the start (clockwise) or after it (counter-clockwise): it
    // moves by whole turns to within one turn of the start.
    var span = end - start
    if clockwise ? span < 0 : span > 0 {
      span = span.truncatingRemainder(dividingBy: turn)
      if clockwise ? span < 0 : span > 0 { span += clockwise ? turn : -turn }
    }
    // More than two turns paint nothing that two do not, and Cairo would split every turn.
    if abs(span) > 2 * turn { span = span.truncatingRemainder(dividingBy: turn) + (span > 0 ? turn : -turn) }
    let end = start + span
    let piece = turn / 16
    // Beyond a million radians the pieces' ends are no longer distinct numbers: Cairo draws it whole.
    guard start.isFinite, end.isFinite, abs(start) <= 1e6 else {
      if clockwise {
        cairo_arc(context, centerX, centerY, radius, start, end)
      } else {
        cairo_arc_negative(context, centerX, centerY, radius, start, end)
      }
      return
    }
    var from = start
    repeat {
      let k = (from / piece).rounded(.down)
      var to: Double
      if clockwise {
        to = (k + 1) * piece
        if to <= from { to = (k + 2) * piece }
        to = min(to, end)
        cairo_arc(context, centerX, centerY, radius, from, to)
      } else {
        to = k * piece
        if to >= from { to = (k - 1) * piece }
        to = max(to, end)
        cairo_arc_negative(context, centerX, centerY, radius, from, to)
      }
      from = to
    } while from != end
  }
  /// Adds a full circle as its own sub-path.
  func circle(centerX: Double, centerY: Double, radius: Double) {
    cairo_new_sub_path(context)
    cairo_arc(context, centerX, centerY, radius, 0, 2 * Double.pi)
    cairo_close_path(context)
  }
  /// Adds a closed pie slice: centre, arc from `start` to `end`, back to the centre.
  func pieSlice(centerX: Double, centerY: Double, radius: Double, from start: Double, to end: Double, clockwise: Bool) {
    cairo_move_to(context, centerX, centerY)
    arc(centerX: centerX, centerY: centerY, radius: radius, from: start, to: end, clockwise: clockwise)
    cairo_close_path(context)
  }

  /// Adds a closed region under a sine wave: the curve `y = baseline − amplitude · sin(2π (x − left) / wavelength + phase)`
  /// from `left` to `right`, closed along `bottom`. The curve is a polyline of
  /// `sineSegments(width:amplitude:wavelength:deviceScale:)` equal chords.
  /// - Complexity: O(the segments).
  func sineWaveRegion(
    left: Double, right: Double, baseline: Double, amplitude: Double, wavelength: Double, phase: Double,
    bottom: Double
  ) {
    let k = 2 * Double.pi / max(wavelength, 1e-9)
    func y(_ x: Double) -> Double { baseline - amplitude * sin(k * (x - left) + phase) }
    let count = Self.sineSegments(
      width: right - left, amplitude: amplitude, wavelength: wavelength, deviceScale: deviceScale)
    cairo_move_to(context, left, bottom)
    for i in 0...count {
      let x = left + (right - left) * Double(i) / Double(count)
      cairo_line_to(context, x, y(x))
    }
    cairo_line_to(context, right, bottom)
    cairo_close_path(context)
  }

  /// How far, in device pixels, `sineWaveRegion`'s polyline may stray from the curve: half of the
  /// 0.1 px Cairo flattens its own curves (circles, arcs) to.
  static let sineTolerance = 0.05

  /// The chords of a sine wave's polyline: the fewest whose every chord stays within
  /// `sineTolerance` device pixels of the curve, but none narrower than half a device pixel.
  ///
  /// A chord `h` wide strays at most `h² · |y″| / 8` from a curve, and `|y″|` of a sine is at most
  /// `amplitude · k²` (`k = 2π / wavelength`). The two waves of a 480 px `wave` take 64 and 44
  /// chords where one every half pixel took 797 each, and Cairo's clip to the water's circle
  /// intersects every one of them with the circle, every frame.
  /// - Parameters:
  ///   - width: the span of the wave, in user units.
  ///   - amplitude: half the crest-to-trough height, in user units.
  ///   - wavelength: crest to crest, in user units.
  ///   - deviceScale: pixels per user unit.
  /// - Returns: at least 1, at most `width` in half device pixels (and never more than 1,000,000).
  static func sineSegments(width: Double, amplitude: Double, wavelength: Double, deviceScale: Double) -> Int {
    let k = 2 * Double.pi / max(wavelength, 1e-9)
    let bend = abs(amplitude) * k * k * deviceScale  // |y″| in device pixels per user unit²
    let widest = bend > 0 ? (8 * sineTolerance / bend).squareRoot() : .infinity
    let step = max(0.5 / deviceScale, widest)
    let count = (abs(width) / step).rounded(.up)
    return count.isFinite ? Int(max(1, min(count, 1_000_000))) : 1
  }

  // MARK: Paint settings

  /// Sets a solid source colour (straight RGBA).
  func setColor(_ c: Color) { cairo_set_source_rgba(context, c.red, c.green, c.blue, c.alpha) }
  /// Sets the stroke width in points.
  func setLineWidth(_ width: Double) { cairo_set_line_width(context, width) }
  /// Sets the line cap.
  func setLineCap(_ cap: Cap) {
    switch cap {
    case .butt: cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
    case .round: cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    case .square: cairo_set_line_cap(context, CAIRO_LINE_CAP_SQUARE)
    }
  }

  /// Sets a linear gradient as the source, from (`x0`, `y0`) to (`x1`, `y1`), padded beyond its ends.
  /// - Parameter stops: offsets in 0…1 with their colours, in ascending order.
  func setLinearGradient(x0: Double, y0: Double, x1: Double, y1: Double, stops: [(Double, Color)]) {
    guard let gradient = cairo_pattern_create_linear(x0, y0, x1, y1) else { return }
    defer { cairo_pattern_destroy(gradient) }
    for (offset, c) in stops {
      cairo_pattern_add_color_stop_rgba(gradient, offset, c.red, c.green, c.blue, c.alpha)
    }
    cairo_pattern_set_extend(gradient, CAIRO_EXTEND_PAD)
    cairo_set_source(context, gradient)
  }

  /// Sets a radial gradient as the source, between two circles sharing a centre.
  func setRadialGradient(centerX: Double, centerY: Double, from r0: Double, to r1: Double, stops: [(Double, Color)]) {
    guard let gradient = cairo_pattern_create_radial(centerX, centerY, r0, centerX, centerY, r1) else { return }
    defer { cairo_pattern_destroy(gradient) }
    for (offset, c) in stops {
      cairo_pattern_add_color_stop_rgba(gradient, offset, c.red, c.green, c.blue, c.alpha)
    }
    cairo_set_source(context, gradient)
  }

  /// Sets a radial gradient as the source, from a focus point out to a circle (SVG's and Lottie's
  /// highlight), padded past its ends.
  func setRadialGradient(
    focusX: Double, focusY: Double, centerX: Double, centerY: Double, radius: Double, stops: [(Double, Color)]
  ) {
    guard let gradient = cairo_pattern_create_radial(focusX, focusY, 0, centerX, centerY, radius) else { return }
    defer { cairo_pattern_destroy(gradient) }
    for (offset, c) in stops {
      cairo_pattern_add_color_stop_rgba(gradient, offset, c.red, c.green, c.blue, c.alpha)
    }
    cairo_pattern_set_extend(gradient, CAIRO_EXTEND_PAD)
    cairo_set_source(context, gradient)
  }

  /// Sets an image as the source, turned about a point: before turning, its pixels are
  /// `1 / pixelsPerPoint` points apart with its top-left corner at (`left`, `top`) (so at the
  /// canvas's device scale, a corner on whole device pixels and no rotation, each image pixel lands
  /// on one canvas pixel). Sampled bilinearly; transparent beyond its edges.
  /// - Parameters:
  ///   - image: the pixels.
  ///   - pixelsPerPoint: image pixels per user unit.
  ///   - left: the image's left edge before turning, in user units.
  ///   - top: the image's top edge before turning, in user units.
  ///   - rotation: radians, clockwise on screen.
  ///   - x: the point turned about, horizontally.
  ///   - y: the point turned about, vertically.
  func setSource(
    _ image: CairoImage, pixelsPerPoint: Double, left: Double, top: Double, rotation: Double, aboutX x: Double,
    _ y: Double
  ) {
    guard let pattern = cairo_pattern_create_for_surface(image.surface) else { return }
    defer { cairo_pattern_destroy(pattern) }
    // The pattern matrix maps user space to image pixels: turn back about (x, y), move the corner to
    // the origin, scale (each step prepended, so applied in the reverse order of the calls).
    var matrix = cairo_matrix_t()
    cairo_matrix_init_scale(&matrix, pixelsPerPoint, pixelsPerPoint)
    cairo_matrix_translate(&matrix, -left, -top)
    if rotation != 0 {
      cairo_matrix_translate(&matrix, x, y)
      cairo_matrix_rotate(&matrix, -rotation)
      cairo_matrix_translate(&matrix, -x, -y)
    }
    cairo_pattern_set_matrix(pattern, &matrix)
    cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_NONE)
    cairo_set_source(context, pattern)
  }

  // MARK: Painting

  /// Strokes the current path with the current colour, width and cap, and clears it.
  func stroke() { cairo_stroke(context) }
  /// Fills the current path (non-zero winding) and clears it.
  func fill() { cairo_fill(context) }
  /// Intersects the clip with the current path and clears it.
  func clip() { cairo_clip(context) }
  /// Paints the current source everywhere inside the clip.
  func paint() { cairo_paint(context) }

  // MARK: Values

  /// A straight (not premultiplied) RGBA colour, each component in 0…1.
  struct Color: Equatable {
    var red, green, blue, alpha: Double
  }

  /// How the ends of a stroke look.
  enum Cap {
    /// Square, flush with the end.
    case butt
    /// A half circle past the end.
    case round
    /// A half square past the end.
    case square
  }

  // MARK: Layers

  /// A rectangle in user units.
  struct Rect: Equatable {
    var x, y, width, height: Double
  }

  /// Paints one layer with a solid colour; see `layer(within:source:shape:)`.
  func layer(_ color: Color, within bounds: Rect? = nil, shape: () -> Void) {
    layer(within: bounds, source: { setColor(color) }, shape: shape)
  }

  /// Paints one layer: `shape` says where (it fills or strokes paths, inside any clip it sets) and
  /// `source` says with what (a colour, a gradient, an image).
  ///
  /// With fewer than 256 edge levels (see `init`), the coverage the shape makes — how much of each pixel it
  /// covers — is first rounded to that many evenly spaced levels, then the source is painted through
  /// it. An edge between two colours then adds at most `edgeLevels − 2` colours between them (with
  /// Cairo's own coverage, up to 254), which is what lets flat-colour art fit a GIF palette exactly.
  /// With 256 levels this is exactly painting the shape with the source.
  /// - Parameters:
  ///   - bounds: a rectangle the shape stays inside, in user units, or `nil` (the whole canvas); only
  ///     this much is rounded.
  ///   - blendMode: how the painted layer combines with the canvas.
  ///   - source: sets the source (`setColor`, `setSource`, …); it must not save or restore.
  ///   - shape: builds and fills or strokes the shape's paths; the source it sees is opaque black.
  /// - Complexity: O(pixels inside `bounds`) beyond drawing the shape, when levels are rounded.
  func layer(
    within bounds: Rect? = nil, blendMode: CompositionBlendMode = .normal, source: () -> Void, shape: () -> Void
  ) {
    cairo_save(context)
    defer { cairo_restore(context) }
    cairo_new_path(context)
    guard let table = edgeTable else {
      if blendMode != .normal { setBlendMode(blendMode) }
      source()
      shape()
      return
    }
    if let bounds { clipToDevicePixels(around: bounds) }
    guard let coverage = roundedCoverage(of: shape, levels: table) else { return }
    defer { cairo_pattern_destroy(coverage.pattern) }
    if blendMode != .normal { setBlendMode(blendMode) }
    source()
    cairo_mask(context, coverage.pattern)
  }

  /// Paints one layer of a colour as `layer(_:within:shape:)` does, through the coverage kept from
  /// an earlier one when that was drawn on this canvas under the same transform and clip: the
  /// shape is then not drawn again. The caller vouches that `shape` draws what it drew then.
  /// - Parameters:
  ///   - color: the layer's colour.
  ///   - bounds: a rectangle the shape stays inside, in user units.
  ///   - kept: what an earlier call returned for the same shape, or `nil`.
  ///   - shape: builds and fills or strokes the shape's paths (not called when `kept` serves).
  /// - Returns: the coverage painted through, to pass next time; `nil` when it cannot be kept
  ///   (at 256 edge levels, or inside a clip that is not one rectangle of whole pixels).
  /// - Complexity: O(pixels inside `bounds`) when `kept` serves, without drawing the shape.
  func layer(_ color: Color, within bounds: Rect, reusing kept: KeptCoverage?, shape: () -> Void) -> KeptCoverage? {
    guard let table = edgeTable else {
      layer(color, within: bounds, shape: shape)
      return nil
    }
    cairo_save(context)
    defer { cairo_restore(context) }
    cairo_new_path(context)
    clipToDevicePixels(around: bounds)
    let placement = self.placement()
    if let kept, let placement, kept.canvas === self, kept.placement == placement {
      setColor(color)
      cairo_mask(context, kept.pattern)
      return kept
    }
    guard let coverage = roundedCoverage(of: shape, levels: table) else { return nil }
    setColor(color)
    cairo_mask(context, coverage.pattern)
    guard coverage.rounded, let placement else {
      cairo_pattern_destroy(coverage.pattern)
      return nil
    }
    return KeptCoverage(
      pattern: coverage.pattern, canvas: self, placement: placement, byteCount: coverage.byteCount)
  }

  /// Where a layer drawn now would lie: the transform, and the clip when that is one rectangle;
  /// `nil` for any other clip.
  private func placement() -> KeptCoverage.Placement? {
    guard let list = cairo_copy_clip_rectangle_list(context) else { return nil }
    defer { cairo_rectangle_list_destroy(list) }
    guard list.pointee.status == CAIRO_STATUS_SUCCESS, list.pointee.num_rectangles == 1,
      let clip = list.pointee.rectangles?.pointee
    else { return nil }
    var m = cairo_matrix_t()
    cairo_get_matrix(context, &m)
    return KeptCoverage.Placement(
      matrix: [m.xx, m.yx, m.xy, m.yy, m.x0, m.y0], clip: [clip.x, clip.y, clip.width, clip.height])
  }

  /// Draws `shape` into an alpha group and pops it, its coverage rounded to the edge levels
  /// (`table`) unless the group is not an A8 image surface.
  /// - Returns: the group's pattern, which the caller destroys, whether it was rounded, and the
  ///   bytes of its surface when it was; `nil` when the context popped no group with a surface
  ///   (it then records the error).
  private func roundedCoverage(of shape: () -> Void, levels table: [UInt8]) -> (
    pattern: OpaquePointer, rounded: Bool, byteCount: Int
  )? {
    cairo_push_group_with_content(context, CAIRO_CONTENT_ALPHA)
    cairo_set_source_rgba(context, 0, 0, 0, 1)
    shape()
    guard let pattern = cairo_pop_group(context) else { return nil }
    var group: OpaquePointer?
    guard cairo_pattern_get_surface(pattern, &group) == CAIRO_STATUS_SUCCESS, let group,
      cairo_surface_status(group) == CAIRO_STATUS_SUCCESS
    else {
      cairo_pattern_destroy(pattern)
      return nil
    }
    // A context in an error state pops an error pattern: nothing is painted and the frame's
    // status check reports it. Groups of image surfaces are A8 image surfaces.
    guard cairo_surface_get_type(group) == CAIRO_SURFACE_TYPE_IMAGE,
      cairo_image_surface_get_format(group) == CAIRO_FORMAT_A8
    else { return (pattern, false, 0) }
    cairo_surface_flush(group)
    let height = Int(cairo_image_surface_get_height(group))
    let stride = Int(cairo_image_surface_get_stride(group))
    if let data = cairo_image_surface_get_data(group) {
      let width = Int(cairo_image_surface_get_width(group))
      table.withUnsafeBufferPointer { levels in
        for row in 0..<height {
          Self.round(UnsafeMutableRawPointer(data + row * stride), count: width, levels: levels)
        }
      }
      cairo_surface_mark_dirty(group)
    }
    return (pattern, true, stride * height)
  }

  /// Clips to the whole device pixels around a rectangle of user space.
  ///
  /// A clip on pixel edges is a region, which Cairo applies as it draws; a clip with a fractional
  /// edge makes it build and clear a mask of the clip for every drawing inside (in a labelled
  /// `thumb` frame, some 30 fills of memory). What is drawn stays inside `rect`, so the clip a
  /// pixel wider changes no pixel.
  private func clipToDevicePixels(around rect: Rect) {
    var (x0, y0, x1, y1) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
    for (cx, cy) in [
      (rect.x, rect.y), (rect.x + rect.width, rect.y), (rect.x, rect.y + rect.height),
      (rect.x + rect.width, rect.y + rect.height),
    ] {
      var (x, y) = (cx, cy)
      cairo_user_to_device(context, &x, &y)
      (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
    }
    guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
    var matrix = cairo_matrix_t()
    cairo_get_matrix(context, &matrix)
    cairo_identity_matrix(context)
    cairo_rectangle(
      context, x0.rounded(.down), y0.rounded(.down), x1.rounded(.up) - x0.rounded(.down),
      y1.rounded(.up) - y0.rounded(.down))
    cairo_clip(context)
    cairo_set_matrix(context, &matrix)
  }

  /// Rounds `count` coverage bytes through the table, skipping runs of 8 that are all empty or all
  /// full (most of a layer), which the table keeps as they are.
  /// - Complexity: O(count), a few instructions per 8 bytes outside edges.
  static func round(_ bytes: UnsafeMutableRawPointer, count: Int, levels: UnsafeBufferPointer<UInt8>) {
    func round(_ i: Int) {
      bytes.storeBytes(of: levels[Int(bytes.load(fromByteOffset: i, as: UInt8.self))], toByteOffset: i, as: UInt8.self)
    }
    var x = 0
    while x + 8 <= count {
      let word = bytes.loadUnaligned(fromByteOffset: x, as: UInt64.self)
      if word != 0 && word != .max { (x..<x + 8).forEach(round) }
      x += 8
    }
    (x..<count).forEach(round)
  }

  /// For each coverage byte, the nearest of `levels` evenly spaced levels (0 and 255 included).
  static func edgeTable(levels: Int) -> [UInt8] {
    let steps = Double(max(1, levels - 1))
    return (0...255).map { UInt8(((Double($0) * steps / 255).rounded() * 255 / steps).rounded()) }
  }

  /// Paints an image stretched into a rectangle (bilinear-or-better filtering), inside the current clip.
  func draw(_ image: CairoImage, x: Double, y: Double, width: Double, height: Double) {
    guard image.width > 0, image.height > 0 else { return }
    cairo_save(context)
    cairo_translate(context, x, y)
    cairo_scale(context, width / Double(image.width), height / Double(image.height))
    cairo_set_source_surface(context, image.surface, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
    cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
    cairo_rectangle(context, 0, 0, Double(image.width), Double(image.height))
    cairo_fill(context)
    cairo_restore(context)
  }
}

/// The path, stroke and transform operations the composition renderer needs beyond the presets'.
extension CairoCanvas {
  /// A user-to-device transform (Cairo's matrix).
  struct Matrix: Equatable {
    var xx, yx, xy, yy, x0, y0: Double
  }

  /// The current user-to-device transform.
  var matrix: Matrix {
    get {
      var m = cairo_matrix_t()
      cairo_get_matrix(context, &m)
      return Matrix(xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy, x0: m.x0, y0: m.y0)
    }
    set {
      var m = cairo_matrix_t(
        xx: newValue.xx, yx: newValue.yx, xy: newValue.xy, yy: newValue.yy, x0: newValue.x0, y0: newValue.y0)
      cairo_set_matrix(context, &m)
    }
  }

  /// Skews user space: x grows by `factor` × y.
  func skew(_ factor: Double) {
    var m = cairo_matrix_t(xx: 1, yx: 0, xy: factor, yy: 1, x0: 0, y0: 0)
    cairo_transform(context, &m)
  }

  /// Adds a cubic Bézier from the current point.
  func curve(to x: Double, _ y: Double, control1 x1: Double, _ y1: Double, control2 x2: Double, _ y2: Double) {
    cairo_curve_to(context, x1, y1, x2, y2, x, y)
  }

  /// Adds a rectangle as its own closed sub-path.
  func rectangle(x: Double, y: Double, width: Double, height: Double) {
    cairo_rectangle(context, x, y, width, height)
  }

  /// Adds a rectangle with rounded corners (radius limited to half the shorter side).
  func roundedRectangle(x: Double, y: Double, width: Double, height: Double, radius: Double) {
    let r = min(max(radius.isFinite ? radius : 0, 0), min(width, height) / 2)
    guard r > 0 else { return rectangle(x: x, y: y, width: width, height: height) }
    cairo_new_sub_path(context)
    cairo_arc(context, x + width - r, y + r, r, -Double.pi / 2, 0)
    cairo_arc(context, x + width - r, y + height - r, r, 0, Double.pi / 2)
    cairo_arc(context, x + r, y + height - r, r, Double.pi / 2, Double.pi)
    cairo_arc(context, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
    cairo_close_path(context)
  }

  /// Adds an ellipse as its own closed sub-path.
  func ellipse(centerX: Double, centerY: Double, radiusX: Double, radiusY: Double) {
    cairo_save(context)
    cairo_translate(context, centerX, centerY)
    cairo_scale(context, radiusX, radiusY)
    cairo_new_sub_path(context)
    cairo_arc(context, 0, 0, 1, 0, 2 * Double.pi)
    cairo_close_path(context)
    cairo_restore(context)
  }

  /// Sets the fill rule: even-odd, or non-zero winding (Cairo's default).
  func setFillRule(evenOdd: Bool) {
    cairo_set_fill_rule(context, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
  }

  /// Sets how stroked segments meet.
  func setLineJoin(_ join: Join) {
    switch join {
    case .miter: cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
    case .round: cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    case .bevel: cairo_set_line_join(context, CAIRO_LINE_JOIN_BEVEL)
    }
  }

  /// Stroke corner shapes.
  enum Join {
    case miter, round, bevel
  }

  /// Sets the miter limit.
  func setMiterLimit(_ limit: Double) { cairo_set_miter_limit(context, limit) }

  /// Sets a dash pattern (lengths on, off, …) and where in it strokes start.
  func setDash(_ dashes: [Double], offset: Double) {
    dashes.withUnsafeBufferPointer { cairo_set_dash(context, $0.baseAddress, Int32($0.count), offset) }
  }
}
