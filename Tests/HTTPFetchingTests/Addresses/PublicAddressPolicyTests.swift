import HTTPFetching
import Testing

@Suite struct PublicAddressPolicyTests {
    private let policy = PublicAddressPolicy()

    private func isRefused(_ text: String) throws -> Bool {
        let address = try #require(IPAddress(text), "\(text) is not an address")
        if case .refused = policy.verdict(for: address) { return true }
        return false
    }

    /// Every refused IPv4 range as first address, last address, the address below and the address above.
    @Test(
        arguments: [
            ("0.0.0.0", "0.255.255.255", nil, "1.0.0.0"),
            ("10.0.0.0", "10.255.255.255", "9.255.255.255", "11.0.0.0"),
            ("100.64.0.0", "100.127.255.255", "100.63.255.255", "100.128.0.0"),
            ("127.0.0.0", "127.255.255.255", "126.255.255.255", "128.0.0.0"),
            ("169.254.0.0", "169.254.255.255", "169.253.255.255", "169.255.0.0"),
            ("172.16.0.0", "172.31.255.255", "172.15.255.255", "172.32.0.0"),
            ("192.0.0.0", "192.0.0.255", "191.255.255.255", "192.0.1.0"),
            ("192.168.0.0", "192.168.255.255", "192.167.255.255", "192.169.0.0"),
            ("198.18.0.0", "198.19.255.255", "198.17.255.255", "198.20.0.0"),
            ("224.0.0.0", "239.255.255.255", "223.255.255.255", nil),
            ("240.0.0.0", "255.255.255.255", nil, nil),
        ] as [(String, String, String?, String?)])
    func ipv4RangeBoundaries(first: String, last: String, below: String?, above: String?) throws {
        #expect(try isRefused(first))
        #expect(try isRefused(last))
        if let below { #expect(try !isRefused(below)) }
        if let above { #expect(try !isRefused(above)) }
        // The same boundaries hold for the IPv4-mapped and NAT64 forms.
        for prefix in ["::ffff:", "64:ff9b::"] {
            #expect(try isRefused(prefix + first))
            #expect(try isRefused(prefix + last))
            if let below { #expect(try !isRefused(prefix + below)) }
            if let above { #expect(try !isRefused(prefix + above)) }
        }
    }

    @Test(
        arguments: [
            ("fc00::", "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "fe00::"),
            ("fe80::", "febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "fec0::"),
            ("ff00::", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", nil),
        ] as [(String, String, String, String?)])
    func ipv6RangeBoundaries(first: String, last: String, below: String, above: String?) throws {
        #expect(try isRefused(first))
        #expect(try isRefused(last))
        #expect(try !isRefused(below))
        if let above { #expect(try !isRefused(above)) }
    }

    @Test func unspecifiedAndLoopbackIPv6AreRefused() throws {
        #expect(try isRefused("::"))
        #expect(try isRefused("::1"))
    }

    @Test func ipv4CompatibleAndLocalNAT64FormsAreRefusedToo() throws {
        #expect(try isRefused("::127.0.0.1"))
        #expect(try isRefused("::8.8.8.8"))
        #expect(try isRefused("64:ff9b:1::a00:1"))
    }

    @Test(arguments: [
        "8.8.8.8", "1.1.1.1", "93.184.216.34", "2001:4860:4860::8888", "2606:4700:4700::1111", "::ffff:8.8.8.8",
        "64:ff9b::808:808",
    ])
    func publicAddressesAreAllowed(text: String) throws {
        #expect(try !isRefused(text))
    }

    @Test func reasonNamesTheAddressAndTheRange() throws {
        #expect(
            policy.verdict(for: try #require(IPAddress("10.1.2.3")))
                == .refused(reason: "10.1.2.3 is a private address (10.0.0.0/8)"))
        #expect(
            policy.verdict(for: try #require(IPAddress("::ffff:127.0.0.1")))
                == .refused(
                    reason: "::ffff:127.0.0.1 is the IPv4-mapped form of 127.0.0.1, a loopback address (127.0.0.0/8)"))
        #expect(
            policy.verdict(for: try #require(IPAddress("64:ff9b::c0a8:1")))
                == .refused(
                    reason: "64:ff9b::c0a8:1 is the NAT64 form of 192.168.0.1, a private address (192.168.0.0/16)"))
        #expect(
            policy.verdict(for: try #require(IPAddress("fd00::1")))
                == .refused(reason: "fd00::1 is a unique local address (fc00::/7)"))
    }

    /// One address of every refused range, each reason as a sentence alone (the host is the address) and after a
    /// host name (`… resolves to <address>, which is …`): what `blocked:` messages say.
    @Test(
        arguments: [
            ("0.1.2.3", "an address of \"this network\" (0.0.0.0/8)"),
            ("10.1.2.3", "a private address (10.0.0.0/8)"),
            ("100.64.0.1", "an address of the shared carrier-grade NAT space (100.64.0.0/10)"),
            ("127.0.0.1", "a loopback address (127.0.0.0/8)"),
            ("169.254.169.254", "a link-local address (169.254.0.0/16)"),
            ("172.16.0.1", "a private address (172.16.0.0/12)"),
            ("192.0.0.8", "an address reserved for IETF protocols (192.0.0.0/24)"),
            ("192.168.1.1", "a private address (192.168.0.0/16)"),
            ("198.18.0.1", "an address reserved for benchmarking (198.18.0.0/15)"),
            ("224.0.0.1", "a multicast address (224.0.0.0/4)"),
            ("240.0.0.1", "a reserved address (240.0.0.0/4)"),
            ("::", "the unspecified address (::/128)"),
            ("::1", "the loopback address (::1/128)"),
            ("::808:808", "a deprecated IPv4-compatible address (::/96)"),
            ("64:ff9b:1::1", "a local-use NAT64 address (64:ff9b:1::/48)"),
            ("fd00::1", "a unique local address (fc00::/7)"),
            ("fe80::1", "a link-local address (fe80::/10)"),
            ("ff02::1", "a multicast address (ff00::/8)"),
            ("::ffff:127.0.0.1", "the IPv4-mapped form of 127.0.0.1, a loopback address (127.0.0.0/8)"),
            ("64:ff9b::a00:1", "the NAT64 form of 10.0.0.1, a private address (10.0.0.0/8)"),
        ] as [(String, String)])
    func everyReasonReadsAsASentenceAloneAndAfterAHostName(text: String, range: String) throws {
        let address = try #require(IPAddress(text))
        guard case .refused(let reason) = policy.verdict(for: address) else {
            Issue.record("\(text) was allowed")
            return
        }
        #expect(reason == "\(address) is \(range)")
        let literal = address.description.contains(":") ? "[\(address)]" : address.description
        #expect(AddressRefusal.sentence(host: literal, address: address, reason: reason) == reason)
        #expect(
            AddressRefusal.sentence(host: "2130706433", address: address, reason: reason)
                == "2130706433 resolves to \(address), which is \(range)")
    }

    @Test func allowAllAllowsLoopback() throws {
        #expect(AllowAllAddressPolicy().verdict(for: try #require(IPAddress("127.0.0.1"))) == .allowed)
        #expect(AllowAllAddressPolicy().verdict(for: try #require(IPAddress("::1"))) == .allowed)
    }
}
