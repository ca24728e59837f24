import ProgressRender

/// What a shell should offer for an option's value or a command's operands, derived from the
/// option tables: the completion scripts are generated from it, so an option added to a table
/// completes without other edits.
enum ValueCompletion: Equatable, Sendable {
  /// Nothing to offer: a number, a colour, a text.
  case none
  /// One of these words.
  case words([String])
  /// A file (or folder) name.
  case files
  /// A folder name.
  case folders

  /// What `option`'s value completes to: presets for `--style`, the words of a choice, files for
  /// a path (folders when its placeholder is `DIR`).
  init(_ option: OptionSpec) {
    switch option.kind {
    case _ where option.name == "--" + RenderOption.style[0].key.name: self = .words(Presets.names)
    case .choice(let words): self = .words(words)
    case .path: self = option.valueName == "DIR" ? .folders : .files
    default: self = .none
    }
  }
}

extension Command {
  /// Files: the operands of most commands are paths.
  var operands: ValueCompletion { .files }
}
