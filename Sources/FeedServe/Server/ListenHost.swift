import Foundation

/// The `--host` of `serve` and `demo`: an IP literal, or a name that resolves to an address of
/// this machine (`localhost`, the machine's own name), bound as that address. `display` is what
/// printed URLs name: the name as given, or the machine's host name for a wildcard address.
package struct ListenHost: Sendable, Equatable {
    /// The IP literal to bind.
    package var address: String
    /// The host for printed URLs.
    package var display: String

    package init(address: String, display: String) {
        self.address = address
        self.display = display
    }

    /// Why `--host` cannot be listened on.
    package enum Problem: Error, Equatable, CustomStringConvertible {
        case unknownName(String)
        case notLocal(name: String, addresses: [String])

        package var description: String {
            switch self {
            case .unknownName(let name):
                "--host \(name) is neither an IP address nor a name of this machine "
                    + "(use e.g. 127.0.0.1, ::1, 0.0.0.0, :: or localhost)"
            case .notLocal(let name, let addresses):
                "--host \(name) resolves to \(addresses.joined(separator: ", ")), not an address of this machine "
                    + "(use e.g. 127.0.0.1, ::1, 0.0.0.0, :: or localhost)"
            }
        }
    }

    /// Resolves `host`; names are looked up once, at start.
    package static func resolve(_ host: String, machineName: String = ListenHost.machineName()) throws(Problem)
        -> ListenHost
    {
        var literal = host
        if literal.hasPrefix("[") && literal.hasSuffix("]") { literal = String(literal.dropFirst().dropLast()) }
        if isLiteral(literal) {
            let wildcard = literal == "0.0.0.0" || literal == "::"
            return ListenHost(address: literal, display: wildcard && !machineName.isEmpty ? machineName : host)
        }
        let resolved = addresses(of: literal)
        guard !resolved.isEmpty else { throw .unknownName(host) }
        let local = localAddresses()
        guard let chosen = resolved.first(where: { isLoopback($0) || local.contains($0) }) else {
            throw .notLocal(name: host, addresses: resolved)
        }
        return ListenHost(address: chosen, display: literal)
    }

    /// The machine's host name (for URLs printed when listening on every address), or "" when unknown.
    package static func machineName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name == "localhost" ? "" : name
    }

    static func isLiteral(_ text: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }

    private static func isLoopback(_ address: String) -> Bool {
        address.hasPrefix("127.") || address == "::1"
    }

    /// Every address `name` resolves to, IPv4 first as getaddrinfo orders them.
    private static func addresses(of name: String) -> [String] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var found: [String] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let text = numeric(current.pointee.ai_addr), !found.contains(text) { found.append(text) }
            entry = current.pointee.ai_next
        }
        return found
    }

    /// The addresses of this machine's interfaces.
    private static func localAddresses() -> Set<String> {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(first) }
        var found: Set<String> = []
        var entry: UnsafeMutablePointer<ifaddrs>? = first
        while let current = entry {
            if let text = numeric(current.pointee.ifa_addr) { found.insert(text) }
            entry = current.pointee.ifa_next
        }
        return found
    }

    private static func numeric(_ address: UnsafeMutablePointer<sockaddr>?) -> String? {
        guard let address else { return nil }
        let family = Int32(address.pointee.sa_family)
        guard family == AF_INET || family == AF_INET6 else { return nil }
        let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
        var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        guard getnameinfo(address, length, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0 else {
            return nil
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
