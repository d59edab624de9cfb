import Glibc

/// Why an ``HTTPServer`` could not start listening.
public enum HTTPServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Another socket is already bound to this address and port.
    case addressInUse(host: String, port: Int)
    /// Binding needs privileges (ports below 1024).
    case permissionDenied(host: String, port: Int)
    /// The address is not one of this machine's addresses.
    case addressNotAvailable(host: String, port: Int)
    /// The host is not an IPv4 or IPv6 literal.
    case invalidHost(String)
    /// The port is outside 0...65535.
    case invalidPort(Int)
    /// `start()` was called on a server that already started (or was shut down).
    case alreadyStarted
    /// A system call failed for another reason.
    case systemCallFailed(call: String, errno: Int32)

    public var description: String {
        switch self {
        case .addressInUse(let host, let port):
            "\(Self.endpoint(host, port)) is already in use"
        case .permissionDenied(let host, let port):
            "\(Self.endpoint(host, port)) needs privileges: use a port above 1023 or grant CAP_NET_BIND_SERVICE"
        case .addressNotAvailable(let host, let port):
            "\(Self.endpoint(host, port)) is not an address of this machine"
        case .invalidHost(let host):
            "'\(host)' is not an IP address literal (use e.g. 127.0.0.1, 0.0.0.0, ::1 or ::)"
        case .invalidPort(let port):
            "port \(port) is outside 0...65535"
        case .alreadyStarted:
            "the HTTP server was already started; create a new HTTPServer to listen again"
        case .systemCallFailed(let call, let code):
            "\(call) failed: \(String(cString: strerror(code)))"
        }
    }

    /// `host:port`, with IPv6 literals in brackets as in URLs.
    static func endpoint(_ host: String, _ port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
