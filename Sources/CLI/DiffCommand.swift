import ProgressRender

/// `progress-render diff EXPECTED ACTUAL [options]`: compares two animations (GIF, PNG or folder of PNG
/// frames). Parsing, comparison and reports live in the library (`DiffCommandLine`); this type only
/// connects them to the process's standard output and error.
enum DiffCommand {
  /// One line for the command list.
  static let summary = "compare two GIFs, PNGs or frame folders as displayed; exit 0 same, 1 different, 2 bad input"

  /// Runs the command with the arguments that follow `diff`.
  /// - Returns: The exit status: 0 same, 1 different or a write failure, 2 bad arguments or input.
  static func run(arguments: [String]) -> Int32 {
    DiffCommandLine.run(arguments, output: StandardStreams.writeOut, errorOutput: StandardStreams.writeErr)
  }
}
