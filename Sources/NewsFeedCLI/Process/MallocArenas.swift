import CEpoll

/// glibc gives every thread that allocates its own malloc arena, and the HTTP client's
/// and the server's threads would each keep megabytes resident. Two arenas are plenty
/// for a tool with at most two busy threads (bench/watch measured 3–6 MB less); `extract`,
/// which keeps one thread per core allocating, raises the limit to one arena each.
package enum MallocArenas {
    /// Whether a command's process limits glibc to two malloc arenas from the start. `convert` keeps glibc's default:
    /// it makes stories on two threads while it reads, and limited to two arenas from the start the thread running
    /// the command and its helper often shared one and waited for its lock (1,500–3,000 futex waits and half again
    /// the time of converting 1,000 items or 10,000 articles, bench/README.md); a limit raised later does not part
    /// threads already attached, and a short-lived command gives the arenas' memory back at exit. `extract` raises
    /// its own limit to one arena per page at once; measured with glibc's default from the start it was no faster
    /// and peaked 1–2 MB higher, so it keeps the limit.
    package static func limitsArenas(forCommand command: String?) -> Bool {
        command != "convert"
    }

    /// Limits the arenas (glibc's `mallopt(M_ARENA_MAX, count)`, declared in the CEpoll shim); false when glibc
    /// refused the value.
    @discardableResult
    package static func limit(to count: Int32 = 2) -> Bool {
        mallopt(newsfeed_m_arena_max, count) == 1
    }
}
