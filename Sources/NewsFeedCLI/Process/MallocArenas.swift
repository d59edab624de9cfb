import CEpoll

/// glibc gives every thread that allocates its own malloc arena, and the HTTP client's
/// and the server's threads would each keep megabytes resident. Two arenas are plenty
/// for a tool with at most two busy threads (bench/watch measured 3–6 MB less); `extract`,
/// which keeps one thread per core allocating, raises the limit to one arena each.
package enum MallocArenas {
    /// Limits the arenas (glibc's `mallopt(M_ARENA_MAX, count)`, declared in the CEpoll shim); false when glibc
    /// refused the value.
    @discardableResult
    package static func limit(to count: Int32 = 2) -> Bool {
        mallopt(newsfeed_m_arena_max, count) == 1
    }
}
