import CryptoKitStandIn
import LottieStandIn
import ProgressRender
import SwiftUIStandIn
import Testing

/// No public name of the library clashes with SwiftUI, CryptoKit or lottie-ios: this file imports stand-ins
/// declaring their public names next to the library and names each one unqualified, so a library type
/// of the same name fails the build with "is ambiguous for type lookup".
@Suite struct NameClashTests {
  @Test func swiftUINamesResolveToTheirFramework() {
    let origins = [
      Label.origin,
      Scene.origin,
      Text.origin,
      Image.origin,
      Color.origin,
      Font.origin,
      Shape.origin,
      Path.origin,
      Circle.origin,
      Ellipse.origin,
      Rectangle.origin,
      RoundedRectangle.origin,
      Capsule.origin,
      Gradient.origin,
      LinearGradient.origin,
      RadialGradient.origin,
      AngularGradient.origin,
      EllipticalGradient.origin,
      Angle.origin,
      Animation.origin,
      Group.origin,
      Canvas.origin,
      Layout.origin,
      StrokeStyle.origin,
      Transaction.origin,
      Alignment.origin,
      Edge.origin,
      GeometryProxy.origin,
      GeometryReader.origin,
      Spacer.origin,
      Divider.origin,
      App.origin,
      Window.origin,
      WindowGroup.origin,
      TimelineView.origin,
      ProgressView.origin,
      ShapeStyle.origin,
      Material.origin,
      Environment.origin,
      State.origin,
      Binding.origin,
      Toggle.origin,
      Button.origin,
      Slider.origin,
      Stepper.origin,
      Picker.origin,
      Form.origin,
      List.origin,
      Section.origin,
      Grid.origin,
      GridRow.origin,
      HStack.origin,
      VStack.origin,
      ZStack.origin,
      Axis.origin,
      Anchor.origin,
      UnitPoint.origin,
      Spring.origin,
      Transition.origin,
      Namespace.origin,
      ContentMode.origin,
      Visibility.origin,
      ColorScheme.origin,
    ]
    #expect(origins.allSatisfy { $0 == "SwiftUI" })
  }

  @Test func cryptoKitNamesResolveToTheirFramework() {
    let origins = [
      SHA256.origin,
      SHA256Digest.origin,
      SHA384.origin,
      SHA512.origin,
      Insecure.origin,
      HMAC.origin,
      SymmetricKey.origin,
      Curve25519.origin,
      P256.origin,
      P384.origin,
      P521.origin,
      AES.origin,
      ChaChaPoly.origin,
      HKDF.origin,
      Digest.origin,
      HashFunction.origin,
      SharedSecret.origin,
    ]
    #expect(origins.allSatisfy { $0 == "CryptoKit" })
  }

  @Test func lottieNamesResolveToTheirFramework() {
    let origins = [
      LottieAnimation.origin,
      LottieAnimationView.origin,
      LottieAnimationLayer.origin,
      LottieView.origin,
      LottieButton.origin,
      LottieSwitch.origin,
      LottieColor.origin,
      LottieConfiguration.origin,
      LottiePlaybackMode.origin,
      LottieLoopMode.origin,
      LottieBackgroundBehavior.origin,
      Keyframe.origin,
      Interpolatable.origin,
      AnimationKeypath.origin,
      Vector1D.origin,
      Vector2D.origin,
      Vector3D.origin,
      DotLottieFile.origin,
      AnimationImageProvider.origin,
      AnyValueProvider.origin,
      ColorValueProvider.origin,
      FloatValueProvider.origin,
      PointValueProvider.origin,
      SizeValueProvider.origin,
      GradientValueProvider.origin,
      AnimationTextProvider.origin,
      AnimationFontProvider.origin,
      RenderingEngineOption.origin,
      CompatibleAnimation.origin,
      AnimatedButton.origin,
      AnimatedSwitch.origin,
      AnimatedControl.origin,
      LottieAnimationCache.origin,
      DotLottieCache.origin,
      LottieLogger.origin,
      AnimationCacheProvider.origin,
    ]
    #expect(origins.allSatisfy { $0 == "lottie-ios" })
  }
}
