/// Allows only publicly routable addresses: the default SSRF guard.
///
/// Refused are the IPv4 ranges 0/8, 10/8, 100.64/10, 127/8, 169.254/16, 172.16/12, 192.0.0/24, 192.168/16,
/// 198.18/15, 224/4 and 240/4; the IPv6 addresses `::` and `::1` and ranges fc00::/7, fe80::/10 and ff00::/8; and the
/// IPv4-mapped (`::ffff:0:0/96`) and NAT64 (`64:ff9b::/96`) forms of the refused IPv4 ranges. Beyond that list it also
/// refuses the deprecated IPv4-compatible range `::/96` and local-use NAT64 `64:ff9b:1::/48`, which no public image
/// host uses and which could otherwise smuggle a private IPv4 address past the guard.
public struct PublicAddressPolicy: AddressPolicy {
    public init() {}

    public func verdict(for address: IPAddress) -> AddressVerdict {
        switch address {
        case .v4(let value):
            if let range = Self.refusedIPv4.first(where: { $0.contains(value) }) {
                return .refused(reason: "\(address) is \(range.name) (\(range.cidr))")
            }
            return .allowed
        case .v6(let high, let low):
            if let embedded = address.embeddedIPv4 {
                let form = high == 0 ? "IPv4-mapped" : "NAT64"
                if let range = Self.refusedIPv4.first(where: { $0.contains(embedded) }) {
                    let inner = IPAddress.v4(embedded)
                    return .refused(reason: "\(address) is the \(form) form of \(inner), \(range.name) (\(range.cidr))")
                }
                return .allowed
            }
            if let range = Self.refusedIPv6.first(where: { $0.contains(high: high, low: low) }) {
                return .refused(reason: "\(address) is \(range.name) (\(range.cidr))")
            }
            return .allowed
        }
    }

    private struct IPv4Range {
        let base: UInt32
        let prefix: Int
        let name: String

        var cidr: String { "\(IPAddress.v4(base))/\(prefix)" }

        func contains(_ value: UInt32) -> Bool {
            let mask: UInt32 = prefix == 0 ? 0 : ~UInt32(0) << (32 - prefix)
            return value & mask == base
        }
    }

    private struct IPv6Range {
        let high: UInt64
        let low: UInt64
        let prefix: Int
        let name: String

        var cidr: String { "\(IPAddress.v6(high: high, low: low))/\(prefix)" }

        func contains(high otherHigh: UInt64, low otherLow: UInt64) -> Bool {
            let highMask: UInt64 = prefix >= 64 ? ~0 : (prefix == 0 ? 0 : ~UInt64(0) << (64 - prefix))
            let lowMask: UInt64 = prefix <= 64 ? 0 : (prefix == 128 ? ~0 : ~UInt64(0) << (128 - prefix))
            return otherHigh & highMask == high && otherLow & lowMask == low
        }
    }

    private static let refusedIPv4: [IPv4Range] = [
        IPv4Range(base: 0x0000_0000, prefix: 8, name: "an address of \"this network\""),
        IPv4Range(base: 0x0a00_0000, prefix: 8, name: "a private address"),
        IPv4Range(base: 0x6440_0000, prefix: 10, name: "an address of the shared carrier-grade NAT space"),
        IPv4Range(base: 0x7f00_0000, prefix: 8, name: "a loopback address"),
        IPv4Range(base: 0xa9fe_0000, prefix: 16, name: "a link-local address"),
        IPv4Range(base: 0xac10_0000, prefix: 12, name: "a private address"),
        IPv4Range(base: 0xc000_0000, prefix: 24, name: "an address reserved for IETF protocols"),
        IPv4Range(base: 0xc0a8_0000, prefix: 16, name: "a private address"),
        IPv4Range(base: 0xc612_0000, prefix: 15, name: "an address reserved for benchmarking"),
        IPv4Range(base: 0xe000_0000, prefix: 4, name: "a multicast address"),
        IPv4Range(base: 0xf000_0000, prefix: 4, name: "a reserved address"),
    ]

    private static let refusedIPv6: [IPv6Range] = [
        IPv6Range(high: 0, low: 0, prefix: 128, name: "the unspecified address"),
        IPv6Range(high: 0, low: 1, prefix: 128, name: "the loopback address"),
        IPv6Range(high: 0, low: 0, prefix: 96, name: "a deprecated IPv4-compatible address"),
        IPv6Range(high: 0x0064_ff9b_0001_0000, low: 0, prefix: 48, name: "a local-use NAT64 address"),
        IPv6Range(high: 0xfc00_0000_0000_0000, low: 0, prefix: 7, name: "a unique local address"),
        IPv6Range(high: 0xfe80_0000_0000_0000, low: 0, prefix: 10, name: "a link-local address"),
        IPv6Range(high: 0xff00_0000_0000_0000, low: 0, prefix: 8, name: "a multicast address"),
    ]
}
