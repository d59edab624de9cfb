import CLibXML2

/// libxml2's global state (its dictionary lock, encodings, memory hooks), set up once before the first parse.
///
/// libxml2 sets it up lazily on first use, and two threads doing so at once could both stop for good in
/// `xmlDictCreate`'s lock; `xmlInitParser()` first, from a Swift `static let` (run once, thread-safe), avoids it.
enum LibXML2Setup {
    static let done: Void = xmlInitParser()
}
