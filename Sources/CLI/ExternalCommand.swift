/// A command that parses its own arguments and prints its own help (`diff`, whose parser lives
/// in the library as `DiffCommandLine`). The tool hands it every word after its name.
struct ExternalCommand: Sendable {
  /// The word that selects it.
  let name: String
  /// One line for the command list.
  let summary: String
  /// Runs it with the words after its name; returns the exit status.
  let run: @Sendable ([String]) -> Int32
}
