import Foundation
import Testing

/// The CI examples an app team copies (issue 23, item 2): they install progress-render from a pinned
/// release (its image), run `check` once with `--junit` and `--out`, keep one artifact, gate on the
/// exit code, need no write permission in the checking job (fork pull requests), and pin every action
/// by commit. actionlint checks the GitHub one in `scripts/test`.
@Suite struct CIExampleTests {
  private static func file(_ path: String) throws -> String {
    try String(contentsOf: Binary.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// The jobs of a workflow by name, each its lines (two-space YAML, jobs at four spaces less one level).
  private static func jobs(_ text: String) -> [String: String] {
    var jobs: [String: String] = [:]
    var current: String?
    var inJobs = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == "jobs:" {
        inJobs = true
      } else if inJobs, line.hasPrefix("  "), !line.hasPrefix("   "), line.hasSuffix(":") {
        current = String(line.dropFirst(2).dropLast())
      } else if let current {
        jobs[current, default: ""] += line + "\n"
      }
    }
    return jobs
  }

  @Test func gitHubExampleIsTheFileAnAppTeamCopies() throws {
    let text = try Self.file("Examples/ci/github-actions.yml")
    // Nothing of this repository's own build.
    #expect(!text.contains("scripts/setup") && !text.contains("swift build") && !text.contains("jq "))
    // Every action pinned by a full commit SHA.
    let uses = text.split(separator: "\n").filter { $0.contains("uses: ") }
    #expect(!uses.isEmpty)
    for line in uses {
      let reference = line.split(separator: "@").last.map { $0.prefix { $0 != " " } } ?? ""
      #expect(reference.count == 40 && reference.allSatisfy(\.isHexDigit), "\(line)")
    }
    let jobs = Self.jobs(text)
    #expect(Set(jobs.keys) == ["image", "check", "publish"])
    let check = try #require(jobs["check"])
    #expect(
      check.contains("check \"$MANIFEST\" --golden \"$GOLDEN\" --out asset-report/ --junit asset-report/junit.xml"))
    #expect(!check.contains("checks: write") && !check.contains("continue-on-error"))
    #expect(check.components(separatedBy: "upload-artifact").count == 2)
    #expect(
      try #require(jobs["publish"]).contains("github.event.pull_request.head.repo.full_name == github.repository"))
    #expect(text.contains("PROGRESS_RENDER_REF: v"))
  }

  @Test func gitLabExampleChecksOnceAndKeepsOneArtifact() throws {
    let text = try Self.file("Examples/ci/gitlab-ci.yml")
    #expect(
      text.contains(
        "progress-render check \"$MANIFEST\" --golden \"$GOLDEN\" --out asset-report/ --junit asset-report/junit.xml"))
    #expect(text.contains("when: always") && text.contains("junit: asset-report/junit.xml"))
    #expect(text.contains("PROGRESS_RENDER_REF: v") && !text.contains("scripts/setup"))
  }

  /// The starting manifest the examples point to gates every kind of output: its SVG and Lottie files
  /// are compared byte for byte, so a golden of another colour fails the check by name, and the
  /// raster ones are diffed frame by frame.
  @Test func exampleManifestGatesVectorOutputs() throws {
    let scratch = try Binary()
    defer { scratch.remove() }
    let manifest = try Self.file("Examples/ci/assets.json")
    #expect(FileManager.default.createFile(atPath: scratch.work + "/assets.json", contents: Data(manifest.utf8)))
    let record = try scratch.run(["check", "assets.json", "--golden", "golden", "--update", "--quiet"])
    #expect(record.status == 0, "\(record.err)")
    let outputs = ["download.gif", "download@2x.webp", "download.svg", "download.json", "activity.svg"]
    for name in outputs {
      #expect(FileManager.default.fileExists(atPath: scratch.work + "/golden/" + name), "\(name)")
    }
    let same = try scratch.run(["check", "assets.json", "--golden", "golden"])
    #expect(same.out == "check: 6 same, 0 different, 0 new, 0 failed\n", "\(same.out)\(same.err)")
    for name in ["download.svg", "download.json", "download.gif"] {
      let other = try scratch.run([
        "render", "--style", "download", "--size", "48", "--fps", "12", "--duration", "1", "--color", "#ff0000",
        "--out", "golden/" + name, "--quiet",
      ])
      #expect(other.status == 0, "\(other.err)")
    }
    let different = try scratch.run(["check", "assets.json", "--golden", "golden", "--junit", "junit.xml", "--quiet"])
    #expect(different.status == 1)
    let lines = different.out.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("different: assets[2] download.svg: the SVG file differs from the golden") })
    #expect(
      lines.contains { $0.hasPrefix("different: assets[3] download.json: the Lottie file differs from the golden") })
    #expect(lines.contains { $0.hasPrefix("different: assets[0] download.gif: ") && $0.contains("frames differ") })
    #expect(lines.count == 3, "\(different.out)")
    let junit = try String(contentsOfFile: scratch.work + "/junit.xml", encoding: .utf8)
    #expect(junit.contains("tests=\"6\" failures=\"3\""))
  }

  /// The version the examples pin is this release's.
  @Test func examplesPinThisVersion() throws {
    let version = try Self.file("Sources/ProgressRenderSupport/Version.swift")
    for path in ["Examples/ci/github-actions.yml", "Examples/ci/gitlab-ci.yml"] {
      let text = try Self.file(path)
      let pinned = try #require(text.split(separator: "\n").first { $0.contains("PROGRESS_RENDER_REF: v") })
      let number = pinned.split(separator: "v").last.map(String.init) ?? ""
      #expect(version.contains("\"\(number)\""), "\(path) pins v\(number)")
    }
  }
}
