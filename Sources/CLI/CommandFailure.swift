/// A failure after the input was accepted (rendering or writing); the tool exits with status 1.
struct CommandFailure: Error, CustomStringConvertible {
  /// One line saying what failed.
  let description: String
}
