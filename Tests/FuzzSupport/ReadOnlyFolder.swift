/// A folder that no process can write into, root included: Linux's `/proc`, the sealed system
/// volume's `/System` on macOS. Tests of "the folder is not writable" messages use it.
public let readOnlyFolder: String = {
  #if os(Linux)
    "/proc"
  #else
    "/System"
  #endif
}()
