import Foundation
import TestSupport
import Testing

/// `newsfeed extract -` reads a page from a pipe no further than the page cap (`fullText.maxPageBytes`' default,
/// 8 MB) plus one byte: a pipe that never ends (`/dev/zero`) is "too large" at once, in bounded memory, measured by
/// the kernel (the child's peak resident set), never read to an end that does not come.
@Suite(.serialized, .timeLimit(.minutes(2))) struct ExtractStandardInputProcessTests {
    @Test func anEndlessPipeIsTooLargeInBoundedMemory() async throws {
        let program = try #require(ChildProcess.newsfeed, "the newsfeed executable is not next to the test bundle")
        let python = try #require(ChildProcess.findExecutable("python3"), "python3 measures the peak memory")
        let folder = TemporaryFolder("newsfeed-stdin")
        try folder.write("", to: "empty.html")
        // The parent stays small (its own high-water mark is inherited by the child's count on Linux).
        let measure = """
            import resource, subprocess, sys
            with open("/dev/zero", "rb") as endless:
                done = subprocess.run(sys.argv[1:], stdin=endless, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.PIPE, timeout=60)
            sys.stderr.write(done.stderr.decode())
            print("peak-kb", resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)
            sys.exit(done.returncode)
            """
        let outcome = try await ChildProcess.run(
            python, ["-c", measure, program.path, "extract", "-", "--url", "https://news.example/story"],
            environment: ChildProcess.loopbackEnvironment(), workingDirectory: folder.url,
            timeout: .seconds(90))
        #expect(!outcome.timedOut, "\(outcome.summary)")
        #expect(outcome.status == 1, "\(outcome.summary)")
        let lines = outcome.errorText.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("newsfeed extract: -: ") && $0.contains("too large") }, "\(lines)")
        let peak = try #require(lines.last { $0.hasPrefix("peak-kb ") }.flatMap { Int($0.dropFirst("peak-kb ".count)) })
        #expect(peak < 80 * 1024, "peak resident memory \(peak / 1024) MB")
    }
}
