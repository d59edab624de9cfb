import CEpoll

/// glibc gives every thread that allocates its own malloc arena, and the HTTP client's
/// and the server's threads would each keep megabytes resident. Two arenas are plenty
/// for a tool with at most two busy threads (bench/watch measured 3–6 MB less); `extract`,
/// which keeps one thread per core allocating, raises the limit to one arena each.
package enum MallocArenas {
    /// The commands whose work runs on several busy threads at once (`convert` makes stories on two while it reads;
    /// `extract` reads pages at once and sets its own limit): they keep glibc's default, so that each of those
    /// threads gets an arena of its own when it first allocates. Limited to two from the start, the thread running
    /// the command and its helper often shared one and waited for its lock (1,500–3,000 futex waits and half again
    /// the time of converting 1,000 items or 10,000 articles, bench/README.md); a limit raised later does not part
    /// threads already attached. These commands are short-lived, so the arenas' memory is given back at exit.
    package static func limitsArenas(forCommand command: String?) -> Bool {
        command != "convert" && command != "extract"
    }

    /// Limits the arenas (glibc's `mallopt(M_ARENA_MAX, count)`, declared in the CEpoll shim); false when glibc
    /// refused the value.
    @discardableResult
    package static func limit(to count: Int32 = 2) -> Bool {
        mallopt(newsfeed_m_arena_max, count) == 1
    }
}
