import Foundation

/// Replaces a folder as a whole: fill `stagingPath`, then `commit()` puts the new set in place of the
/// old one in one step, so a reader sees the old set or the new set, never nothing or a mix.
///
/// - Staging happens on the target's file system: in a hidden sibling `.<name>.<pid>.partial`
///   (the name shortened with a hash when needed, see `TemporaryName`).
/// - `commit()` when the target exists swaps the two with `renameat2(RENAME_EXCHANGE)`; the old set
///   then sits under the staging name and is removed. Where the exchange is not supported (`EINVAL`
///   on some file systems) it falls back to three steps: rename the old folder aside
///   (`.<name>.<pid>.old`), rename the staging folder in, remove the old one — a reader may then find
///   the target missing for an instant, and a kill between the renames leaves the old set aside, which
///   the next run puts back (`Leftovers`). A missing target is created only at the swap (one rename).
/// - Entries of the old folder that `keeping` accepts (files, symbolic links, folders with what they
///   hold) are hard-linked — copied where `link` fails — into the staging folder at `commit()`,
///   unless the new set has an entry of the same name.
/// - A target that is a mount point (a tmpfs or volume mounted there) cannot be renamed over: the
///   staging folder is then `TARGET/.progress-render.<pid>.partial` and `commit()` moves the new
///   entries in one by one, then removes old entries that are neither kept nor replaced. The swap is
///   then per file: SIGKILL, a power loss or a write failure during `commit()` can leave a mix of
///   old and new entries (SIGINT and SIGTERM handled by `TemporaryPaths` wait for the moves to end).
/// - Files and folders are `fsync`ed before the swap (every file staged, so its writers need not sync
///   each one, see `StagedFile`) and the parent folder after it. Leftovers of dead
///   processes beside the target are removed by `init`. The staging folder is registered in
///   `TemporaryPaths` until it is committed or removed.
///
/// ```swift
/// let replacement = try FolderReplacement(target: "frames/") { !$0.hasPrefix("frame-") }
/// try AtomicFile.write(png, to: replacement.stagingPath + "/frame-0000.png")
/// try replacement.commit()
/// ```
package final class FolderReplacement {
  /// The folder to create or replace, as the caller spelled it (errors name it).
  public let target: String
  /// The folder to fill.
  public let stagingPath: String
  /// Whether the target is a mount point, so the swap is per file.
  public let isPerFile: Bool
  private let keeping: (String) -> Bool
  /// `RenameExchange.exchange`, or a stand-in in tests.
  private let exchange: (String, String, String) throws -> Bool
  /// The target with symbolic links resolved: what is renamed over.
  private let resolvedTarget: String
  private let parent: String
  private let stem: String
  private var state = State.open

  private enum State { case open, committed, aborted }

  /// The stem of the staging folder inside a mount point.
  package static let perFileStem = "progress-render"

  /// Creates the staging folder.
  /// - Parameters:
  ///   - target: the folder to create or replace; its parent must exist.
  ///   - keeping: names of entries of the old folder to carry over into the new one.
  /// - Throws: `FileWriteError` naming `target` when it is a file, `/`, the working directory or one
  ///   of its ancestors, or when the staging folder cannot be created.
  public convenience init(target: String, keeping: @escaping (String) -> Bool) throws {
    try self.init(
      target: target, keeping: keeping, isMountPoint: FolderReplacement.isMountPoint, exchange: RenameExchange.exchange)
  }

  /// Creates the staging folder, with the mount-point test and the exchange injected (for tests).
  init(
    target: String, keeping: @escaping (String) -> Bool, isMountPoint: (String) -> Bool,
    exchange: @escaping (String, String, String) throws -> Bool
  ) throws {
    self.target = target
    self.exchange = exchange
    self.keeping = keeping
    let trimmed = PathNames.trimmingTrailingSlashes(target)
    let name = trimmed.split(separator: "/").last.map(String.init) ?? ""
    guard !name.isEmpty, name != ".", name != "..",
      let parent = FolderReplacement.realPath(PathNames.parent(of: trimmed))
    else {
      throw FileWriteError(path: target, reason: "'/', '.' and '..' cannot be replaced as a whole; name a folder")
    }
    Leftovers.removeAbandoned(
      in: parent, stem: TemporaryName.stem(of: name), target: parent + "/" + name, relisting: true)
    var info = stat()
    var resolved = (parent == "/" ? "" : parent) + "/" + name
    if lstat(resolved, &info) == 0 {
      if info.st_mode & S_IFMT == S_IFLNK {
        guard let real = FolderReplacement.realPath(resolved), stat(real, &info) == 0 else {
          throw FileWriteError(path: target, reason: "it is a symbolic link to nothing; remove it or name a folder")
        }
        resolved = real
      }
      guard info.st_mode & S_IFMT == S_IFDIR else { throw FileWriteError(path: target, errno: ENOTDIR) }
    }
    guard !FolderReplacement.holdsWorkingDirectory(resolved) else {
      throw FileWriteError(
        path: target, reason: "it is '/', the working directory or a folder holding it; name another folder")
    }
    resolvedTarget = resolved
    self.parent = PathNames.parent(of: resolved)
    stem = TemporaryName.stem(of: resolved.split(separator: "/").last.map(String.init) ?? name)
    if resolved != parent + "/" + name {
      Leftovers.removeAbandoned(in: self.parent, stem: stem, target: resolved, relisting: true)
    }
    let oldMode: mode_t? = info.st_mode & S_IFMT == S_IFDIR ? info.st_mode & 0o7777 : nil
    isPerFile = access(resolved, F_OK) == 0 && isMountPoint(resolved)
    if isPerFile {
      Leftovers.removeAbandoned(
        in: resolved, stem: FolderReplacement.perFileStem, target: nil, relisting: true)
      stagingPath =
        resolved + "/" + TemporaryName.name(for: FolderReplacement.perFileStem, pid: getpid(), suffix: "partial")
    } else {
      stagingPath = self.parent + "/" + TemporaryName.name(for: stem, pid: getpid(), suffix: "partial")
    }
    try? FileManager.default.removeItem(atPath: stagingPath)  // our own, from an earlier replacement
    // A new folder gets the usual mode (umask applied); a replacement keeps the old folder's mode.
    guard mkdir(stagingPath, oldMode == nil ? 0o777 : 0o700) == 0 else {
      throw FileWriteError(path: target, errno: errno)
    }
    TemporaryPaths.register(stagingPath)
    if let oldMode, !isPerFile { chmod(stagingPath, oldMode) }
  }

  deinit {
    if state == .open { abort() }
  }

  /// Runs `fill`, which writes into `stagingPath`: a `FileWriteError` naming a staged file is
  /// rethrown naming that file in `target`, the folder the user asked for (an error names no
  /// temporary path).
  /// - Parameter fill: writes the new set.
  /// - Returns: what `fill` returns.
  /// - Throws: what `fill` throws, renamed.
  public func filling<Result>(_ fill: () throws -> Result) throws -> Result {
    do {
      return try fill()
    } catch var error as FileWriteError {
      let prefix = stagingPath + "/"
      if error.path.hasPrefix(prefix) {
        error.path = (target.hasSuffix("/") ? target : target + "/") + error.path.dropFirst(prefix.count)
      } else if error.path == stagingPath {
        error.path = target
      }
      throw error
    }
  }

  /// Puts the staged set in place of the old one and removes the old set.
  /// - Throws: `FileWriteError` naming the target; the staging folder is removed and the target keeps its
  ///   old set (per-file swap: its old set plus the entries moved before the failure).
  public func commit() throws {
    guard state == .open else { throw FileWriteError(path: target, reason: "the folder was already replaced") }
    do {
      if isPerFile {
        try commitPerFile()
      } else {
        try commitWhole()
      }
    } catch {
      abort()
      throw error
    }
  }

  /// Removes the staging folder; the target is untouched. Does nothing after `commit()`.
  public func abort() {
    guard state == .open else { return }
    state = .aborted
    try? FileManager.default.removeItem(atPath: stagingPath)
    TemporaryPaths.unregister(stagingPath)
  }

  // MARK: - Swaps

  private func commitWhole() throws {
    let exists = access(resolvedTarget, F_OK) == 0
    try syncFiles(in: stagingPath)
    if exists { try carryOver(into: stagingPath) }
    FolderReplacement.sync(stagingPath)
    let aside = parent + "/" + TemporaryName.name(for: stem, pid: getpid(), suffix: "old")
    try TemporaryPaths.exclusively {
      if !exists {
        guard rename(stagingPath, resolvedTarget) == 0 else { throw FileWriteError(path: target, errno: errno) }
      } else if try !exchange(stagingPath, resolvedTarget, target) {
        guard rename(resolvedTarget, aside) == 0 else { throw FileWriteError(path: target, errno: errno) }
        guard rename(stagingPath, resolvedTarget) == 0 else {
          let code = errno
          rename(aside, resolvedTarget)
          throw FileWriteError(path: target, errno: code)
        }
        rename(aside, stagingPath)  // the old set goes where the exchange would have put it
      }
      state = .committed
    }
    FolderReplacement.sync(parent)
    FolderReplacement.remove(stagingPath)  // the old set, if any
    try? FileManager.default.removeItem(atPath: aside)
    TemporaryPaths.unregister(stagingPath)
  }

  private func commitPerFile() throws {
    let staged = try FolderReplacement.entries(of: stagingPath, for: target)
    try syncFiles(in: stagingPath)
    FolderReplacement.sync(stagingPath)
    let stagingName = (stagingPath as NSString).lastPathComponent
    let old = try FolderReplacement.entries(of: resolvedTarget, for: target).filter { $0 != stagingName }
    // Under the registry lock: SIGINT/SIGTERM during the moves waits for them instead of leaving a mix.
    try TemporaryPaths.exclusively {
      for name in staged {
        let destination = resolvedTarget + "/" + name
        if rename(stagingPath + "/" + name, destination) != 0 {
          let code = errno
          guard code == EISDIR || code == ENOTDIR || code == ENOTEMPTY || code == EEXIST else {
            throw FileWriteError(path: target, errno: code)
          }
          try? FileManager.default.removeItem(atPath: destination)  // a folder where a file goes, or the reverse
          guard rename(stagingPath + "/" + name, destination) == 0 else {
            throw FileWriteError(path: target, errno: errno)
          }
        }
      }
      let replaced = Set(staged)
      for name in old where !replaced.contains(name) && !keeping(name) && !isPerFileStaging(name) {
        do {
          try FileManager.default.removeItem(atPath: resolvedTarget + "/" + name)
        } catch {
          throw FileWriteError(path: target, reason: "the old entry '\(name)' cannot be removed")
        }
      }
      state = .committed
    }
    try? FileManager.default.removeItem(atPath: stagingPath)
    TemporaryPaths.unregister(stagingPath)
    FolderReplacement.sync(resolvedTarget)
  }

  /// `fsync`s every regular file directly in `folder` (the staged set; carried entries are old files),
  /// many at once (`FileBatch`).
  /// - Throws: `FileWriteError` naming the target when a file cannot be synced: the set is not durable.
  private func syncFiles(in folder: String) throws {
    let names = try FolderReplacement.entries(of: folder, for: target)
    if let failed = FileBatch.sync(names.map { folder + "/" + $0 }).first {
      let name = (failed as NSString).lastPathComponent
      throw FileWriteError(path: target, reason: "the staged file '\(name)' cannot be synced to disk")
    }
  }

  /// Whether `name` is a staging folder of a run inside a mount point (this one, or another left for `Leftovers`).
  private func isPerFileStaging(_ name: String) -> Bool {
    TemporaryName.leftover(name, stem: FolderReplacement.perFileStem)?.kind == .staging
  }

  /// Links (or copies) the kept entries of the old folder into `folder`, unless already there.
  private func carryOver(into folder: String) throws {
    let staged = Set(try FolderReplacement.entries(of: folder, for: target))
    for name in try FolderReplacement.entries(of: resolvedTarget, for: target)
    where keeping(name) && !staged.contains(name) && !isPerFileStaging(name) {
      try carry(resolvedTarget + "/" + name, to: folder + "/" + name)
    }
  }

  /// Hard-links a file or symbolic link (copies it where `link` fails); recreates a folder and carries
  /// what it holds.
  private func carry(_ source: String, to destination: String) throws {
    var info = stat()
    guard lstat(source, &info) == 0 else { throw FileWriteError(path: source, errno: errno) }
    switch info.st_mode & S_IFMT {
    case S_IFDIR:
      guard mkdir(destination, info.st_mode & 0o7777) == 0 else { throw FileWriteError(path: target, errno: errno) }
      for name in try FolderReplacement.entries(of: source, for: source) {
        try carry(source + "/" + name, to: destination + "/" + name)
      }
      FolderReplacement.sync(destination)
    case S_IFREG, S_IFLNK:
      if link(source, destination) == 0 { return }
      if info.st_mode & S_IFMT == S_IFLNK {
        try FolderReplacement.copyLink(source, to: destination, for: target)
      } else {
        try FolderReplacement.copyFile(source, to: destination, mode: info.st_mode & 0o7777, for: target)
      }
    default:
      throw FileWriteError(
        path: target, reason: "'\(source)' is a special file (device, FIFO or socket) and cannot be carried over")
    }
  }

  // MARK: - File system helpers

  /// The names in `folder`, without `.` and `..`.
  static func entries(of folder: String, for reported: String) throws -> [String] {
    do {
      return try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw FileWriteError(path: reported, reason: "the folder '\(folder)' cannot be listed")
    }
  }

  private static func copyFile(_ source: String, to destination: String, mode: mode_t, for reported: String) throws {
    let input = open(source, O_RDONLY | O_CLOEXEC)
    guard input >= 0 else { throw FileWriteError(path: source, errno: errno) }
    defer { close(input) }
    let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard output >= 0 else { throw FileWriteError(path: reported, errno: errno) }
    defer { close(output) }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw FileWriteError(path: source, errno: errno) }
      if count == 0 { break }
      var done = 0
      while done < count {
        let written = buffer.withUnsafeBytes { write(output, $0.baseAddress! + done, count - done) }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { throw FileWriteError(path: reported, errno: written == 0 ? ENOSPC : errno) }
        done += written
      }
    }
    guard fsync(output) == 0 else { throw FileWriteError(path: reported, errno: errno) }
  }

  private static func copyLink(_ source: String, to destination: String, for reported: String) throws {
    let content: String
    do {
      content = try FileManager.default.destinationOfSymbolicLink(atPath: source)
    } catch {
      throw FileWriteError(path: source, reason: "the symbolic link cannot be read")
    }
    guard symlink(content, destination) == 0 else { throw FileWriteError(path: reported, errno: errno) }
  }

  /// `fsync`s a folder so renames in it are durable; a folder that cannot be synced is not an error.
  static func sync(_ folder: String) {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    close(descriptor)
  }

  /// Removes a folder and what it holds, its files many at once (`FileBatch`); nothing when it is missing.
  static func remove(_ folder: String) {
    if let names = try? FileManager.default.contentsOfDirectory(atPath: folder) {
      FileBatch.remove(names.map { folder + "/" + $0 })
    }
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// `path` with symbolic links, `.` and `..` resolved, or `nil` when it does not exist.
  package static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Whether `path` (resolved or not) is `/`, the working directory or a folder above it: replacing it
  /// would pull the ground from under this process and everything in it.
  public static func holdsWorkingDirectory(_ path: String) -> Bool {
    guard let resolved = realPath(path) else { return false }
    guard resolved != "/" else { return true }
    let here = FileManager.default.currentDirectoryPath
    return here == resolved || here.hasPrefix(resolved + "/")
  }

  /// Whether `path` is a mount point: its device differs from its parent's, or `/proc/self/mountinfo`
  /// lists it (a bind mount of the same device; on Darwin, `statfs` names it as its mount point).
  package static func isMountPoint(_ path: String) -> Bool {
    guard let resolved = realPath(path) else { return false }
    var own = stat()
    var above = stat()
    guard stat(resolved, &own) == 0, stat(PathNames.parent(of: resolved), &above) == 0 else { return false }
    if own.st_dev != above.st_dev { return true }
    #if os(Linux)
      guard let table = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8) else { return false }
      return table.split(separator: "\n").contains { line in
        let fields = line.split(separator: " ")
        return fields.count > 4 && unescapedMountPath(fields[4]) == resolved
      }
    #else
      // Darwin has no mount table file: the file system holding the path names its mount point.
      var system = statfs()
      guard statfs(resolved, &system) == 0 else { return false }
      let mountedOn = withUnsafeBytes(of: system.f_mntonname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      return mountedOn == resolved
    #endif
  }

  /// Undoes the octal escapes of `/proc/self/mountinfo` (`\040` for a space, …).
  static func unescapedMountPath(_ field: Substring) -> String {
    var bytes: [UInt8] = []
    var utf8 = Array(field.utf8)[...]
    while let byte = utf8.first {
      if byte == UInt8(ascii: "\\"), utf8.count >= 4,
        let value = UInt8(String(decoding: utf8.dropFirst().prefix(3), as: UTF8.self), radix: 8)
      {
        bytes.append(value)
        utf8 = utf8.dropFirst(4)
      } else {
        bytes.append(byte)
        utf8 = utf8.dropFirst()
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
