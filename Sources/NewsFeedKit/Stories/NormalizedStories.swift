import Foundation

/// The stories of a sequence of articles, made one at a time as they are read: what
/// ``StoryNormalizer/stories(from:seenAt:)`` returns as an array.
///
/// `convert` renders a 10,000-article response from this, so neither the articles nor the
/// stories are ever all in memory. Each iteration starts afresh (repeated URLs are collapsed
/// within one iteration).
public struct NormalizedStories<Articles: Sequence<NewsAPIArticle>>: Sequence {
    let articles: Articles
    let normalizer: StoryNormalizer
    let now: Date

    init(articles: Articles, normalizer: StoryNormalizer, seenAt now: Date) {
        self.articles = articles
        self.normalizer = normalizer
        self.now = now
    }

    public func makeIterator() -> Iterator {
        Iterator(articles: articles.makeIterator(), normalizer: normalizer, now: now)
    }

    /// Walks the articles, skipping those that make no story and URLs already seen.
    public struct Iterator: IteratorProtocol {
        var articles: Articles.Iterator
        let normalizer: StoryNormalizer
        let now: Date
        /// The URLs of the stories returned so far: the first of each wins.
        var seenURLs = Set<String>()
        /// Site root URLs by text: a response has far fewer sites than stories.
        var siteRoots: [String: URL] = [:]

        public mutating func next() -> Story? {
            while let article = articles.next() {
                guard let (story, key) = normalizer.story(from: article, seenAt: now, siteRoots: &siteRoots),
                    seenURLs.insert(key).inserted
                else { continue }
                return story
            }
            return nil
        }
    }
}
