import Synchronization

/// What every event loop of one server shares: the handler, the settings and the connection count.
final class ServerContext: Sendable {
    let handler: any HTTPHandler
    let configuration: HTTPServer.Configuration
    let listenDescriptor: Int32
    /// Connections open across all loops, so the cap holds server-wide.
    let openConnections = Atomic<Int>(0)

    init(handler: any HTTPHandler, configuration: HTTPServer.Configuration, listenDescriptor: Int32) {
        self.handler = handler
        self.configuration = configuration
        self.listenDescriptor = listenDescriptor
    }
}
