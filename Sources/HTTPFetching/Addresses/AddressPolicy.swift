import Foundation

/// Decides which resolved addresses newsfeed may contact: the SSRF guard.
///
/// An image or article URL in a feed comes from upstream, so it may point anywhere; without a guard a crafted URL
/// could make newsfeed probe the operator's own network. Tests inject their own policy to exercise the guard on loopback.
public protocol AddressPolicy: Sendable {
    /// Whether `address` may be contacted, and why not.
    func verdict(for address: IPAddress) -> AddressVerdict
}

/// An ``AddressPolicy``'s answer for one address.
public enum AddressVerdict: Sendable, Hashable {
    case allowed
    /// Not to be contacted; `reason` names the range, e.g. `10.0.0.1 is private (10.0.0.0/8)`.
    case refused(reason: String)
}

extension AddressPolicy {
    /// Nil when `address` may be contacted for `host`; otherwise a sentence saying why not, e.g.
    /// `news.example resolves to 10.0.0.1, which is private (10.0.0.0/8)` (an IP literal names itself only).
    package func refusal(of address: IPAddress, for host: String) -> String? {
        guard case .refused(let reason) = verdict(for: address) else { return nil }
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if IPAddress(bare) != nil { return reason }
        let subject = "\(address) is "
        if reason.hasPrefix(subject) {
            return "\(host) resolves to \(address), which is " + reason.dropFirst(subject.count)
        }
        return "\(host) resolves to \(reason)"
    }
}
