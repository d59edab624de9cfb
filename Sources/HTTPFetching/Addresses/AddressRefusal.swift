import Foundation

/// The sentence a refusal of the address guard is given in, for a host named by its address or by a name.
package enum AddressRefusal {
    /// `reason` (an ``AddressVerdict/refused(reason:)``, `<address> is …`) as it reads for `host`: unchanged when
    /// the host is the address itself (`10.0.0.1 is a private address (10.0.0.0/8)`); for a name, what the name
    /// resolves to first (`2130706433 resolves to 127.0.0.1, which is a loopback address (127.0.0.0/8)`).
    package static func sentence(host: String, address: IPAddress, reason: String) -> String {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if IPAddress(bare) != nil { return reason }
        let subject = "\(address) is "
        guard reason.hasPrefix(subject) else { return "\(host) resolves to \(address): \(reason)" }
        return "\(host) resolves to \(address), which is " + reason.dropFirst(subject.count)
    }
}
