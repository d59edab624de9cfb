import NewsModel
import Testing

/// The written-out White_Space list answers as Unicode's property tables do, for every scalar there is.
@Suite struct UTF8TextWhiteSpaceTests {
    @Test func everyScalarIsWhiteSpaceExactlyWhenThePropertySaysSo() {
        var differing: [UInt32] = []
        var spaces = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let written = UTF8Text.isWhiteSpace(scalar)
            if written { spaces += 1 }
            if written != scalar.properties.isWhitespace { differing.append(value) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10).map { String($0, radix: 16) })")
        #expect(spaces == 25)
    }
}
