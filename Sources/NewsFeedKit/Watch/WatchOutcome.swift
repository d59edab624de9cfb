/// What a round did with one image URL, for the summary.
public enum WatchOutcome: Sendable, Hashable {
    /// Checked and answered with an image (or 304 Not Modified).
    case alive
    /// Checked and failed, not yet often enough to count as dead.
    case failing(cause: String)
    /// Checked and failed, and now counts as dead (at once for 404 and 410).
    case dead(cause: String)
    /// Not contacted: the address guard refused it or a redirect target.
    case blocked(reason: String)
    /// Not checked: checked alive within ``WatchSettings/recheck``.
    case recentlyChecked
    /// Not checked: the round deadline passed first.
    case notReached

    /// Whether the round contacted (or tried to contact) the URL.
    public var wasChecked: Bool {
        switch self {
        case .alive, .failing, .dead, .blocked: true
        case .recentlyChecked, .notReached: false
        }
    }
}
