// swift-tools-version:6.0
// The package manifest. The version string lives in Sources/ProgressRenderSupport/Version.swift.
// The library is a stack of modules, bottom first: Support, Core, Raster, Formats and Lottie, then
// Pipeline, then Diff (which paints Lottie sides with the Pipeline's settings), then Batch; each
// depends only on the ones below it and the C libraries it calls, so the compiler keeps the layers
// apart. ProgressRender re-exports them all.
import PackageDescription

// How the shipped binary (and scripts/bench's draw-only beside it) is linked for release on Linux:
// by LLVM's lld with the relative relocations packed (DT_RELR, glibc 2.36+, Debian 12's). The
// position-independent binary keeps its address-space randomization, and the loader no longer
// reads 80,000 relocation records (1.9 MB) at every start: a one-frame still costs 0.9 ms less CPU.
let releaseLinking: [LinkerSetting] = [
  .unsafeFlags(
    ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
    .when(platforms: [.linux], configuration: .release))
]

let package = Package(
  name: "progress-render",
  // Synchronization (Mutex, Atomic) needs macOS 15; Linux has no platform minimum.
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ProgressRender", targets: ["ProgressRender"]),
    // Snapshot assertions for an app's Swift Testing or XCTest suite: `assertAnimationMatches`.
    .library(name: "ProgressRenderTesting", targets: ["ProgressRenderTesting"]),
    .executable(name: "progress-render", targets: ["progress-render"]),
  ],
  targets: [
    .systemLibrary(
      name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]),
    // No pkgConfig: Homebrew's giflib has no .pc file; the shim finds the header on both systems.
    .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
    // Pango is opened with dlopen when a text is first laid out, not linked (its shim declares the
    // calls and dlsym fills them): a render without text loads none of its sixteen libraries.
    // No pkgConfig, whose flags would link them; the runtime library comes with libpango1.0-dev.
    .systemLibrary(name: "CPango", providers: [.apt(["libpango1.0-dev"]), .brew(["pango"])]),
    .systemLibrary(
      name: "CImageQuant", pkgConfig: "imagequant",
      providers: [.apt(["libimagequant-dev"]), .brew(["libimagequant"])]),
    .systemLibrary(
      name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
    // libjpeg-turbo's TurboJPEG API, for the JPEG images of Lottie files: errors come back as return
    // codes, where libjpeg's own API would longjmp through Swift frames.
    .systemLibrary(
      name: "CTurboJPEG", pkgConfig: "libturbojpeg",
      providers: [.apt(["libturbojpeg0-dev"]), .brew(["jpeg-turbo"])]),
    .systemLibrary(name: "CSystem"),
    .systemLibrary(
      name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]),
    // libwebp's animation encoder (libwebpmux) and decoder (libwebpdemux); the .pc pulls in libwebp.
    .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
    // zlib: deflate for the PNG frames this package writes itself (bands the next frame reuses),
    // inflate for dotLottie archives, crc32 for PNG and APNG chunks.
    // zlib comes with macOS (its SDK has the header and the library).
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // libdeflate: a picture's PNG rows in one call (at level 5, 6 % smaller than zlib's level 4 in
    // two thirds of the time), and the Adler-32 of the bands zlib compresses (a twelfth of zlib's time).
    .systemLibrary(
      name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
    // Small utilities: names and numbers as text, parallel map, errors, SHA-256, atomic file writing
    // and folder replacement (renameat2, hence CSystem).
    .target(name: "ProgressRenderSupport", dependencies: ["CSystem"]),
    // Style data and the presets, timelines, every track's value at one time, frames of pixels.
    .target(name: "ProgressRenderCore", dependencies: ["ProgressRenderSupport"], plugins: ["EmbedResources"]),
    // Cairo, Pango, fontconfig and libpng wrappers; the preset compiler and the composition renderer.
    .target(
      name: "ProgressRenderRaster",
      dependencies: [
        "ProgressRenderSupport", "ProgressRenderCore", "CCairo", "CPango", "CFontconfig", "CPNG", "CTurboJPEG",
      ]),
    // Frames into files and back, one folder per format (GIF, PNG, WebP, APNG), and Lottie export.
    .target(
      name: "ProgressRenderFormats",
      dependencies: [
        "ProgressRenderSupport", "ProgressRenderCore", "ProgressRenderRaster", "CGIF", "CImageQuant", "CWebP", "CZlib",
        "CDeflate",
      ]),
    // Lottie (Bodymovin JSON) files and dotLottie archives (zlib's inflate) read into a composition:
    // layers, shapes, keyframes, ZIP entries, bounded.
    .target(
      name: "ProgressRenderLottie",
      dependencies: ["ProgressRenderSupport", "ProgressRenderCore", "ProgressRenderRaster", "CZlib"]),
    // A whole render: request, settings, plan, job, renderer.
    .target(
      name: "ProgressRenderPipeline",
      dependencies: [
        "ProgressRenderSupport", "ProgressRenderCore", "ProgressRenderRaster", "ProgressRenderFormats",
        "ProgressRenderLottie",
      ]),
    // Two renders compared: alignment, pixel comparison, reports, baselines; a Lottie side painted
    // by the render pipeline.
    .target(
      name: "ProgressRenderDiff",
      dependencies: [
        "ProgressRenderSupport", "ProgressRenderCore", "ProgressRenderRaster", "ProgressRenderFormats",
        "ProgressRenderLottie", "ProgressRenderPipeline",
      ]),
    // Manifests, plans, locks, runs and checks of many renders.
    .target(
      name: "ProgressRenderBatch",
      dependencies: [
        "ProgressRenderSupport", "ProgressRenderCore", "ProgressRenderRaster", "ProgressRenderFormats",
        "ProgressRenderPipeline", "ProgressRenderDiff",
      ]),
    // The product: one file that re-exports every module above.
    .target(
      name: "ProgressRender",
      dependencies: [
        "ProgressRenderSupport", "ProgressRenderCore", "ProgressRenderRaster", "ProgressRenderFormats",
        "ProgressRenderPipeline", "ProgressRenderDiff", "ProgressRenderBatch", "ProgressRenderLottie",
      ]),
    // `assertAnimationMatches(…, golden:)` for an app's test suite (Swift Testing and XCTest).
    .target(name: "ProgressRenderTesting", dependencies: ["ProgressRender"]),
    // Resources/ (the presets) embedded into ProgressRenderCore at build time: no bundle to ship.
    .executableTarget(name: "EmbedResourcesTool"),
    .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["EmbedResourcesTool"]),
    .executableTarget(
      name: "progress-render",
      dependencies: ["ProgressRender"],
      path: "Sources/CLI",
      linkerSettings: releaseLinking),
    .executableTarget(
      name: "render-custom-timeline", dependencies: ["ProgressRender"], path: "Examples/CustomTimeline"),
    // scripts/bench's draw-only mode: a render's frames painted, nothing encoded (not a product).
    .executableTarget(
      name: "draw-only", dependencies: ["ProgressRenderPipeline"], path: "Sources/DrawOnly",
      linkerSettings: releaseLinking),
    .target(name: "FuzzSupport", path: "Tests/FuzzSupport"),
    .testTarget(
      name: "ProgressRenderTests",
      dependencies: [
        "ProgressRenderSupport", "ProgressRenderCore", "ProgressRenderRaster", "ProgressRenderFormats",
        "ProgressRenderPipeline", "ProgressRenderDiff", "ProgressRenderBatch", "ProgressRender", "FuzzSupport",
        "ProgressRenderLottie",
      ],
      exclude: ["Golden"]),
    // Stand-ins for the public names of SwiftUI, CryptoKit and lottie-ios, imported next to the library
    // by NameClashTests: a public type of ours with one of those names fails the build.
    .target(name: "SwiftUIStandIn", path: "Tests/StandIns/SwiftUI"),
    .target(name: "CryptoKitStandIn", path: "Tests/StandIns/CryptoKit"),
    .target(name: "LottieStandIn", path: "Tests/StandIns/Lottie"),
    .testTarget(
      name: "NameClashTests", dependencies: ["ProgressRender", "SwiftUIStandIn", "CryptoKitStandIn", "LottieStandIn"]),
    // Uses ProgressRenderTesting as an app's test suite would: the product only, goldens beside it.
    .testTarget(name: "SnapshotConsumerTests", dependencies: ["ProgressRenderTesting"], exclude: ["Goldens"]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["ProgressRenderCore", "ProgressRenderRaster", "ProgressRender", "progress-render", "FuzzSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
