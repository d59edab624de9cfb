import CEpoll
import Testing

/// `struct epoll_event` comes from the C library's header, so its layout is the kernel's on every
/// architecture: packed (12 bytes) on x86-64, naturally aligned (16 bytes) elsewhere.
@Suite struct EpollLayoutTests {
    @Test func theEventHasTheKernelsLayout() {
        #if arch(x86_64)
            #expect(MemoryLayout<epoll_event>.size == 12)
            #expect(MemoryLayout<epoll_event>.stride == 12, "events are 12 bytes apart in the buffer")
            #expect(MemoryLayout<epoll_event>.offset(of: \epoll_event.data) == 4)
        #else
            #expect(MemoryLayout<epoll_event>.size == 16)
            #expect(MemoryLayout<epoll_event>.offset(of: \epoll_event.data) == 8)
        #endif
        #expect(EPOLLEXCLUSIVE.rawValue == 1 << 28)
    }
}
