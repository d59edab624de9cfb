extension HTTPServer {
    /// Where the server listens and how it treats slow, idle and numerous clients.
    public struct Configuration: Sendable {
        /// An IPv4 or IPv6 literal to bind, e.g. `127.0.0.1`, `0.0.0.0`, `::1`, `::` (brackets allowed).
        public var host: String
        /// The TCP port; 0 lets the system pick a free one, which ``HTTPServer/start()`` returns.
        public var port: Int
        /// Most connections open at once; further ones are accepted and closed at once.
        public var maxConnections: Int
        /// Time a client has to send a complete request head once it started one (or connected).
        public var headerTimeout: Duration
        /// Time a keep-alive connection may sit between requests; also how long `.hang` lasts.
        public var idleTimeout: Duration
        /// Time a response write may make no progress before the connection is dropped.
        public var writeTimeout: Duration
        /// How long ``HTTPServer/shutdown()`` waits for in-flight responses before closing everything.
        public var shutdownGracePeriod: Duration
        /// Event-loop threads. Two measured best on the two-core machines this runs on:
        /// one loop per core, sharing one listening socket.
        public var eventLoopCount: Int
        /// Size limits for request heads.
        public var requestLimits: HTTPRequestParser.Limits
        /// Called once per answered request, on an event-loop thread: keep it quick
        /// (buffer or hand off the line; never block).
        public var accessLog: (@Sendable (HTTPAccessLogEntry) -> Void)?
        /// Where the handler's tasks run: nil is Swift's shared pool. An executor of its own keeps the server
        /// answering while that pool is busy with other work (the tests' loopback stubs use one, so that a
        /// CPU-heavy suite running beside them cannot delay their answers past a client's deadline).
        public var handlerExecutor: (any TaskExecutor)?

        /// A configuration; every parameter has a production-ready default.
        public init(
            host: String = "127.0.0.1",
            port: Int = 0,
            maxConnections: Int = 4096,
            headerTimeout: Duration = .seconds(10),
            idleTimeout: Duration = .seconds(30),
            writeTimeout: Duration = .seconds(30),
            shutdownGracePeriod: Duration = .seconds(5),
            eventLoopCount: Int = 2,
            requestLimits: HTTPRequestParser.Limits = .init(),
            accessLog: (@Sendable (HTTPAccessLogEntry) -> Void)? = nil,
            handlerExecutor: (any TaskExecutor)? = nil
        ) {
            self.host = host
            self.port = port
            self.maxConnections = maxConnections
            self.headerTimeout = headerTimeout
            self.idleTimeout = idleTimeout
            self.writeTimeout = writeTimeout
            self.shutdownGracePeriod = shutdownGracePeriod
            self.eventLoopCount = eventLoopCount
            self.requestLimits = requestLimits
            self.accessLog = accessLog
            self.handlerExecutor = handlerExecutor
        }
    }
}
