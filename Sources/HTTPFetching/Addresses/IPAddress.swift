import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IPv4 or IPv6 address as numbers, so address ranges are plain integer comparisons.
public enum IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// An IPv4 address in host byte order (`127.0.0.1` is `0x7f00_0001`).
    case v4(UInt32)
    /// An IPv6 address as its high and low 64 bits in host byte order.
    case v6(high: UInt64, low: UInt64)

    /// Parses a numeric literal (`192.0.2.1`, `2001:db8::1`, `[::1]`, `fe80::1%eth0`); nil for host names.
    ///
    /// Only the canonical dotted-quad form of IPv4 is a literal here; odd spellings such as `2130706433` or
    /// `127.1` go through the resolver, which understands them the same way libcurl does.
    public init?(_ text: String) {
        var literal = Substring(text)
        if literal.hasPrefix("["), literal.hasSuffix("]") {
            literal = literal.dropFirst().dropLast()
        }
        if let zone = literal.firstIndex(of: "%") {
            literal = literal[..<zone]
        }
        let string = String(literal)
        var v4 = in_addr()
        if inet_pton(AF_INET, string, &v4) == 1 {
            self = .v4(UInt32(bigEndian: v4.s_addr))
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, string, &v6) == 1 {
            self = Self(v6)
            return
        }
        return nil
    }

    /// From the bytes of a resolved `in6_addr`.
    package init(_ address: in6_addr) {
        let bytes = withUnsafeBytes(of: address) { Array($0) }
        var high: UInt64 = 0
        var low: UInt64 = 0
        for index in 0..<8 {
            high = high << 8 | UInt64(bytes[index])
            low = low << 8 | UInt64(bytes[index + 8])
        }
        self = .v6(high: high, low: low)
    }

    /// The IPv4 address carried in an IPv4-mapped (`::ffff:0:0/96`) or NAT64 (`64:ff9b::/96`) IPv6 address.
    public var embeddedIPv4: UInt32? {
        guard case .v6(let high, let low) = self else { return nil }
        if high == 0, low >> 32 == 0xffff { return UInt32(truncatingIfNeeded: low) }
        if high == 0x0064_ff9b_0000_0000, low >> 32 == 0 { return UInt32(truncatingIfNeeded: low) }
        return nil
    }

    /// The standard text form (`10.0.0.1`, `::ffff:10.0.0.1`).
    public var description: String {
        switch self {
        case .v4(let value):
            let address = in_addr(s_addr: value.bigEndian)
            return withUnsafeBytes(of: address) { Self.format(family: AF_INET, $0, capacity: Int(INET_ADDRSTRLEN)) }
        case .v6(let high, let low):
            var address = in6_addr()
            withUnsafeMutableBytes(of: &address) { bytes in
                for index in 0..<8 {
                    bytes[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * UInt64(index)))
                    bytes[index + 8] = UInt8(truncatingIfNeeded: low >> (56 - 8 * UInt64(index)))
                }
            }
            return withUnsafeBytes(of: address) { Self.format(family: AF_INET6, $0, capacity: Int(INET6_ADDRSTRLEN)) }
        }
    }

    private static func format(family: Int32, _ address: UnsafeRawBufferPointer, capacity: Int) -> String {
        var buffer = [CChar](repeating: 0, count: capacity + 1)
        let written = inet_ntop(family, address.baseAddress, &buffer, socklen_t(capacity))
        guard written != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
