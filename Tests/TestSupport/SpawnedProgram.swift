import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child program started with `posix_spawn` directly, stdin from /dev/null and stdout and stderr into the
/// given pipes, every other descriptor closed in the child.
///
/// Not Foundation's `Process`: on Swift 6.3.1 for Linux, `Process.run()` reads past glibc's `readdir` buffer
/// while it looks for the highest open descriptor (swift-corelibs-foundation #5472, fixed after 6.3.1) and
/// crashed the test process with SIGSEGV once it held a thousand descriptors (CI, stop 23).
package struct SpawnedProgram: Sendable {
    /// A spawn that failed, with the `posix_spawn` error number.
    package struct Failure: Error, CustomStringConvertible {
        package let program: String
        package let code: Int32

        package var description: String { "could not start \(program): \(String(cString: strerror(code)))" }
    }

    package let processIdentifier: pid_t

    /// Starts `executable` with `arguments` in its own process group (as `Process` does), so a signal a test sends
    /// the test process's group never reaches it.
    package init(
        _ executable: URL, _ arguments: [String], environment: [String: String], workingDirectory: URL? = nil,
        output: Int32, errors: Int32
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        // The test process holds servers' sockets and other tests' pipes: none of them may outlive it in a child.
        _ = Self.addCloseFrom(&actions, 3)
        if let workingDirectory { _ = Self.addChangeDirectory(&actions, workingDirectory.path) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        let argumentStrings = [executable.path] + arguments
        let environmentStrings = environment.map { "\($0.key)=\($0.value)" }
        let argv = argumentStrings.map { strdup($0) } + [nil]
        let envp = environmentStrings.map { strdup($0) } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var child: pid_t = 0
        let code = posix_spawn(&child, executable.path, &actions, &attributes, argv, envp)
        guard code == 0 else { throw Failure(program: executable.path, code: code) }
        processIdentifier = child
    }

    /// The exit status once the child has ended (the signal's number when a signal ended it), else nil.
    package func exitStatusIfEnded() -> Int32? {
        var status: Int32 = 0
        let result = waitpid(processIdentifier, &status, WNOHANG)
        guard result == processIdentifier else { return nil }
        return Self.exitStatus(status)
    }

    /// Waits for the child to end and returns its exit status (the signal's number when a signal ended it).
    package func waitForExit() -> Int32 {
        var status: Int32 = 0
        while waitpid(processIdentifier, &status, 0) == -1 {
            guard errno == EINTR else { return -1 }
        }
        return Self.exitStatus(status)
    }

    /// Waits up to `grace` for the child to end, then kills it (SIGKILL) and waits for that.
    package func exitStatus(killingAfter grace: Duration) -> Int32 {
        let deadline = ContinuousClock.now + grace
        while ContinuousClock.now < deadline {
            if let status = exitStatusIfEnded() { return status }
            Thread.sleep(forTimeInterval: 0.01)
        }
        send(SIGKILL)
        return waitForExit()
    }

    /// Sends `signal` to the child.
    package func send(_ signal: Int32) {
        kill(processIdentifier, signal)
    }

    // glibc's two `_np` file actions (2.29 and 2.34) are declared only for _GNU_SOURCE, which Swift's Glibc module
    // does not define: looked up by name instead.
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias AddChangeDirectory =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    private static let addCloseFrom: AddCloseFrom = unsafeBitCast(
        glibcFunction("posix_spawn_file_actions_addclosefrom_np"), to: AddCloseFrom.self)
    private static let addChangeDirectory: AddChangeDirectory = unsafeBitCast(
        glibcFunction("posix_spawn_file_actions_addchdir_np"), to: AddChangeDirectory.self)

    private static func glibcFunction(_ name: String) -> UnsafeMutableRawPointer {
        guard let function = dlsym(nil, name) else { fatalError("glibc has no \(name) (needs glibc 2.34 or later)") }
        return function
    }

    private static func exitStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : signal
    }
}
