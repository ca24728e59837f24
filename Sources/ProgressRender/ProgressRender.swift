@_exported import ProgressRenderBatch
@_exported import ProgressRenderCore
@_exported import ProgressRenderDiff
@_exported import ProgressRenderFormats
@_exported import ProgressRenderLottie
@_exported import ProgressRenderPipeline
@_exported import ProgressRenderRaster
// The library's one product: `import ProgressRender` brings in every module of the package, bottom
// first. Code inside the package imports the modules it uses instead.
@_exported import ProgressRenderSupport
