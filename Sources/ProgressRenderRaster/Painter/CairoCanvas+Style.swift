import ProgressRenderCore

/// The canvas spoken to in the style's terms: `RGBAColor`, `LineCap` and `Frame`.
extension CairoCanvas {
  /// Starts a frame filled with `background`; see `beginFrame(background:)` of `CairoCanvas.Color`.
  /// - Parameter background: the colour every pixel gets (`RGBAColor.clear` for transparent).
  /// - Throws: `RasterError` when a replacement context cannot be created.
  package func beginFrame(background: RGBAColor) throws(RasterError) {
    try beginFrame(background: Color(background))
  }

  /// Starts a frame from earlier pixels; see `beginFrame(backdrop:)` of `PixelBuffer`.
  /// - Parameter backdrop: a frame of `pixelWidth × pixelHeight` pixels.
  /// - Throws: `RasterError` when the backdrop's size differs or a replacement context cannot be created.
  func beginFrame(backdrop: Frame) throws(RasterError) {
    try beginFrame(backdrop: backdrop.buffer)
  }

  /// The pixels drawn so far, as a frame (see `pixels()`).
  /// - Returns: the frame, `pixelWidth × pixelHeight` premultiplied ARGB pixels.
  /// - Throws: `RasterError` if the frame's drawing failed.
  /// - Complexity: O(pixelWidth × pixelHeight).
  package func snapshot() throws(RasterError) -> Frame {
    Frame(try pixels())
  }

  /// Sets a solid source colour.
  func setColor(_ c: RGBAColor) { setColor(Color(c)) }

  /// Sets the line cap.
  func setLineCap(_ cap: LineCap) {
    switch cap {
    case .butt: setLineCap(Cap.butt)
    case .round: setLineCap(Cap.round)
    case .square: setLineCap(Cap.square)
    }
  }

  /// Sets a linear gradient as the source; see `setLinearGradient(x0:y0:x1:y1:stops:)`.
  func setLinearGradient(x0: Double, y0: Double, x1: Double, y1: Double, stops: [(Double, RGBAColor)]) {
    setLinearGradient(x0: x0, y0: y0, x1: x1, y1: y1, stops: stops.map { ($0.0, Color($0.1)) })
  }

  /// Sets a radial gradient as the source; see `setRadialGradient(centerX:centerY:from:to:stops:)`.
  func setRadialGradient(centerX: Double, centerY: Double, from r0: Double, to r1: Double, stops: [(Double, RGBAColor)])
  {
    setRadialGradient(centerX: centerX, centerY: centerY, from: r0, to: r1, stops: stops.map { ($0.0, Color($0.1)) })
  }

  /// Paints one layer with a solid colour; see `layer(within:source:shape:)`.
  func layer(_ color: RGBAColor, within bounds: Rect? = nil, shape: () -> Void) {
    layer(Color(color), within: bounds, shape: shape)
  }
}

extension CairoCanvas.Color {
  /// The same colour, component for component.
  init(_ c: RGBAColor) {
    self.init(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
  }
}

extension CairoImage {
  /// Copies a frame into a new image surface.
  /// - Parameter frame: the pixels.
  /// - Throws: `RasterError` when Cairo cannot create the surface (size, memory).
  convenience init(_ frame: Frame) throws(RasterError) {
    try self.init(frame.buffer)
  }
}

extension CairoCanvas {
  /// Sets how stroked segments meet, in the composition's terms.
  func setLineJoin(_ join: ShapeStroke.Join) {
    switch join {
    case .miter: setLineJoin(Join.miter)
    case .round: setLineJoin(Join.round)
    case .bevel: setLineJoin(Join.bevel)
    }
  }
}
