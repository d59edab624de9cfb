import Glibc

/// Creates the server's listening socket: address parsing, options, bind and listen.
enum ListeningSocket {
    /// A bound, listening, non-blocking socket and the port it got.
    static func open(host: String, port: Int, backlog: Int) throws(HTTPServerError) -> (descriptor: Int32, port: Int) {
        guard (0...65535).contains(port) else { throw .invalidPort(port) }
        var literal = host
        if literal.hasPrefix("[") && literal.hasSuffix("]") { literal = String(literal.dropFirst().dropLast()) }
        if literal == "localhost" { literal = "127.0.0.1" }

        var address4 = sockaddr_in()
        var address6 = sockaddr_in6()
        let family: Int32
        if inet_pton(AF_INET, literal, &address4.sin_addr) == 1 {
            family = AF_INET
            address4.sin_family = sa_family_t(AF_INET)
            address4.sin_port = in_port_t(UInt16(port).bigEndian)
        } else if inet_pton(AF_INET6, literal, &address6.sin6_addr) == 1 {
            family = AF_INET6
            address6.sin6_family = sa_family_t(AF_INET6)
            address6.sin6_port = in_port_t(UInt16(port).bigEndian)
        } else {
            throw .invalidHost(host)
        }

        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .systemCallFailed(call: "socket", errno: errno) }
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))

        let bound =
            family == AF_INET
            ? withUnsafePointer(to: &address4) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            : withUnsafePointer(to: &address6) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        guard bound == 0 else {
            let code = errno
            Glibc.close(descriptor)
            switch code {
            case EADDRINUSE: throw .addressInUse(host: host, port: port)
            case EACCES, EPERM: throw .permissionDenied(host: host, port: port)
            case EADDRNOTAVAIL: throw .addressNotAvailable(host: host, port: port)
            default: throw .systemCallFailed(call: "bind to \(HTTPServerError.endpoint(host, port))", errno: code)
            }
        }
        guard listen(descriptor, Int32(backlog)) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            if code == EADDRINUSE { throw .addressInUse(host: host, port: port) }
            throw .systemCallFailed(call: "listen", errno: code)
        }

        var actual = sockaddr_storage()
        var actualLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &actual) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &actualLength) }
        }
        guard named == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw .systemCallFailed(call: "getsockname", errno: code)
        }
        let boundPort = withUnsafeBytes(of: &actual) { raw -> UInt16 in
            // sin_port and sin6_port sit at the same offset, right after the family.
            raw.load(fromByteOffset: 2, as: UInt16.self)
        }
        return (descriptor, Int(UInt16(bigEndian: boundPort)))
    }

    /// Raises the open-file soft limit to the hard limit so `maxConnections` descriptors fit.
    static func raiseOpenFileLimit() {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        guard limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    }
}
