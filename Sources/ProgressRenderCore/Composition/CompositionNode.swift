/// One node of a composition's tree.
public indirect enum CompositionNode: Codable, Equatable, Sendable {
  /// Children under one transform, opacity and optional mask.
  case group(CompositionGroup)
  /// A filled or stroked outline.
  case shape(CompositionShape)
  /// A line of text, or a box of laid-out lines.
  case text(CompositionText)
  /// A bitmap placed in a rectangle.
  case image(CompositionImage)

  /// The node's name (vector writers keep it; warnings quote it).
  public var name: String {
    switch self {
    case .group(let group): group.name
    case .shape(let shape): shape.name
    case .text(let text): text.name
    case .image(let image): image.name
    }
  }
}
