import Glibc
import Synchronization

/// What other threads ask of an event loop.
enum EventLoopMessage: Sendable {
    /// An async handler finished; `serial` tells a reused descriptor from the connection that asked.
    case handled(descriptor: Int32, serial: UInt64, action: HTTPAction)
    /// Stop accepting, finish in-flight responses within `grace`, then exit.
    case shutdown(grace: Duration)
    /// A connection accepted by a loop that was full without an idle connection of its own to evict: take it
    /// if you can make room, else pass it on (`triesLeft` more loops) or close it.
    case adopt(descriptor: Int32, triesLeft: Int)
}

/// The thread-safe face of one event loop: its epoll and wakeup descriptors and its mailbox.
///
/// The loop's connections live in an ``EventLoopWorker`` confined to the loop's thread;
/// everything another thread may touch is here, behind a mutex.
final class EventLoop: Sendable {
    let epollDescriptor: Int32
    let wakeDescriptor: Int32
    private let mailbox = Mutex(Mailbox())

    private struct Mailbox: ~Copyable {
        var messages: [EventLoopMessage] = []
        var closed = false
        var exitWaiters: [CheckedContinuation<Void, Never>] = []
    }

    init(epoll: Epoll) throws(HTTPServerError) {
        let epollDescriptor = epoll.create()
        guard epollDescriptor >= 0 else { throw .systemCallFailed(call: "epoll_create1", errno: errno) }
        let wake = epoll.makeEventDescriptor()
        guard wake >= 0 else {
            let code = errno
            close(epollDescriptor)
            throw .systemCallFailed(call: "eventfd", errno: code)
        }
        guard epoll.control(epollDescriptor, Epoll.add, wake, events: Epoll.input) == 0 else {
            let code = errno
            close(epollDescriptor)
            close(wake)
            throw .systemCallFailed(call: "epoll_ctl", errno: code)
        }
        self.epollDescriptor = epollDescriptor
        wakeDescriptor = wake
    }

    /// Queues a message and wakes the loop; dropped (false) once the loop has exited.
    @discardableResult
    func post(_ message: EventLoopMessage) -> Bool {
        mailbox.withLock { box in
            guard !box.closed else { return false }
            let wasEmpty = box.messages.isEmpty
            box.messages.append(message)
            // The loop drains everything on one wakeup, so only the first message of a batch needs to knock.
            if wasEmpty {
                var one: UInt64 = 1
                _ = write(wakeDescriptor, &one, 8)
            }
            return true
        }
    }

    /// Takes every queued message; called by the loop thread after its wakeup descriptor fired.
    func takeMessages() -> [EventLoopMessage] {
        var counter: UInt64 = 0
        _ = read(wakeDescriptor, &counter, 8)
        return mailbox.withLock { box in
            let messages = box.messages
            box.messages.removeAll()
            return messages
        }
    }

    /// Called by the loop thread as its last act: closes the descriptors and wakes whoever awaits the exit.
    /// Returns the messages that came too late, so connections handed over meanwhile can still be closed.
    @discardableResult
    func markExited() -> [EventLoopMessage] {
        let (waiters, leftover) = mailbox.withLock { box in
            box.closed = true
            let waiters = box.exitWaiters
            box.exitWaiters.removeAll()
            let leftover = box.messages
            box.messages.removeAll()
            return (waiters, leftover)
        }
        close(epollDescriptor)
        close(wakeDescriptor)
        for waiter in waiters { waiter.resume() }
        return leftover
    }

    /// Returns once the loop thread has exited.
    func waitForExit() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let alreadyExited = mailbox.withLock { box in
                if box.closed { return true }
                box.exitWaiters.append(continuation)
                return false
            }
            if alreadyExited { continuation.resume() }
        }
    }
}
