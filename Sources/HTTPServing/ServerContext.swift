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

    init(handler: any HTTPHandler, configuration: HTTPServer.Configuration, listenDescriptor: Int32) {
        self.handler = handler
        preparedResponder = handler as? any PreparedResponder
        self.configuration = configuration
        self.listenDescriptor = listenDescriptor
    }
}
