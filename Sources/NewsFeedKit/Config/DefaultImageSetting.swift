import Foundation

/// `defaults.image`: what a story without a usable image carries.
public enum DefaultImageSetting: Sendable, Hashable {
    /// newsfeed's own image, written to `<output>/assets/` and served under `site`.
    case bundled
    /// An image hosted elsewhere.
    case url(URL)
    /// No image: such stories have no enclosure.
    case none
}
