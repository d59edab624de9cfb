import Foundation

/// Reads `Accept-Encoding` (RFC 9110 §12.5.3) for the one coding served here.
enum AcceptEncoding {
    /// Whether the header values allow gzip: `gzip` (or `x-gzip`) with a non-zero
    /// q-value, or `*` with a non-zero q-value when gzip is not listed itself.
    static func allowsGzip(_ values: [String]) -> Bool {
        var gzipWeight: Double?
        var wildcardWeight: Double?
        for element in values.joined(separator: ",").split(separator: ",") {
            let parts = element.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first, !coding.isEmpty else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                // A malformed q-value makes the element meaningless; ignore it rather than guess.
                guard let value = Double(parameter.dropFirst(2)), (0...1).contains(value) else {
                    weight = -1
                    break
                }
                weight = value
            }
            guard weight >= 0 else { continue }
            switch coding {
            case "gzip", "x-gzip": gzipWeight = max(gzipWeight ?? 0, weight)
            case "*": wildcardWeight = weight
            default: break
            }
        }
        if let gzipWeight { return gzipWeight > 0 }
        return (wildcardWeight ?? 0) > 0
    }
}
