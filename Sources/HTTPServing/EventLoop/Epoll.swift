import CEpoll
import Glibc

/// epoll, eventfd and accept4 through the `CEpoll` shim: the C library's own declarations, so
/// every call is type-checked and `struct epoll_event` is laid out for the architecture built.
struct Epoll {
    static let input = EPOLLIN.rawValue
    static let output = EPOLLOUT.rawValue
    static let error = EPOLLERR.rawValue
    static let hangUp = EPOLLHUP.rawValue
    static let readHangUp = EPOLLRDHUP.rawValue
    static let exclusive = EPOLLEXCLUSIVE.rawValue
    static let add = EPOLL_CTL_ADD
    static let delete = EPOLL_CTL_DEL
    static let modify = EPOLL_CTL_MOD

    /// The size of one `struct epoll_event`, for the buffer ``wait(_:into:capacity:timeoutMilliseconds:)`` fills.
    static let eventSize = MemoryLayout<epoll_event>.stride
    static let eventAlignment = MemoryLayout<epoll_event>.alignment

    init() {}

    func create() -> Int32 { epoll_create1(Int32(EPOLL_CLOEXEC)) }

    func makeEventDescriptor() -> Int32 { eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) }

    /// Accepts a connection as a non-blocking, close-on-exec socket in one call.
    func accept(_ listener: Int32) -> Int32 {
        accept4(listener, nil, nil, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue))
    }

    /// Adds, modifies or deletes interest in `descriptor`, remembering the descriptor as the event's data.
    @discardableResult
    func control(_ epoll: Int32, _ operation: Int32, _ descriptor: Int32, events: UInt32) -> Int32 {
        var event = epoll_event()
        event.events = events
        event.data.fd = descriptor
        return epoll_ctl(epoll, operation, descriptor, &event)
    }

    /// Waits for events into `buffer` (room for `capacity` events of ``eventSize`` bytes).
    func wait(_ epoll: Int32, into buffer: UnsafeMutableRawPointer, capacity: Int32, timeoutMilliseconds: Int32)
        -> Int32
    {
        epoll_wait(epoll, buffer.assumingMemoryBound(to: epoll_event.self), capacity, timeoutMilliseconds)
    }

    /// The events and descriptor of the `index`th event that ``wait(_:into:capacity:timeoutMilliseconds:)`` filled in.
    static func event(at index: Int, in buffer: UnsafeMutableRawPointer) -> (events: UInt32, descriptor: Int32) {
        let event = buffer.assumingMemoryBound(to: epoll_event.self)[index]
        return (event.events, event.data.fd)
    }
}
