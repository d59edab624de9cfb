import Foundation

/// Threads of the tests' own on which loopback stubs run their handlers, so that CPU-heavy suites occupying
/// Swift's shared pool (two threads on a two-core machine) cannot delay a stub's answer past a client's deadline:
/// a test about timeouts then measures the client, never the machine's load (issue 30, point 18).
package final class StubExecutor: TaskExecutor, @unchecked Sendable {
    /// The one executor every stub shares; its threads live as long as the test process.
    package static let shared = StubExecutor(threads: 2)

    private static let marker = "newsfeed.loopback-stub"
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []  // guarded by `condition`

    private init(threads: Int) {
        for index in 0..<threads {
            let thread = Thread { [unowned self] in
                Thread.current.threadDictionary[Self.marker] = index
                self.run()
            }
            thread.start()
        }
    }

    /// Whether the caller runs on one of the stubs' threads (a synchronous call: `Thread.current` is not for async
    /// code).
    package static func isCurrent() -> Bool { Thread.current.threadDictionary[marker] != nil }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
