import Foundation
import Testing

/// The set-up is split (issue 23, item 3): `scripts/setup` installs what building and rendering need
/// and no test tool; `scripts/test` installs the test tools itself (`scripts/setup-tests`).
@Suite struct SetupScriptTests {
  private static func file(_ path: String) throws -> String {
    try String(contentsOf: Binary.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// The package names of a list file, without versions and comments.
  private static func packages(_ list: String) throws -> Set<String> {
    Set(
      try file("scripts/packages/" + list).split(separator: "\n").compactMap { line in
        let name = line.prefix { $0 != "#" && $0 != "=" }.trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? nil : name
      })
  }

  @Test func renderingSetUpInstallsNoTestTool() throws {
    let render = try Self.packages("build.txt").union(Self.packages("runtime.txt"))
    let tests = try Self.packages("test.txt")
    #expect(render.isDisjoint(with: tests))
    let setup = try Self.file("scripts/setup")
    for tool in ["zsh", "fish", "ffmpeg", "chromium", "rlottie", "shellcheck", "pip install", "actionlint"] {
      #expect(!setup.contains(tool), "scripts/setup mentions \(tool)")
    }
    #expect(render.contains("fonts-dejavu-core") && render.contains("fonts-wqy-microhei"))
  }

  @Test func theTestCommandInstallsTheTestTools() throws {
    let test = try Self.file("scripts/test")
    let firstCommand = test.split(separator: "\n").first {
      !$0.hasPrefix("#") && !$0.hasPrefix("set ") && !$0.hasPrefix("cd ")
    }
    #expect(firstCommand == "scripts/setup-tests")
    #expect(try Self.file("scripts/setup-tests").contains("scripts/packages/test.txt"))
    // CI runs exactly the README's test command.
    #expect(try Self.file(".ci/run").contains("./scripts/setup && ./scripts/test"))
    #expect(try Self.file("README.md").contains("./scripts/setup && ./scripts/test"))
  }

  /// The Dockerfile (issue 23, item 1): a release build with the static Swift runtime, a slim Debian 12
  /// runtime stage that installs the one runtime list, which scripts/chroot-proof installs too.
  @Test func theImageAndTheChrootProofShareOneRuntimeList() throws {
    let dockerfile = try Self.file("Dockerfile")
    #expect(dockerfile.contains("swift build -c release --static-swift-stdlib --product progress-render"))
    #expect(dockerfile.contains("ARG RUNTIME_IMAGE=debian:12-slim"))
    #expect(dockerfile.contains("COPY scripts/packages/runtime.txt /tmp/runtime.txt"))
    #expect(dockerfile.contains("$(sed 's/#.*//' /tmp/runtime.txt)"))
    #expect(dockerfile.hasSuffix("ENTRYPOINT [\"progress-render\"]\n"))
    let proof = try Self.file("scripts/chroot-proof")
    #expect(proof.contains("sed 's/#.*//' scripts/packages/runtime.txt"))
    // The fonts and the libraries that decide the pixels are pinned.
    let runtime = try Self.file("scripts/packages/runtime.txt")
    for package in ["libcairo2=", "libpango-1.0-0=", "fonts-dejavu-core=", "fonts-wqy-microhei="] {
      #expect(runtime.contains("\n" + package), "\(package) is not pinned")
    }
  }
}
