import Foundation
import ProgressRenderCore

extension LottieRigEvaluator {
  /// The path expression of the "Points Follow Nulls" half of After Effects' "Create Nulls From
  /// Paths" panel, after its list of null names: each named Layer Control effect of the path's layer
  /// picks a layer whose anchor, in the composition, becomes that vertex (in the path's layer's
  /// space); the tangents stay the path's own.
  private static let followTail: [LottieExpression.Token] =
    LottieExpression.tokens(
      """
      var origPath = thisProperty; var origPoints = origPath.points(); var origInTang = origPath.inTangents();
      var origOutTang = origPath.outTangents(); var getNullLayers = [];
      for (var i = 0; i < nullLayerNames.length; i++) {
        try { getNullLayers.push(effect(nullLayerNames[i])('ADBE Layer Control-0001')); }
        catch (err) { getNullLayers.push(null); }
      }
      for (var i = 0; i < getNullLayers.length; i++) {
        if (getNullLayers[i] != null && getNullLayers[i].index != thisLayer.index) {
          origPoints[i] = fromCompToSurface(getNullLayers[i].toComp(getNullLayers[i].anchorPoint));
        }
      }
      $bm_rt = createPath(origPoints, origInTang, origOutTang, origPath.isClosed());
      """) ?? []

  /// The null names of a "Points Follow Nulls" expression, or `nil` when `source` is not one.
  /// - Complexity: O(length of `source`).
  static func followedNulls(_ source: String) -> [String]? {
    guard source.utf8.count <= LottieExpression.maxLength, let tokens = LottieExpression.tokens(source) else {
      return nil
    }
    var rest = tokens[...]
    if rest.starts(with: [.word("var"), .word("$bm_rt"), .symbol(";")]) { rest = rest.dropFirst(3) }
    let head: [LottieExpression.Token] = [.word("var"), .word("nullLayerNames"), .symbol("="), .symbol("[")]
    guard rest.starts(with: head) else { return nil }
    rest = rest.dropFirst(head.count)
    var names: [String] = []
    while case .string(let name)? = rest.first {
      names.append(name)
      rest = rest.dropFirst()
      if rest.first == .symbol(",") { rest = rest.dropFirst() }
    }
    guard rest.starts(with: [.symbol("]"), .symbol(";")]) else { return nil }
    rest = rest.dropFirst(2)
    guard !followTail.isEmpty, Array(rest) == followTail else { return nil }
    return names
  }

  /// A path whose vertices follow null layers (`followedNulls`), sampled at each frame of the
  /// layer's composition from `frames`' start to its end: one path per frame, morphed linearly
  /// between them, so that every whole frame shows exactly what lottie-web computes. `nil` when
  /// the path is keyframed, the path's layer moves, or the nulls' placement cannot be followed.
  /// - Parameters:
  ///   - property: the path property (its `k` the path whose points the nulls move).
  ///   - names: the null names, as `followedNulls` read them.
  ///   - frames: the frames of the layer's composition to sample, one path each (`frames`).
  /// - Throws: when reading a property fails, or the samples pass the file's keyframe limit.
  /// - Complexity: O(frames × (vertices + tracks)).
  func followingNulls(_ property: LottieJSONNode, names: [String], frames: [Double])
    throws(LottieImportError) -> PathMorph?
  {
    guard !reader.isAnimated(property), let k = property["k"], let surface = try placement(of: thisLayer, depth: 0),
      let toSurface = surface.inverted
    else { return nil }
    let original = try reader.path(k)
    guard let contour = original.contours.first else { return nil }
    // Each vertex's layer chain (nearest first), or nil: the vertex stays.
    let effects = (try? thisLayer["ef"]?.elements()) ?? []
    var chains: [[NodeTransform]?] = []
    for (index, name) in names.enumerated() {
      guard index < contour.vertices.count,
        let effect = effects.first(where: { $0.string("nm") == name }),
        let control = (try? effect["ef"]?.elements())?.first(where: { $0.string("mn") == "ADBE Layer Control-0001" }),
        let chosen = try? control["v"]?["k"]?.number(),
        chosen != (try? thisLayer["ind"]?.number()),
        let null = layers.first(where: { (try? $0["ind"]?.number()) == chosen })
      else {
        chains.append(nil)
        continue
      }
      guard let chain = try transforms(from: null) else { return nil }
      chains.append(chain)
    }
    guard chains.contains(where: { $0 != nil }) else { return nil }
    guard frames.count > 1 else { return nil }
    try reader.count(extraKeys: frames.count, at: property)
    var paths: [VectorPath] = []
    var keys: [TrackKeyframe<Double>] = []
    for (step, values) in sampleValues(at: frames).enumerated() {
      var vertices = contour.vertices
      for (index, chain) in chains.enumerated() {
        guard let chain, let anchorInComp = Self.compPoint(chain, values) else { continue }
        vertices[index].point = toSurface.apply(anchorInComp)
      }
      paths.append(VectorPath(contours: [VectorPath.Contour(vertices: vertices, closed: contour.closed)]))
      keys.append(TrackKeyframe(time: values.time, value: Double(step)))
    }
    return PathMorph(paths: paths, progress: reader.track(keys))
  }

  /// A layer's transform and its parents' (nearest first), or `nil` when one is 3D or the parents
  /// nest too deep.
  private func transforms(from layer: LottieJSONNode) throws(LottieImportError) -> [NodeTransform]? {
    var chain: [NodeTransform] = []
    var current: LottieJSONNode? = layer
    while let next = current {
      guard chain.count < maxDepth else { return nil }
      let (transform, _, projection) = try reader.transform(next["ks"], time)
      guard projection == nil, !transform.autoOrient else { return nil }
      chain.append(transform)
      guard let parent = try next["parent"]?.number() else { break }
      current = layers.first { (try? $0["ind"]?.number()) == parent }
      if current == nil { return nil }
    }
    return chain
  }

  /// Where the first layer of `chain` puts its anchor in the composition: its position, under its
  /// parents' transforms; `nil` when one is skewed or degenerate.
  private static func compPoint(_ chain: [NodeTransform], _ values: TrackValues) -> Point? {
    guard var point = chain.first?.position.value(in: values) else { return nil }
    for transform in chain.dropFirst() {
      guard transform.skew.value(in: values) == 0 else { return nil }
      point = LottieRigEvaluator.Affine(
        anchor: transform.anchor.value(in: values), position: transform.position.value(in: values),
        scale: transform.scale.value(in: values), rotation: transform.rotation.value(in: values)
      ).apply(point)
    }
    return point.x.isFinite && point.y.isFinite ? point : nil
  }
}

extension LottieRigEvaluator.Affine {
  /// The map that undoes this one, or `nil` when it flattens the plane.
  var inverted: LottieRigEvaluator.Affine? {
    let det = a * d - b * c
    guard abs(det) > 1e-12, det.isFinite else { return nil }
    let (ia, ib, ic, id) = (d / det, -b / det, -c / det, a / det)
    return LottieRigEvaluator.Affine(
      a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
  }
}
