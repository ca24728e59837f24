import Foundation
import Testing

@testable import ProgressRenderCore
@testable import ProgressRenderLottie
@testable import ProgressRenderRaster

/// A Lottie layer's opacity fades the layer as a whole, as lottie-web (`<g opacity>`) and After
/// Effects do: where its shapes overlap it is no more opaque than the opacity. A shape group's
/// opacity fades each shape, as lottie-web multiplies it into each fill.
@Suite struct LottieLayerOpacityTests {
  /// A red square of side 40 at (`x`, `y`) (its top-left corner), as a shape group.
  static func square(_ x: Int, _ y: Int, opacity: Int = 100) -> String {
    let path =
      #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[40,0],[40,40],[0,40]],"i":[[0,0],[0,0],[0,0],[0,0]],"#
      + #""o":[[0,0],[0,0],[0,0],[0,0]]}}}"#
    let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
    let transform = #"{"ty":"tr","p":{"a":0,"k":[\#(x),\#(y)]},"o":{"a":0,"k":\#(opacity)}}"#
    return #"{"ty":"gr","it":[\#(path),\#(fill),\#(transform)]}"#
  }

  /// A shape layer of `shapes` at `opacity` percent.
  static func layer(_ shapes: [String], opacity: Int) -> String {
    #"[{"ty":4,"nm":"L","ind":1,"ip":0,"op":60,"st":0,"ks":{"o":{"a":0,"k":\#(opacity)}},"#
      + #""shapes":[\#(shapes.joined(separator: ","))]}]"#
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var layerOpacity: Int
    var groupOpacity: Int
    /// Alpha where one square is, and where both overlap (0…255, ±2).
    var single: Int
    var overlap: Int
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "opaque", layerOpacity: 100, groupOpacity: 100, single: 255, overlap: 255),
    Case(name: "layer at 50 %: faded as a whole", layerOpacity: 50, groupOpacity: 100, single: 128, overlap: 128),
    Case(name: "groups at 50 %: each faded", layerOpacity: 100, groupOpacity: 50, single: 128, overlap: 191),
    Case(name: "both", layerOpacity: 50, groupOpacity: 50, single: 64, overlap: 96),
    Case(name: "layer at 0 %", layerOpacity: 0, groupOpacity: 100, single: 0, overlap: 0),
  ]

  @Test(arguments: cases)
  func overlappingShapes(_ c: Case) throws {
    let shapes = [Self.square(10, 10, opacity: c.groupOpacity), Self.square(30, 30, opacity: c.groupOpacity)]
    let frame = try LottieRenderTests.frame(Self.layer(shapes, opacity: c.layerOpacity))
    let single = Int(frame.rgba(x: 15, y: 15).a)
    let overlap = Int(frame.rgba(x: 45, y: 45).a)
    #expect(abs(single - c.single) <= 2, "single \(single)")
    #expect(abs(overlap - c.overlap) <= 2, "overlap \(overlap)")
    #expect(frame.rgba(x: 5, y: 5).a == 0)
  }

  /// The importer marks layers isolated and shape groups not.
  @Test func layersAreIsolatedGroupsAreNot() throws {
    let imported = try LottieImporter().read(
      LottieImportTests.document(Self.layer([Self.square(10, 10)], opacity: 50)))
    var layers = 0
    var shapeGroups = 0
    func visit(_ node: CompositionNode) {
      guard case .group(let group) = node else { return }
      if group.name == "L" {
        #expect(group.isolated)
        layers += 1
      } else if group.children.contains(where: { if case .shape = $0 { true } else { false } }) {
        #expect(!group.isolated)
        shapeGroups += 1
      }
      group.children.forEach(visit)
    }
    imported.composition.nodes.forEach(visit)
    #expect(layers == 1 && shapeGroups >= 1)
  }
}
