import Foundation
import HTTPServing
import Synchronization

/// A handler whose requests under `/hold` are not answered until ``release()``; any other path is answered at once
/// (`hello <path>`). A connection holding such a request is inside a response, so it is never idle and never
/// evicted, and ``waitUntilEntered(_:)`` says when the server got that far: tests wait for an order of events, not
/// for a pause long enough on a busy machine.
final class HeldRequests: Sendable {
    private let entered = Atomic<Int>(0)
    private let released = Atomic<Bool>(false)

    var handler: TestHandler {
        TestHandler(
            immediate: { request in
                request.path.hasPrefix("/hold") ? nil : .respond(.text(200, "hello \(request.path)"))
            },
            later: { [self] request in
                entered.add(1, ordering: .relaxed)
                while !released.load(ordering: .relaxed) { try? await Task.sleep(for: .milliseconds(5)) }
                return .respond(.text(200, "held \(request.path)"))
            })
    }

    /// Returns once `count` held requests have reached the handler (the test's time limit bounds the wait).
    func waitUntilEntered(_ count: Int) async {
        while entered.load(ordering: .relaxed) < count { try? await Task.sleep(for: .milliseconds(5)) }
    }

    /// Answers every held request, now and from now on.
    func release() {
        released.store(true, ordering: .relaxed)
    }
}
