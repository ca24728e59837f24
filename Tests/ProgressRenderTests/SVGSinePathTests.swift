import Foundation
import Testing

@testable import ProgressRenderFormats

/// `SVGSinePath`: a quarter-wavelength Bézier per piece, within 0.01 % of the amplitude of the sine,
/// covering the span asked for, its handles mirrored so that every piece after the first is an `s`.
@Suite struct SVGSinePathTests {
  @Test(arguments: [(10.0, 40.0, 0.0), (8.2, 131.2, 17.0), (30.0, 57.4, -3.5)])
  func staysOnTheSine(amplitude: Double, wavelength: Double, origin: Double) {
    let path = SVGSinePath.region(
      left: origin - 50, right: origin + 200, origin: origin, amplitude: amplitude, wavelength: wavelength, bottom: 400)
    #expect(path.v.first?[0] ?? .infinity <= origin - 50)
    #expect(path.v.last?[0] ?? -.infinity >= origin + 200)
    let k = 2 * Double.pi / wavelength
    var worst = 0.0
    // The curve pieces run from vertex 1 to the one before last (the ends close along the bottom).
    for index in 1..<(path.v.count - 2) {
      let (p0, p3) = (path.v[index], path.v[index + 1])
      let p1 = [p0[0] + path.o[index][0], p0[1] + path.o[index][1]]
      let p2 = [p3[0] + path.i[index + 1][0], p3[1] + path.i[index + 1][1]]
      for step in 0...50 {
        let t = Double(step) / 50
        let m = 1 - t
        let x = m * m * m * p0[0] + 3 * m * m * t * p1[0] + 3 * m * t * t * p2[0] + t * t * t * p3[0]
        let y = m * m * m * p0[1] + 3 * m * m * t * p1[1] + 3 * m * t * t * p2[1] + t * t * t * p3[1]
        worst = max(worst, abs(y + amplitude * sin(k * (x - origin))))
      }
    }
    #expect(worst <= 1e-4 * amplitude, "worst \(worst)")
    let text = SVGWriter.pathData(path)
    // One `c`, then `s` pieces (the letter written once for the run).
    #expect(text.filter { $0 == "c" }.count == 1, "\(text)")
    #expect(text.contains("s"))
  }
}
