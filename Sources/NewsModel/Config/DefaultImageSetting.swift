import Foundation

/// `defaults.image`: what a story without a usable image carries.
public enum DefaultImageSetting: Sendable, Hashable {
    /// newsfeed's own image, written to `<output>/assets/` and served under `site`.
    case bundled
    /// An image hosted elsewhere.
    case url(URL)
    /// No image: such stories have no enclosure.
    case none

    /// What stories without a usable image carry when feeds are served under `site`.
    public func storyImage(site: URL) -> StoryImage? {
        switch self {
        case .none: nil
        case .url(let url): StoryImage(url: url, mimeType: ImageURL.mimeType(for: url), length: 0)
        case .bundled: DefaultImageAsset.storyImage(site: site)
        }
    }
}
