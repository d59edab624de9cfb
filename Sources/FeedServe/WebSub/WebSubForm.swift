import Foundation

/// A subscription request as the hub's form gives it (W3C WebSub §5.1), checked field by field.
package struct WebSubIntent: Sendable, Hashable {
    /// `subscribe` or `unsubscribe`.
    package enum Mode: String, Sendable, Hashable {
        case subscribe, unsubscribe
    }

    package var mode: Mode
    /// The subscriber's callback URL (absolute http or https), exactly as sent.
    package var callback: URL
    /// The topic asked for, exactly as sent.
    package var topic: String
    /// `hub.lease_seconds` when given (seconds, capped at Int64's range).
    package var leaseSeconds: Int64?
    /// `hub.secret` when given (under 200 bytes).
    package var secret: String?
}

/// Reads the body of a `POST` to the hub: `application/x-www-form-urlencoded`, each field at most once, the
/// fields of §5.1 with their rules. Every refusal is one line, said as the `400` answer's body.
package enum WebSubForm {
    /// The most bytes of a subscription request's body (413 past it): the fields of §5.1 need far less.
    package static let maxBodyBytes = 16 << 10
    /// The longest callback URL taken.
    package static let maxCallbackBytes = 2048

    /// The request in `body`, or the reason it is refused.
    package static func intent(body: [UInt8], contentType: String?) -> Result<WebSubIntent, WebSubHubError> {
        let mediaType = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard mediaType == "application/x-www-form-urlencoded" else { return .failure(.notAForm) }
        var fields: [String: String] = [:]
        for pair in body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), let value = decode(parts.count > 1 ? parts[1] : [])
            else { return .failure(.notAForm) }
            guard fields[name] == nil else {
                return .failure(.repeatedField(name.hasPrefix("hub.") ? name : "a field"))
            }
            fields[name] = value
        }
        guard let modeText = fields["hub.mode"] else { return .failure(.missingField("hub.mode")) }
        guard let mode = WebSubIntent.Mode(rawValue: modeText) else { return .failure(.badMode) }
        guard let callbackText = fields["hub.callback"] else { return .failure(.missingField("hub.callback")) }
        guard callbackText.utf8.count <= maxCallbackBytes, let callback = URL(string: callbackText),
            let scheme = callback.scheme?.lowercased(), scheme == "http" || scheme == "https",
            callback.host?.isEmpty == false, callback.fragment == nil
        else { return .failure(.badCallback) }
        guard let topic = fields["hub.topic"], !topic.isEmpty else { return .failure(.missingField("hub.topic")) }
        var lease: Int64?
        if let text = fields["hub.lease_seconds"] {
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                return .failure(.badLease)
            }
            lease = Int64(text) ?? Int64.max
        }
        // An empty secret is no secret: nothing to sign with (§5.1 makes it optional).
        let secret = fields["hub.secret"].flatMap { $0.isEmpty ? nil : $0 }
        if let secret, secret.utf8.count >= 200 { return .failure(.secretTooLong) }
        return .success(
            WebSubIntent(mode: mode, callback: callback, topic: topic, leaseSeconds: lease, secret: secret))
    }

    /// One name or value: `+` is a space, `%XX` a byte; the bytes must be UTF-8. Nil for a broken escape or
    /// bytes that are not UTF-8.
    static func decode(_ raw: some Collection<UInt8>) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index != raw.endIndex {
            let byte = raw[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(0x20)
            } else if byte == UInt8(ascii: "%") {
                let first = raw.index(after: index)
                guard first != raw.endIndex else { return nil }
                let second = raw.index(after: first)
                guard second != raw.endIndex, let high = hexValue(raw[first]), let low = hexValue(raw[second])
                else { return nil }
                bytes.append(high << 4 | low)
                index = second
            } else {
                bytes.append(byte)
            }
            index = raw.index(after: index)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// `name=value&…` with every byte outside the unreserved set escaped, for the verification query.
    package static func encode(_ fields: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.map { name, value in
            let escaped = value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
            return "\(name)=\(escaped)"
        }.joined(separator: "&")
    }
}

/// Why the hub refused a request: the one line of its answer.
package enum WebSubHubError: Error, Sendable, Hashable, CustomStringConvertible {
    case notAForm
    case repeatedField(String)
    case missingField(String)
    case badMode
    case badCallback
    case badLease
    case secretTooLong
    case unknownTopic
    case tooManyRequests(retryAfter: Int)
    case busy

    /// The status answered: 400 for a bad request, 429 past the rate limit, 503 while too many verifications run.
    package var status: Int {
        switch self {
        case .tooManyRequests: 429
        case .busy: 503
        default: 400
        }
    }

    package var description: String {
        switch self {
        case .notAForm: "the body must be application/x-www-form-urlencoded (name=value&name=value, UTF-8)"
        case .repeatedField(let name): "\(name) is given more than once"
        case .missingField(let name): "\(name) is missing"
        case .badMode: "hub.mode must be subscribe or unsubscribe"
        case .badCallback: "hub.callback must be an absolute http(s) URL without a fragment, at most 2048 bytes"
        case .badLease: "hub.lease_seconds must be a whole number of seconds"
        case .secretTooLong: "hub.secret must be shorter than 200 bytes"
        case .unknownTopic: "hub.topic is not a feed this hub serves (give the feed's URL exactly as its rel=\"self\")"
        case .tooManyRequests(let seconds): "too many subscription requests from this address; retry in \(seconds) s"
        case .busy: "too many subscriptions are being verified; retry in a minute"
        }
    }
}
