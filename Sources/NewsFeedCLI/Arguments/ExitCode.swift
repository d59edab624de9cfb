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
}
