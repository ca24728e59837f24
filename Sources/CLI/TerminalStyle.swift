import Foundation

/// Whether standard error may carry escape sequences (a progress bar redrawn in place): only on a
/// terminal, and not when `NO_COLOR` is set (to any value, as no-color.org asks) or `TERM` is
/// `dumb` (Emacs shells, CI logs). Otherwise progress is plain lines.
enum TerminalStyle {
  /// The decision for the running process: its environment and whether standard error is a terminal.
  static var current: Bool {
    allowsEscapes(environment: ProcessInfo.processInfo.environment, isTerminal: isatty(STDERR_FILENO) == 1)
  }

  /// The decision for an environment.
  /// - Parameters:
  ///   - environment: the process's variables.
  ///   - isTerminal: whether standard error is a terminal.
  /// - Returns: `true` when escape sequences may be written.
  static func allowsEscapes(environment: [String: String], isTerminal: Bool) -> Bool {
    isTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
  }
}
