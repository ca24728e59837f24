/// A buffer on its way to another thread's job: moved in, so the sender keeps no reference, and
/// taken out there, so no other reference keeps the storage shared (the job may change it in place
/// without a copy).
///
/// `@unchecked Sendable` is sound here: the submitting thread stops touching the buffer once it
/// has handed the parcel over; the job's thread alone takes it.
final class Parcel<Element>: @unchecked Sendable {
  private var buffer: [Element]

  /// Moves `buffer` in, leaving it empty.
  init(_ buffer: inout [Element]) {
    self.buffer = []
    swap(&self.buffer, &buffer)
  }

  /// Moves the buffer out, leaving the parcel empty.
  func take() -> [Element] {
    var out: [Element] = []
    swap(&out, &buffer)
    return out
  }
}
