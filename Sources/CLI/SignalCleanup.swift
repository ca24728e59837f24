import Foundation
import ProgressRender
import Synchronization

/// What the process does on signals that would otherwise end it with files half written.
///
/// - SIGINT, SIGTERM and SIGHUP: the temporary files, staging folders and scratch folder of this run
///   (`TemporaryPaths`) are removed, then the process exits 130, 143 or 129 (128 + the signal), as a
///   shell expects. A signal that was ignored when the process started (`nohup`, a background job) stays
///   ignored. The signals are blocked in every thread and taken by one waiting thread, so the
///   clean-up runs as ordinary code, not in a signal handler.
/// - SIGXFSZ (a file size limit, `ulimit -f`) is ignored: `write` then fails with `EFBIG`, which is
///   reported as an error naming the file (exit 1), and the temporary file is removed.
/// - SIGPIPE (standard output closed by its reader, `| head -c 10`) is ignored: the write fails with
///   `EPIPE`, reported as an error (exit 1, `StandardStreams.finalStatus`), and the scratch folder of
///   `--out -` is removed as on any other exit.
enum SignalCleanup {
  /// The signal being handled, 0 before one arrives.
  private static let received = Atomic<Int32>(0)

  /// Installs the behaviour; call first thing, before any other thread starts.
  static func install() {
    signal(SIGXFSZ, SIG_IGN)
    signal(SIGPIPE, SIG_IGN)
    var signals = sigset_t()
    sigemptyset(&signals)
    var count = 0
    for number in [SIGINT, SIGTERM, SIGHUP] where !isIgnored(number) {
      sigaddset(&signals, number)
      count += 1
    }
    guard count > 0, pthread_sigmask(SIG_BLOCK, &signals, nil) == 0 else { return }
    // A plain POSIX thread: Foundation's `Thread` costs a still's start-up about 0.4 ms more.
    let waited = UnsafeMutablePointer<sigset_t>.allocate(capacity: 1)
    waited.initialize(to: signals)
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t?
    #endif
    guard pthread_create(&thread, nil, waitForSignal, waited) == 0 else {
      // No thread to take them: leave the signals to their default action rather than pending forever.
      waited.deallocate()
      pthread_sigmask(SIG_UNBLOCK, &signals, nil)
      return
    }
    #if canImport(Glibc)
      pthread_detach(thread)
    #else
      if let thread { pthread_detach(thread) }
    #endif
  }

  /// The waiting thread: takes one of the blocked signals (`set` names them), removes this run's
  /// temporary paths and ends the process with 128 + the signal.
  fileprivate static func waitForSignals(_ argument: UnsafeMutableRawPointer) -> Never {
    let set = argument.assumingMemoryBound(to: sigset_t.self)
    var received: Int32 = 0
    while sigwait(set, &received) != 0 {}
    SignalCleanup.received.store(received, ordering: .sequentiallyConsistent)
    TemporaryPaths.removeAll()
    _exit(128 + received)
  }

  /// Ends the process with `status` — unless a signal is being handled: its clean-up may be what made
  /// the command fail, and the signal's own status (128 + the signal) is the one to report.
  static func exit(_ status: Int32) -> Never {
    while received.load(ordering: .sequentiallyConsistent) != 0 { pause() }
    Foundation.exit(status)
  }

  /// Whether `number`'s disposition is "ignore" (inherited from the parent).
  private static func isIgnored(_ number: Int32) -> Bool {
    var action = sigaction()
    guard sigaction(number, nil, &action) == 0 else { return false }
    #if canImport(Glibc)
      let handler = action.__sigaction_handler.sa_handler
    #elseif canImport(Darwin)
      let handler = action.__sigaction_u.__sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }
}

/// `SignalCleanup`'s waiting thread, as `pthread_create` calls it (`argument`: the blocked `sigset_t`).
#if canImport(Glibc)
  private func waitForSignal(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let argument else { return nil }
    SignalCleanup.waitForSignals(argument)
  }
#else
  private func waitForSignal(_ argument: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    SignalCleanup.waitForSignals(argument)
  }
#endif
