import Synchronization

/// What every event loop of one server shares: the handler, the settings and the connection count.
final class ServerContext: Sendable {
    let handler: any HTTPHandler
    /// The handler again when it prepares answers, found once here rather than cast per request.
    let preparedResponder: (any PreparedResponder)?
    let configuration: HTTPServer.Configuration
    let listenDescriptor: Int32
    /// Connections open across all loops, so the cap holds server-wide.
    let openConnections = Atomic<Int>(0)
    /// Every loop of the server, so a full loop can hand a newcomer to one that has an idle connection to evict.
    let loops: [EventLoop]

    init(
        handler: any HTTPHandler, configuration: HTTPServer.Configuration, listenDescriptor: Int32,
        loops: [EventLoop]
    ) {
        self.loops = loops
        self.handler = handler
        preparedResponder = handler as? any PreparedResponder
        self.configuration = configuration
        self.listenDescriptor = listenDescriptor
    }
}
