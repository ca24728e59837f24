import Testing

@testable import ProgressRenderPipeline

@Suite struct RenderSettingsValidationTests {
  private static func settings(
    size: Double = 100, scale: Int = 1, fps: Double = 30, duration: Double = 3, edgeLevels: Int = 17
  ) -> RenderSettings {
    RenderSettings(size: size, scale: scale, fps: fps, duration: duration, background: .white, edgeLevels: edgeLevels)
  }

  @Test(arguments: [
    settings(), settings(size: 4096), settings(size: 1024, scale: 4), settings(fps: 50),
    settings(fps: 10, duration: 1000), settings(fps: 0.5, duration: 0.1), settings(edgeLevels: 2),
    settings(edgeLevels: 256),
  ])
  func accepts(settings: RenderSettings) throws {
    try settings.validate()
  }

  @Test(arguments: [
    (settings(size: 4097), "--size 4097 × --scale 1 = 4097 px is above the 4096 px limit; lower --size or --scale"),
    (
      settings(size: 2000, scale: 3),
      "--size 2000 × --scale 3 = 6000 px is above the 4096 px limit; lower --size or --scale"
    ),
    (settings(size: 0.2), "--size 0.2 × --scale 1 = 0.2 px is below 1 px; use a --size of at least 1"),
    (settings(scale: 5), "--scale 5 is out of range: use 1…4"),
    (settings(scale: 0), "--scale 0 is out of range: use 1…4"),
    (settings(fps: 60), "--fps 60 is out of range: use a frame rate from 0.01 to 50"),
    (settings(fps: 0), "--fps 0 is out of range: use a frame rate from 0.01 to 50"),
    (settings(duration: 0), "--duration 0 is out of range: use a number of seconds above 0"),
    (settings(duration: .infinity), "--duration inf is out of range: use a number of seconds above 0"),
    (
      settings(fps: 30, duration: 400),
      "--duration 400 × --fps 30 = 12000 frames is above the 10000 frame limit; shorten --duration or lower --fps"
    ),
    (
      settings(edgeLevels: 1),
      "--edge-levels 1 is out of range: use 2…256 (17 is the default, 256 is full anti-aliasing)"
    ),
    (
      settings(edgeLevels: 257),
      "--edge-levels 257 is out of range: use 2…256 (17 is the default, 256 is full anti-aliasing)"
    ),
  ])
  /// `message` as the command line says it; the library names the settings without dashes.
  func rejects(settings: RenderSettings, message: String) {
    #expect(throws: (any Error).self) { try settings.validate() }
    do {
      try settings.validate()
    } catch {
      #expect(error.description(naming: { "--" + $0.name }) == message)
      #expect(error.description == message.replacingOccurrences(of: "--", with: ""))
      #expect(error.kind == .badInput)
    }
  }
}
