import FeedOutput
import Synchronization

/// Served documents kept in memory, bounded by size, evicting the least recently used.
///
/// Entries are valid only for the file version (or generated-page fingerprint) they
/// were built from, so a replaced file is never answered from a stale entry.
package final class DocumentCache: Sendable {
    /// What an entry was built from.
    package enum Validity: Sendable, Hashable {
        case file(FileVersion)
        /// The inputs of a generated page, e.g. every feed's path and version.
        case generated(String)
    }

    private struct Entry {
        var validity: Validity
        var document: ServedDocument
        var lastUse: UInt64
    }

    private struct Claim: Hashable {
        var key: String
        var validity: Validity
    }

    private struct State {
        var entries: [String: Entry] = [:]
        /// Versions being built right now, so each is compressed once, not once per racing request.
        var claims: Set<Claim> = []
        var totalCost = 0
        var useCounter: UInt64 = 0
    }

    /// Documents larger than this are never cached.
    package let maxEntryCost: Int
    /// The cache never holds more than this many bytes.
    package let maxTotalCost: Int
    private let state = Mutex(State())

    package init(maxEntryCost: Int, maxTotalCost: Int) {
        self.maxEntryCost = maxEntryCost
        self.maxTotalCost = maxTotalCost
    }

    /// The document stored under `key` if it is still valid.
    package func document(for key: String, validity: Validity) -> ServedDocument? {
        state.withLock { state in
            // One hash lookup, and the use mark updated in place: this runs for every cache hit.
            guard let index = state.entries.index(forKey: key), state.entries.values[index].validity == validity
            else { return nil }
            state.useCounter += 1
            state.entries.values[index].lastUse = state.useCounter
            return state.entries.values[index].document
        }
    }

    /// Claims the right to build (and compress) `key` in `validity`; false when
    /// another request is building it right now. The claim ends with ``store(_:for:validity:)``
    /// or ``releaseClaim(for:validity:)``.
    package func claimBuild(of key: String, validity: Validity) -> Bool {
        state.withLock { $0.claims.insert(Claim(key: key, validity: validity)).inserted }
    }

    /// Gives up a claim without storing anything.
    package func releaseClaim(for key: String, validity: Validity) {
        _ = state.withLock { $0.claims.remove(Claim(key: key, validity: validity)) }
    }

    /// Stores `document`, replacing what `key` held and evicting the least recently
    /// used entries until the total fits; ends any claim on it.
    package func store(_ document: ServedDocument, for key: String, validity: Validity) {
        let cost = document.cost
        state.withLock { state in
            state.claims.remove(Claim(key: key, validity: validity))
            if let old = state.entries.removeValue(forKey: key) { state.totalCost -= old.document.cost }
            guard cost <= maxEntryCost, cost <= maxTotalCost else { return }
            while state.totalCost + cost > maxTotalCost,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.entries.removeValue(forKey: oldest.key)
                state.totalCost -= oldest.value.document.cost
            }
            state.useCounter += 1
            state.entries[key] = Entry(validity: validity, document: document, lastUse: state.useCounter)
            state.totalCost += cost
        }
    }

    /// Bytes held, for tests of the bound.
    package var totalCost: Int { state.withLock { $0.totalCost } }
    /// Keys held, for tests of eviction.
    package var keys: Set<String> { state.withLock { Set($0.entries.keys) } }
}
