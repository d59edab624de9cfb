import Glibc

/// epoll, eventfd and accept4, which the toolchain's Glibc module does not import.
///
/// The functions are looked up in the already-loaded libc with `dlsym` and called through
/// `@convention(c)` pointers, so calls follow the C ABI without a C target in the package.
struct Epoll {
    static let input: UInt32 = 0x001
    static let output: UInt32 = 0x004
    static let error: UInt32 = 0x008
    static let hangUp: UInt32 = 0x010
    static let readHangUp: UInt32 = 0x2000
    static let exclusive: UInt32 = 1 << 28
    static let add: Int32 = 1
    static let delete: Int32 = 2
    static let modify: Int32 = 3
    /// EPOLL_CLOEXEC and EFD_CLOEXEC both equal O_CLOEXEC.
    static let closeOnExec = Int32(O_CLOEXEC)
    /// EFD_NONBLOCK equals O_NONBLOCK.
    static let nonBlocking = Int32(O_NONBLOCK)

    #if arch(x86_64)
        /// `struct epoll_event` is packed on x86-64: 4 bytes of events, then 8 bytes of data.
        static let eventSize = 12
        static let dataOffset = 4
    #else
        static let eventSize = 16
        static let dataOffset = 8
    #endif

    private typealias CreateFunction = @convention(c) (Int32) -> Int32
    private typealias ControlFunction = @convention(c) (Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
    private typealias WaitFunction = @convention(c) (Int32, UnsafeMutableRawPointer?, Int32, Int32) -> Int32
    private typealias EventFDFunction = @convention(c) (UInt32, Int32) -> Int32
    private typealias AcceptFunction =
        @convention(c) (Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32) -> Int32

    private let createFunction: CreateFunction
    private let controlFunction: ControlFunction
    private let waitFunction: WaitFunction
    private let eventFDFunction: EventFDFunction
    private let acceptFunction: AcceptFunction

    init() throws(HTTPServerError) {
        let process = dlopen(nil, RTLD_NOW)
        func resolve(_ name: String) throws(HTTPServerError) -> UnsafeMutableRawPointer {
            guard let symbol = dlsym(process, name) else {
                throw .systemCallFailed(call: "dlsym(\(name))", errno: ENOSYS)
            }
            return symbol
        }
        createFunction = unsafeBitCast(try resolve("epoll_create1"), to: CreateFunction.self)
        controlFunction = unsafeBitCast(try resolve("epoll_ctl"), to: ControlFunction.self)
        waitFunction = unsafeBitCast(try resolve("epoll_wait"), to: WaitFunction.self)
        eventFDFunction = unsafeBitCast(try resolve("eventfd"), to: EventFDFunction.self)
        acceptFunction = unsafeBitCast(try resolve("accept4"), to: AcceptFunction.self)
    }

    func create() -> Int32 { createFunction(Self.closeOnExec) }

    func makeEventDescriptor() -> Int32 { eventFDFunction(0, Self.nonBlocking | Self.closeOnExec) }

    /// Accepts a connection as a non-blocking, close-on-exec socket in one call.
    func accept(_ listener: Int32) -> Int32 {
        acceptFunction(listener, nil, nil, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue))
    }

    /// Adds, modifies or deletes interest in `descriptor`, remembering the descriptor as the event's data.
    @discardableResult
    func control(_ epoll: Int32, _ operation: Int32, _ descriptor: Int32, events: UInt32) -> Int32 {
        var event: (UInt64, UInt64) = (0, 0)
        return withUnsafeMutableBytes(of: &event) { raw in
            raw.storeBytes(of: events, toByteOffset: 0, as: UInt32.self)
            raw.storeBytes(of: UInt64(UInt32(bitPattern: descriptor)), toByteOffset: Self.dataOffset, as: UInt64.self)
            return controlFunction(epoll, operation, descriptor, raw.baseAddress)
        }
    }

    /// Waits for events into `buffer` (room for `capacity` events of ``eventSize`` bytes).
    func wait(_ epoll: Int32, into buffer: UnsafeMutableRawPointer, capacity: Int32, timeoutMilliseconds: Int32)
        -> Int32
    {
        waitFunction(epoll, buffer, capacity, timeoutMilliseconds)
    }

    /// The events and descriptor of the `index`th event that ``wait(_:into:capacity:timeoutMilliseconds:)`` filled in.
    static func event(at index: Int, in buffer: UnsafeMutableRawPointer) -> (events: UInt32, descriptor: Int32) {
        let base = UnsafeRawPointer(buffer + index * eventSize)
        let events = base.loadUnaligned(as: UInt32.self)
        let data = base.loadUnaligned(fromByteOffset: dataOffset, as: UInt64.self)
        return (events, Int32(truncatingIfNeeded: data))
    }
}
