import Foundation

/// The animation inside a dotLottie file (`name.lottie`, a ZIP archive): `manifest.json` lists the
/// animations by id; the active one (`activeAnimationId` in version 1, `initial.animation` in
/// version 2) or else the first is read from `animations/ID.json` (version 1) or `a/ID.json`
/// (version 2); the images its assets name are read from `images/` or `i/`.
struct DotLottieFile {
  /// The animation's Lottie JSON.
  var json: [UInt8]
  /// The archive's image files by name (`images/img_0.png`).
  var images: [String: [UInt8]]

  /// Unpacks a dotLottie archive, every entry bounded.
  /// - Parameters:
  ///   - bytes: the archive.
  ///   - name: the file's name for messages (`anim.lottie`, `standard input`).
  ///   - limits: the entry count, entry size and total size bounds (and `maxImageBytes`).
  /// - Returns: the animation and its images.
  /// - Throws: `LottieImportError` of one line naming the file, the entry and the limit or damage.
  /// - Complexity: O(uncompressed bytes read), at most `maxArchiveBytes`.
  init(_ bytes: [UInt8], name: String, limits: LottieImportLimits) throws(LottieImportError) {
    func fail(_ failure: ZipArchive.Failure) -> LottieImportError {
      LottieImportError(
        path: "",
        failure.entry.isEmpty ? "\(name) \(failure.message)" : "\(name): entry '\(failure.entry)' \(failure.message)")
    }
    var archive: ZipArchive
    do throws(ZipArchive.Failure) {
      archive = try ZipArchive(
        bytes,
        limits: ZipArchive.Limits(
          maxEntries: limits.maxArchiveEntries, maxEntryBytes: min(limits.maxArchiveEntryBytes, limits.maxBytes),
          maxTotalBytes: limits.maxArchiveBytes))
    } catch {
      throw fail(error)
    }
    guard let manifestEntry = archive.entry(named: "manifest.json") else {
      throw LottieImportError(path: "", "\(name) is a ZIP archive without 'manifest.json'; it is not a dotLottie file")
    }
    let manifest: Any
    do throws(ZipArchive.Failure) {
      let manifestBytes = try archive.contents(of: manifestEntry)
      guard let parsed = try? JSONSerialization.jsonObject(with: Data(manifestBytes)) else {
        throw ZipArchive.Failure(entry: "manifest.json", message: "is not valid JSON")
      }
      manifest = parsed
    } catch {
      throw fail(error)
    }
    let id = try Self.animationID(manifest, name: name)
    guard
      let entry = ["animations/\(id).json", "a/\(id).json"].lazy.compactMap({ archive.entry(named: $0) }).first
    else {
      throw LottieImportError(
        path: "", "\(name): the manifest's animation '\(id)' has no entry 'animations/\(id).json' or 'a/\(id).json'")
    }
    var images: [String: [UInt8]] = [:]
    do throws(ZipArchive.Failure) {
      json = try archive.contents(of: entry)
      for image in archive.entries where image.name.hasPrefix("images/") || image.name.hasPrefix("i/") {
        guard !image.name.hasSuffix("/") else { continue }
        guard image.size <= limits.maxImageBytes else {
          throw ZipArchive.Failure(
            entry: image.name, message: "declares \(image.size) bytes, more than \(limits.maxImageBytes) for an image")
        }
        images[image.name] = try archive.contents(of: image)
      }
    } catch {
      throw fail(error)
    }
    self.images = images
  }

  /// The id of the animation to read: the active one, or the first listed.
  private static func animationID(_ manifest: Any, name: String) throws(LottieImportError) -> String {
    let object = manifest as? [String: Any]
    let listed = (object?["animations"] as? [Any])?.compactMap { ($0 as? [String: Any])?["id"] as? String } ?? []
    let active =
      (object?["activeAnimationId"] as? String) ?? ((object?["initial"] as? [String: Any])?["animation"] as? String)
    if let active, listed.contains(active) { return active }
    guard let first = listed.first else {
      throw LottieImportError(path: "", "\(name): entry 'manifest.json' lists no animation with an 'id'")
    }
    if let active {
      throw LottieImportError(
        path: "", "\(name): entry 'manifest.json' names active animation '\(active)', which it does not list")
    }
    return first
  }

  /// Whether these bytes start with the ZIP signature (a dotLottie rather than JSON).
  static func isArchive(_ bytes: [UInt8]) -> Bool { bytes.starts(with: ZipArchive.signature) }
}
