import Foundation
import Testing

/// `scripts/install [PREFIX]`: its arguments, and the tree it lays out, with the built debug binary
/// standing in for the release build (`INSTALL_BINARY`) so the test builds nothing.
@Suite struct InstallScriptTests {
  private static let script = Binary.packageRoot.appendingPathComponent("scripts/install").path

  /// Runs the script with `arguments` and extra environment variables.
  private static func install(_ arguments: [String], environment: [String: String] = [:]) throws -> Binary.Result {
    let scratch = try Binary()
    defer { scratch.remove() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: script)
    process.arguments = arguments
    process.environment = ["PATH": "/usr/bin:/bin"].merging(environment) { $1 }
    process.currentDirectoryURL = URL(fileURLWithPath: scratch.work)
    return try Binary.capture(process)
  }

  @Test(
    arguments: [
      (["--prefix=/opt"], [:], "unknown option '--prefix=/opt'"),
      (["/opt", "/usr"], [:], "unexpected argument '/usr' (give at most one PREFIX)"),
      (["opt"], [:], "PREFIX must be an absolute path, got 'opt'"),
      ([""], [:], "PREFIX must be an absolute path, got ''"),
      ([], ["DESTDIR": "stage"], "DESTDIR must be an absolute path, got 'stage'"),
      (["/opt"], ["INSTALL_BINARY": "/nonexistent"], "INSTALL_BINARY '/nonexistent' is not an executable file"),
    ] as [([String], [String: String], String)])
  func refusesBadArguments(_ arguments: [String], _ environment: [String: String], _ message: String) throws {
    let result = try Self.install(arguments, environment: environment)
    #expect(result.status == 2)
    #expect(result.out.isEmpty)
    #expect(result.err == "install: \(message); usage: scripts/install [PREFIX]\n")
  }

  @Test func helpDescribesTheLayout() throws {
    let result = try Self.install(["--help"])
    #expect(result.status == 0)
    #expect(result.out.hasPrefix("Builds progress-render for release"))
    #expect(result.out.contains("Usage: scripts/install [PREFIX]"))
    #expect(result.err.isEmpty)
  }

  /// Staged twice under DESTDIR (an update): the binary, three completions and the page, matching
  /// what the binary prints; the second run leaves the same tree.
  @Test func stagesTheTreeUnderDestdir() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let stage = scratch.root + "/stage"
    let environment = ["DESTDIR": stage, "INSTALL_BINARY": Binary.path]
    let expected: [String: [String]] = [
      "usr/bin/progress-render": [],
      "usr/share/bash-completion/completions/progress-render": ["completions", "bash"],
      "usr/share/zsh/site-functions/_progress-render": ["completions", "zsh"],
      "usr/share/fish/vendor_completions.d/progress-render.fish": ["completions", "fish"],
      "usr/share/man/man1/progress-render.1": ["--help-man"],
    ]
    for _ in 0..<2 {
      let result = try Self.install(["/usr"], environment: environment)
      #expect(result.status == 0, "\(result.err)")
      #expect(result.out == "installed progress-render in \(stage)/usr (bin, bash/zsh/fish completions, man page)\n")
      let files = FileManager.default.enumerator(atPath: stage)?.compactMap { $0 as? String }.filter {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: stage + "/" + $0, isDirectory: &folder) && !folder.boolValue
      }
      #expect(files?.sorted() == expected.keys.sorted())
      for (path, arguments) in expected where !arguments.isEmpty {
        let printed = try scratch.run(arguments).out
        #expect(try String(contentsOfFile: stage + "/" + path, encoding: .utf8) == printed, "\(path)")
      }
      let binary = stage + "/usr/bin/progress-render"
      #expect(FileManager.default.contentsEqual(atPath: binary, andPath: Binary.path))
      #expect(FileManager.default.isExecutableFile(atPath: binary))
    }
  }

  /// Issue 22, item 12: a destination that cannot be written (here `share/man/man1` is a file) is found
  /// before anything is installed: exit 2 naming it, and no binary or completion left behind.
  @Test func installsAllOrNothing() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let prefix = scratch.root + "/prefix"
    try FileManager.default.createDirectory(atPath: prefix + "/share/man", withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: prefix + "/share/man/man1", contents: Data("not a folder".utf8)))
    let result = try Self.install([prefix], environment: ["INSTALL_BINARY": Binary.path])
    #expect(result.status == 2)
    #expect(result.err.contains("'\(prefix)/share/man/man1' is not a folder"), "\(result.err)")
    #expect(result.err.hasSuffix("nothing was installed\n"))
    let left = FileManager.default.enumerator(atPath: prefix)?.compactMap { $0 as? String }.sorted()
    #expect(left == ["share", "share/man", "share/man/man1"])
  }
}
