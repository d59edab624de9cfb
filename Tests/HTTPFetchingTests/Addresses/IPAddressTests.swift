import HTTPFetching
import Testing

@Suite struct IPAddressTests {
    @Test func parsesIPv4AndIPv6Literals() {
        #expect(IPAddress("127.0.0.1") == .v4(0x7f00_0001))
        #expect(IPAddress("::1") == .v6(high: 0, low: 1))
        #expect(IPAddress("[::1]") == .v6(high: 0, low: 1))
        #expect(IPAddress("fe80::1%eth0") == .v6(high: 0xfe80_0000_0000_0000, low: 1))
        #expect(IPAddress("2001:db8::ff") == .v6(high: 0x2001_0db8_0000_0000, low: 0xff))
    }

    @Test(arguments: ["example.com", "", "127.1", "2130706433", "1.2.3.4.5", "::g"])
    func namesAndOddSpellingsAreNotLiterals(text: String) {
        #expect(IPAddress(text) == nil)
    }

    @Test(arguments: ["10.0.0.1", "255.255.255.255", "::", "::1", "2001:db8::ff", "::ffff:10.0.0.1", "64:ff9b::a00:1"])
    func describesInStandardForm(text: String) throws {
        #expect(try #require(IPAddress(text)).description == text)
    }

    @Test func findsTheIPv4InsideMappedAndNAT64Forms() {
        #expect(IPAddress("::ffff:192.168.1.1")?.embeddedIPv4 == 0xc0a8_0101)
        #expect(IPAddress("64:ff9b::10.0.0.1")?.embeddedIPv4 == 0x0a00_0001)
        #expect(IPAddress("2001:db8::10.0.0.1")?.embeddedIPv4 == nil)
        #expect(IPAddress("10.0.0.1")?.embeddedIPv4 == nil)
    }
}
