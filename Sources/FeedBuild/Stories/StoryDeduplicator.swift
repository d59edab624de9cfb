import Foundation
import NewsModel

/// One story once (issue 27, point 13), a pure step over a feed's fresh stories: in a merged feed and in a single
/// one, stories are one when their links are the same page compared canonically (``CanonicalURL``), when one's
/// page names the other's address as its `rel="canonical"`, or, with full text, when their articles' texts are
/// near-identical (``TextSimilarity``) on two different sites. Of each set of one story, the first published stays, in the place of
/// the set's first story; the others' addresses on other sites go into its ``Story/alsoAt``.
public struct StoryDeduplicator: Sendable {
    /// When two articles' texts are one (see ``TextSimilarity/isNearIdentical(_:_:)``).
    public var similarity: TextSimilarity

    public init(similarity: TextSimilarity = TextSimilarity()) {
        self.similarity = similarity
    }

    /// `stories` with each canonical link once: the step before enrichment, where only links are known.
    public func byLink(_ stories: [Story]) -> [Story] {
        merged(stories, textsCompared: false)
    }

    /// `stories` each once by link, page `rel="canonical"` and near-identical article text: the step after full
    /// text. Stories without an article are compared by link only.
    public func byLinkAndText(_ stories: [Story]) -> [Story] {
        merged(stories, textsCompared: true)
    }

    /// `current` and the feed's history (`previous`, as restored, with their articles when the feed has full
    /// text) made one story each across both: a fresh copy of a story the feed already holds is dropped and named
    /// in the held story's ``Story/alsoAt`` (or, when the copy was published first, the held story is dropped and
    /// named in the copy's). What the history merge is then given, so a wire story that reaches a second site a
    /// build later is still one item.
    public func againstHistory(current: [Story], previous: [Story]) -> (current: [Story], previous: [Story]) {
        // An earlier version of a fresh story (same identity or link) is the history merge's to replace in place:
        // it is not compared here, or an item whose date moved could keep its old self.
        let currentKeys = Set(current.flatMap(HistoryMerger.keys(of:)))
        let others = previous.indices.filter {
            !HistoryMerger.keys(of: previous[$0]).contains(where: currentKeys.contains)
        }
        let all = current + others.map { previous[$0] }
        let groups = self.groups(all, textsCompared: true)
        guard groups.count < all.count else { return (current, previous) }
        var fresh: [Story] = []
        // Per earlier story (by its index in `previous`): what it became, nil when a fresh story stands for it.
        var held: [Int: Story?] = [:]
        for group in groups {
            let (keptIndex, story) = kept(group, of: all)
            // The story stays where its kept member was: a fresh one among the fresh stories, a held one in the
            // history at its place (so it ages out as a held story does).
            if keptIndex < current.count {
                fresh.append(story)
                for member in group where member >= current.count { held[others[member - current.count]] = .some(nil) }
            } else {
                for member in group where member >= current.count {
                    held[others[member - current.count]] = .some(member == keptIndex ? story : nil)
                }
            }
        }
        let kept = previous.indices.compactMap { index -> Story? in
            guard let became = held[index] else { return previous[index] }
            return became
        }
        return (fresh, kept)
    }

    private func merged(_ stories: [Story], textsCompared: Bool) -> [Story] {
        guard stories.count > 1 else { return stories }
        let groups = self.groups(stories, textsCompared: textsCompared)
        guard groups.count < stories.count else { return stories }
        return groups.map { kept($0, of: stories).story }
    }

    /// The sets of one story, each as its members' indices in order, in the order of their first members.
    private func groups(_ stories: [Story], textsCompared: Bool) -> [[Int]] {
        var sets = DisjointSets(count: stories.count)
        var owners: [String: Int] = [:]
        let doubtful = Self.doubtfulCanonicals(stories)
        for (index, story) in stories.enumerated() {
            for key in Self.addressKeys(of: story, ignoringCanonicals: doubtful) {
                if let owner = owners[key] { sets.union(owner, index) } else { owners[key] = index }
            }
        }
        if textsCompared {
            let fingerprints = stories.map { story in story.article.map { similarity.fingerprint($0.text) } }
            for left in fingerprints.indices {
                guard let first = fingerprints[left] else { continue }
                for right in fingerprints.indices where right > left {
                    // Texts are compared across sites only: a wire story on ten sites is one, while one site's
                    // pages share its own boilerplate and its own follow-ups, which stay apart.
                    guard let second = fingerprints[right], sets.find(left) != sets.find(right),
                        !Self.sameSite(stories[left].link, stories[right].link)
                    else { continue }
                    if similarity.isNearIdentical(first, second) { sets.union(left, right) }
                }
            }
        }
        var members: [Int: [Int]] = [:]
        var order: [Int] = []
        for index in stories.indices {
            let root = sets.find(index)
            if members[root] == nil { order.append(root) }
            members[root, default: []].append(index)
        }
        return order.map { members[$0] ?? [$0] }
    }

    /// The story a set stands for: its first published member (equal dates: the first), with the other members'
    /// addresses on other sites added to its ``Story/alsoAt``.
    private func kept(_ group: [Int], of stories: [Story]) -> (index: Int, story: Story) {
        guard group.count > 1 else { return (group[0], stories[group[0]]) }
        let keptIndex =
            group.min { lhs, rhs in
                let (left, right) = (stories[lhs].displayDate, stories[rhs].displayDate)
                return left != right ? left < right : lhs < rhs
            } ?? group[0]
        var kept = stories[keptIndex]
        var known = Set(Self.addressKeys(of: kept))
        for index in group where index != keptIndex {
            let other = stories[index]
            for link in [other.link] + other.alsoAt {
                let key = CanonicalURL.key(link.text)
                // Another form of the same page is not "another place": only other addresses are listed.
                guard known.insert("link " + key).inserted, !Self.sameSite(link, kept.link) else { continue }
                kept.alsoAt.append(link)
            }
        }
        return (keptIndex, kept)
    }

    /// The addresses a story is known by: its link, its page's `rel="canonical"`, its other places.
    static func addressKeys(of story: Story, ignoringCanonicals doubtful: Set<String> = []) -> [String] {
        var keys = ["link " + CanonicalURL.key(story.link.text)]
        if let canonical = story.article?.canonical {
            let key = "link " + CanonicalURL.key(canonical.absoluteString)
            if !doubtful.contains(key) { keys.append(key) }
        }
        keys += story.alsoAt.map { "link " + CanonicalURL.key($0.text) }
        return keys
    }

    /// Canonical addresses that three or more stories with different links give as their page's own: a section
    /// or a home page a misconfigured site names on every article, not one story's address. Not used to merge.
    static func doubtfulCanonicals(_ stories: [Story]) -> Set<String> {
        var claims: [String: Set<String>] = [:]
        for story in stories {
            guard let canonical = story.article?.canonical else { continue }
            claims["link " + CanonicalURL.key(canonical.absoluteString), default: []].insert(
                CanonicalURL.key(story.link.text))
        }
        return Set(claims.filter { $0.value.count >= 3 }.keys)
    }

    /// Whether two links are on the same site compared canonically (host without `www.` or `amp.`).
    static func sameSite(_ left: StoryLink, _ right: StoryLink) -> Bool {
        func site(_ link: StoryLink) -> Substring {
            let key = CanonicalURL.key(link.text)
            return key.prefix { $0 != "/" && $0 != "?" }
        }
        return site(left) == site(right)
    }
}

/// Union-find over indices, for stories found one by any of several rules.
struct DisjointSets {
    private var parents: [Int]

    init(count: Int) { parents = Array(0..<count) }

    mutating func find(_ index: Int) -> Int {
        var root = index
        while parents[root] != root { root = parents[root] }
        var node = index
        while parents[node] != root {
            let next = parents[node]
            parents[node] = root
            node = next
        }
        return root
    }

    /// Joins the sets of `left` and `right`; the smaller index stays the root, so a set's root is its first story.
    mutating func union(_ left: Int, _ right: Int) {
        let (a, b) = (find(left), find(right))
        guard a != b else { return }
        if a < b { parents[b] = a } else { parents[a] = b }
    }
}
