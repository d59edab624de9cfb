import NewsModel

/// What a page says of a paywall (issue 28, point 10): the publisher's own declaration that the article is not free
/// (schema.org `isAccessibleForFree: false` in JSON-LD or microdata, `article:content_tier` `locked` or `metered`),
/// and a subscription prompt shown on the page (an element named as a paywall, or a short block asking the reader
/// to subscribe, log in or register to read on). Whether the page is then a teaser is decided with the article's
/// length against the feed's own text, where both are known (`FullText.PageAttempt`).
public struct PaywallSignals: Sendable, Hashable {
    /// The page declares its article not free.
    public var declared = false
    /// The page shows a subscription prompt.
    public var prompt = false

    public init(declared: Bool = false, prompt: Bool = false) {
        self.declared = declared
        self.prompt = prompt
    }

    /// Whether the page says anything of a paywall.
    public var any: Bool { declared || prompt }

    /// The most words a page that says it has a paywall gives when it is the teaser, not the article; a page of
    /// twice as many is never taken for a teaser, so the extractor does not look further for signs on it.
    public static let teaserWords = 300

    /// How `extract --explain` and the article cache name the signals: `declared not free`, `a subscription
    /// prompt`, or both; nil without any.
    public var description: String? {
        switch (declared, prompt) {
        case (true, true): "declared not free, with a subscription prompt"
        case (true, false): "declared not free"
        case (false, true): "a subscription prompt"
        case (false, false): nil
        }
    }
}

enum PaywallMarkers {
    /// Substrings of a lowercased `class id` that name a paywall or its prompt.
    static let elementNames = [
        "paywall", "pay-wall", "regwall", "reg-wall", "registration-wall", "subscriber-only", "subscribers-only",
        "subscription-wall", "subscribe-wall", "subscription-required", "content-gate", "contentgate",
        "article-gate", "meter-wall", "meterwall", "premium-wall", "locked-content", "content-locked",
        "article-locked", "piano-offer", "tp-modal", "premium-gate",
    ]

    /// Phrases that are a subscription prompt by themselves (lowercased; apostrophes as typed or curly).
    static let promptPhrases = [
        "already a subscriber", "already subscribed", "subscribe to continue", "subscribe to read",
        "subscribe now to read", "subscribe now to continue", "subscribers only", "subscriber-only",
        "only for subscribers", "only available to subscribers", "exclusive to subscribers",
        "subscriber exclusive", "for subscribers only", "reserved for subscribers", "become a subscriber to",
        "unlock this article", "unlock this story", "unlock full access", "reached your limit of free",
        "reached your free article limit", "free articles left", "free articles remaining", "this article is premium",
        "premium article", "réservé aux abonnés", "reservé aux abonnés", "exclusivo para suscriptores",
        "solo para suscriptores", "nur für abonnenten", "abonnenten lesen", "jetzt abonnieren und weiterlesen",
        "riservato agli abbonati",
    ]

    /// What a block asks the reader to do, and what for: one of each makes a prompt (`Log in to keep reading`,
    /// `Register for free to read the rest of this story`).
    static let promptActions = [
        "subscribe", "subscription", "sign in", "sign up", "log in", "login", "register", "free account",
        "free trial", "membership", "become a member", "members only",
    ]
    /// (A reason, not a mention: "read the full bill; voters must register" asks nothing.)
    static let promptGoals = [
        "to continue reading", "to keep reading", "to read the full", "to read the rest", "to read this article",
        "to read this story", "to read the article", "to read on", "for full access", "for unlimited access",
        "to unlock",
    ]

    /// Elements that hold a prompt's text.
    static let promptBlocks: TagSet = [
        "p", "div", "section", "aside", "h2", "h3", "h4", "h5", "h6", "span", "strong", "b", "em", "a", "li",
        "footer", "form",
    ]

    /// The longest text (characters) a prompt block has: longer is prose that mentions subscribing.
    static let promptLength = 320

    /// Whether any element under `root` is named as a paywall.
    static func hasPromptElement(_ tree: PageTree, under root: Int) -> Bool {
        tree.elements(under: root).contains { isNamedPaywall(tree, $0) }
    }

    /// Parts one of which every name of ``elementNames`` holds: most classes hold none, and are passed over after
    /// six searches instead of twenty-two.
    static let elementNameParts = ["wall", "subscri", "gate", "lock", "modal", "offer"]

    private static func isNamedPaywall(_ tree: PageTree, _ index: Int) -> Bool {
        let node = tree[index]
        guard node.attribute("class") != nil || node.attribute("id") != nil else { return false }
        let names = tree.classAndID(index)
        guard elementNameParts.contains(where: { UTF8Text.containsBytes(names, $0) }) else { return false }
        return elementNames.contains { UTF8Text.containsBytes(names, $0) }
    }

    /// Words one of which every prompt phrase and every prompt action holds: a block without any is no prompt,
    /// found without looking for each phrase (most blocks of most pages).
    static let anchors = [
        "subscri", "abonn", "suscript", "abbonat", "sign in", "sign up", "log in", "login", "register", "member",
        "account", "trial", "unlock", "limit", "free article", "premium",
    ]

    /// Whether `text` (lowercased) asks the reader to subscribe, log in or register to read on. Searched on the
    /// UTF-8 bytes (``UTF8Text/containsBytes(_:_:)``): Foundation's search cost seconds on long pages.
    static func isPrompt(_ text: String) -> Bool {
        guard anchors.contains(where: { UTF8Text.containsBytes(text, $0) }) else { return false }
        let text =
            UTF8Text.containsBytes(text, "\u{2019}") ? text.replacingOccurrences(of: "\u{2019}", with: "'") : text
        // A newsletter's sign-up box asks for an address, not for money to read on.
        if UTF8Text.containsBytes(text, "newsletter") { return false }
        if promptPhrases.contains(where: { UTF8Text.containsBytes(text, $0) }) { return true }
        return promptActions.contains { UTF8Text.containsBytes(text, $0) }
            && promptGoals.contains { UTF8Text.containsBytes(text, $0) }
    }

    /// Whether a block under `root` is a subscription prompt.
    static func hasPromptText(_ tree: PageTree, under root: Int) -> Bool {
        tree.elements(named: promptBlocks, under: root).contains { isPromptBlock(tree, $0) }
    }

    private static func isPromptBlock(_ tree: PageTree, _ index: Int) -> Bool {
        guard isShort(tree, index) else { return false }
        let text = tree.normalizedText(index)
        guard !text.isEmpty, text.utf8.count <= promptLength * 4, text.count <= promptLength else { return false }
        return isPrompt(asciiLowercased(text))
    }

    /// `text` with its ASCII letters lowercased, the rest as it is (the phrases' other letters are lowercase
    /// already): Unicode lowercasing of every short block was a third of a long page's extraction.
    static func asciiLowercased(_ text: String) -> String {
        var bytes = Array(text.utf8)
        for index in bytes.indices { bytes[index] = UTF8Text.asciiLowercased(bytes[index]) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the text under `index` may be a prompt's length: its raw bytes, counted until they pass what
    /// ``promptLength`` characters could take (four bytes each, with room for whitespace the count collapses), so a
    /// block holding the whole article is not read to its end for every block around it.
    private static func isShort(_ tree: PageTree, _ index: Int) -> Bool {
        let limit = promptLength * 8
        var bytes = 0
        var stack = [index]
        while let current = stack.popLast() {
            let node = tree[current]
            if node.isText {
                bytes += node.text.utf8.count
                if bytes > limit { return false }
            } else {
                stack.append(contentsOf: node.children)
            }
        }
        return true
    }

    /// A short element named as a paywall: a long one is the paid text itself, as schema.org's `cssSelector`
    /// markup names it.
    private static func isNamedPrompt(_ tree: PageTree, _ index: Int) -> Bool {
        isNamedPaywall(tree, index) && isShort(tree, index) && tree.textLength(index) <= promptLength
    }

    /// Removes the subscription prompts under `content` (never `content` itself): each short element named as a
    /// paywall, whole; each block that says a prompt, and then its wrappers while what is left of them is a
    /// button's worth of text (`Subscribe`, `Log in`). Returns whether a paywall's prompt was found:
    /// a named one, or a written one where the article's text ends.
    static func removePrompts(_ tree: inout PageTree, under content: Int) -> Bool {
        var found = false
        for index in tree.elements(under: content) where index != content && isNamedPrompt(tree, index) {
            guard tree.isAttached(index, to: content) else { continue }
            tree.remove(index)
            found = true
        }
        // Innermost first: a box holding a teaser and its prompt loses the prompt only.
        let prompts = tree.elements(named: promptBlocks, under: content).filter { index in
            index != content && isPromptBlock(tree, index)
        }
        let innermost = prompts.filter { index in
            !prompts.contains { $0 != index && PageMarkers.isAncestor(index, of: $0, in: tree) }
        }
        // A prompt says the page is a teaser only where the text ends: one with the article going on after it is
        // an aside (removed all the same), not a paywall.
        var atTheEnd = false
        for prompt in innermost where tree.isAttached(prompt, to: content) {
            if textAfter(prompt, in: tree, under: content) <= Self.promptLength { atTheEnd = true }
            var removed = prompt
            var parent = tree[removed].parent
            tree.remove(removed)
            while parent >= 0, parent != content, tree.textLength(parent) <= 40 {
                removed = parent
                parent = tree[removed].parent
                tree.remove(removed)
            }
        }
        return found || atTheEnd
    }

    /// The length of the text after `index` up to the end of `content`.
    private static func textAfter(_ index: Int, in tree: PageTree, under content: Int) -> Int {
        var length = 0
        var current = index
        while current != content, current >= 0 {
            let parent = tree[current].parent
            guard parent >= 0 else { break }
            let siblings = tree[parent].children
            if let position = siblings.firstIndex(of: current) {
                for sibling in siblings[(position + 1)...] { length += tree.textLength(sibling) }
            }
            current = parent
        }
        return length
    }
}
