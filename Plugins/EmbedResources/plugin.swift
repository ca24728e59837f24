import Foundation
import PackagePlugin

/// Embeds the files under the package's `Resources/` folder into the target it is applied to:
/// `EmbedResourcesTool` writes `EmbeddedResources.swift` with every file's bytes, so the built
/// binary needs no resource bundle and still works when copied elsewhere.
///
/// Every file and folder under `Resources/` is an input of the build command, so editing a file
/// reruns it, and so does adding or removing one (the folder changes). SwiftPM plans the build
/// once and keeps the plan while no target's files change, so the tool lists the folder itself
/// rather than taking the files from the plan.
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
    let (folders, files) = try Self.contents(of: root)
    return [
      .buildCommand(
        displayName: "Embedding Resources/ into \(target.name)",
        executable: try context.tool(named: "EmbedResourcesTool").url,
        arguments: [output.path, root.path],
        inputFiles: folders + files,
        outputFiles: [output])
    ]
  }

  /// The folders (the root first) and the regular files under a folder, hidden ones left out.
  private static func contents(of root: URL) throws -> (folders: [URL], files: [URL]) {
    let keys: [URLResourceKey] = [.isRegularFileKey, .isDirectoryKey]
    guard FileManager.default.fileExists(atPath: root.path),
      let walker = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
    else { return ([], []) }
    var folders = [root]
    var files: [URL] = []
    for case let url as URL in walker {
      let values = try url.resourceValues(forKeys: Set(keys))
      if values.isDirectory == true { folders.append(url) }
      if values.isRegularFile == true { files.append(url) }
    }
    return (folders, files.sorted { $0.path < $1.path })
  }
}
