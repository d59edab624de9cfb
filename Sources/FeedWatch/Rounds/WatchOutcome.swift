/// What a round did with one image URL, for the summary.
public enum WatchOutcome: Sendable, Hashable {
    /// Checked and answered with an image (or 304 Not Modified).
    case alive
    /// Checked and failed, not yet often enough to count as dead; `http` as in ``ImageCheckResult/failed(cause:permanent:http:)``.
    case failing(cause: String, http: Int? = nil)
    /// Checked and failed, and now counts as dead (at once for 404 and 410).
    case dead(cause: String, http: Int? = nil)
    /// Not contacted: the address guard refused it or a redirect target.
    case blocked(reason: String)
    /// Not checked: checked alive within ``WatchSettings/recheck``.
    case recentlyChecked
    /// Not checked: the round deadline passed first.
    case notReached

    /// Whether the round has a verdict on the URL to record (a check, or the guard's refusal).
    public var wasChecked: Bool {
        switch self {
        case .alive, .failing, .dead, .blocked: true
        case .recentlyChecked, .notReached: false
        }
    }

    /// Whether the round tried to reach the URL's host: a blocked URL is refused before any contact, so it is
    /// no check at all, for the counts and for the own-outage rule.
    public var wasContacted: Bool {
        switch self {
        case .alive, .failing, .dead: true
        case .blocked, .recentlyChecked, .notReached: false
        }
    }
}
