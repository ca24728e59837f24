import CCairo
import ProgressRenderSupport

/// A Cairo call that failed, with Cairo's own words for why.
public struct CairoError: Error, Equatable, CustomStringConvertible, Sendable {
  /// What was being done, e.g. `creating a 240×240 surface`.
  public var operation: String
  /// Cairo's status text, from `cairo_status_to_string`.
  public var status: String

  /// Creates an error for a failed operation.
  public init(operation: String, status: String) {
    self.operation = operation
    self.status = status
  }

  /// Creates an error from a Cairo status code.
  init(operation: String, code: cairo_status_t) {
    self.init(operation: operation, status: String(cString: cairo_status_to_string(code)))
  }

  public var description: String {
    "cairo failed while \(operation): \(status)"
  }

  /// Throws when `code` is not `CAIRO_STATUS_SUCCESS`.
  static func check(_ code: cairo_status_t, _ operation: @autoclosure () -> String) throws(CairoError) {
    if code != CAIRO_STATUS_SUCCESS {
      throw CairoError(operation: operation(), code: code)
    }
  }
}

extension CairoError: ProgressRenderError {
  /// Cairo refused while drawing: the work failed.
  public var kind: ErrorKind { .failed }
}
