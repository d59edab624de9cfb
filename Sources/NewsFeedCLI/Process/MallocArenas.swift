#if canImport(Glibc)
    import Glibc
#endif

/// glibc gives every thread that allocates its own malloc arena, and the HTTP client's
/// and the server's threads would each keep megabytes resident. Two arenas are plenty
/// for a tool with at most two busy threads (bench/watch measured 3–6 MB less); `extract`,
/// which keeps one thread per core allocating, raises the limit to one arena each.
package enum MallocArenas {
    /// `M_ARENA_MAX` from `<malloc.h>`, which the Glibc module does not export.
    private static let arenaMaxOption: Int32 = -8

    /// Limits the arenas; does nothing where `mallopt` is not available (macOS, musl).
    package static func limit(to count: Int32 = 2) {
        #if canImport(Glibc)
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            _ = unsafeBitCast(symbol, to: Mallopt.self)(arenaMaxOption, count)
        #endif
    }
}
