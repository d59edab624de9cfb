import Foundation

/// The exit codes every command uses.
public enum ExitCode: Int32, Sendable {
    /// Everything worked.
    case ok = 0
    /// A feed or the input failed (the other feeds were still written).
    case failure = 1
    /// The command line was wrong (`EX_USAGE`).
    case usage = 64
    /// The configuration is unreadable or invalid, or `NEWSAPI_KEY` is missing (`EX_CONFIG`).
    case configuration = 78
    /// Stopped by SIGINT (Ctrl-C): 128 + 2, as shells report it.
    case interrupted = 130
    /// Stopped by SIGTERM (`kill`, `timeout`, systemd): 128 + 15.
    case terminated = 143

    /// The status of a command stopped by `signal` (SIGTERM's when no signal is known).
    static func stopped(by signal: Int32?) -> ExitCode {
        signal == SIGINT ? .interrupted : .terminated
    }
}
