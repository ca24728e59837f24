// swift-tools-version:6.0
// The package manifest. The version string lives in Sources/ProgressRender/Version.swift.
import PackageDescription

let package = Package(
  name: "progress-render",
  products: [
    .library(name: "ProgressRender", targets: ["ProgressRender"]),
    .executable(name: "progress-render", targets: ["progress-render"]),
  ],
  targets: [
    .systemLibrary(
      name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
    .systemLibrary(
      name: "CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
    .systemLibrary(
      name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
    .systemLibrary(
      name: "CImageQuant", pkgConfig: "imagequant", providers: [.apt(["libimagequant-dev"])]),
    .systemLibrary(
      name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "CSystem"),
    .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
    // libwebp's animation encoder (libwebpmux) and decoder (libwebpdemux); the .pc pulls in libwebp.
    .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
    // zlib's crc32 for the APNG chunks this package assembles itself.
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .target(
      name: "ProgressRender",
      dependencies: ["CCairo", "CGIF", "CPango", "CImageQuant", "CPNG", "CSystem", "CFontconfig", "CWebP", "CZlib"],
      plugins: ["EmbedResources"]),
    // Resources/ (the presets) embedded into ProgressRender at build time: no bundle to ship.
    .executableTarget(name: "EmbedResourcesTool"),
    .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["EmbedResourcesTool"]),
    .executableTarget(
      name: "progress-render",
      dependencies: ["ProgressRender"],
      path: "Sources/CLI"),
    .executableTarget(
      name: "render-custom-timeline", dependencies: ["ProgressRender"], path: "Examples/CustomTimeline"),
    .target(name: "FuzzSupport", path: "Tests/FuzzSupport"),
    .testTarget(
      name: "ProgressRenderTests",
      dependencies: ["ProgressRender", "FuzzSupport"],
      exclude: ["Golden"]),
    // Stand-ins for the public names of SwiftUI, CryptoKit and lottie-ios, imported next to the library
    // by NameClashTests: a public type of ours with one of those names fails the build.
    .target(name: "SwiftUIStandIn", path: "Tests/StandIns/SwiftUI"),
    .target(name: "CryptoKitStandIn", path: "Tests/StandIns/CryptoKit"),
    .target(name: "LottieStandIn", path: "Tests/StandIns/Lottie"),
    .testTarget(
      name: "NameClashTests", dependencies: ["ProgressRender", "SwiftUIStandIn", "CryptoKitStandIn", "LottieStandIn"]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["ProgressRender", "progress-render", "FuzzSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
