import Foundation
import PackagePlugin

/// Embeds the files under the package's `Resources/` folder into the target it is applied to:
/// `EmbedResourcesTool` writes `EmbeddedResources.swift` with every file's bytes, so the built
/// binary needs no resource bundle and still works when copied elsewhere.
///
/// Every file is an input of the build command, so editing one rebuilds; adding or removing a
/// file changes the command's arguments, which reruns it too.
@main
struct EmbedResources: BuildToolPlugin {
  /// The one build command: every file under `Resources/` in, `EmbeddedResources.swift` out.
  /// - Parameters:
  ///   - context: the package and the plugin's work folder.
  ///   - target: the target the generated source joins.
  /// - Returns: the command.
  /// - Throws: when the tool is missing or the folder cannot be listed.
  func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
    let root = context.package.directoryURL.appending(path: "Resources")
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
    let files = try Self.files(under: root)
    return [
      .buildCommand(
        displayName: "Embedding \(files.count) files of Resources/ into \(target.name)",
        executable: try context.tool(named: "EmbedResourcesTool").url,
        arguments: [output.path, root.path] + files.map(\.path),
        inputFiles: files,
        outputFiles: [output])
    ]
  }

  /// The regular files under a folder, in path order; hidden files are left out.
  private static func files(under root: URL) throws -> [URL] {
    guard FileManager.default.fileExists(atPath: root.path) else { return [] }
    let keys: [URLResourceKey] = [.isRegularFileKey]
    guard
      let walker = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
    else { return [] }
    var files: [URL] = []
    for case let url as URL in walker where try url.resourceValues(forKeys: Set(keys)).isRegularFile == true {
      files.append(url)
    }
    return files.sorted { $0.path < $1.path }
  }
}
