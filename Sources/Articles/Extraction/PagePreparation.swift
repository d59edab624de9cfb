import NewsModel

/// The page made ready for scoring: scripts and styles gone, lazy-loaded images given their real
/// address (from `data-src`/`data-srcset`-style attributes or the `<noscript>` copy beside them),
/// `<br><br>` runs turned into paragraphs, `<font>` into `<span>`.
enum PagePreparation {
    static func prepare(_ tree: inout PageTree) {
        unwrapNoscriptImages(&tree)
        // A formula's annotations are its source (TeX, `x=`), not what it shows.
        let removed: TagSet = ["script", "style", "noscript", "template", "link", "annotation", "annotation-xml"]
        for index in tree.elements(named: removed) { tree.detach(index) }
        tree.compact()
        for index in tree.elements(named: ["font"]) { tree[index].name = "span" }
        fixLazyImages(&tree, under: 0)
        if let body = tree.first("body") { replaceBreaks(&tree, under: body) }
    }

    static let imageExtensions = [".jpg", ".jpeg", ".png", ".webp", ".gif", ".avif"]

    static func mentionsImage(_ value: String) -> Bool {
        // Byte search: Foundation's `contains` (through NSString) on every image attribute cost
        // more than the rest of the page's preparation.
        let lower = value.lowercasedCheaply()
        return imageExtensions.contains { UTF8Text.containsBytes(lower, $0) }
    }

    /// Placeholder images (no address at all) removed; a `<noscript>` holding one image replaces the
    /// image element just before it, keeping the placeholder's other image addresses.
    static func unwrapNoscriptImages(_ tree: inout PageTree) {
        for image in tree.elements(named: ["img"]) {
            let node = tree[image]
            let hasSource = node.attributes.contains {
                ["src", "srcset"].contains($0.name) || lazySourceAttributes.contains($0.name)
                    || lazySourceSetAttributes.contains($0.name) || mentionsImage($0.value)
            }
            if !hasSource { tree.remove(image) }
        }
        for noscript in tree.elements(named: ["noscript"]) where isSingleImage(tree, noscript) {
            let parent = tree[noscript].parent
            guard parent >= 0, let position = tree[parent].children.firstIndex(of: noscript) else { continue }
            guard
                let previous = tree[parent].children[..<position].last(where: {
                    !tree[$0].isText || !TextWhitespace.isBlank(tree[$0].text)
                }), !tree[previous].isText, isSingleImage(tree, previous)
            else { continue }
            let previousImage = tree[previous].name == "img" ? previous : tree.first("img", under: previous)
            guard let previousImage, let newImage = tree.first("img", under: noscript) else { continue }
            for attribute in tree[previousImage].attributes where !attribute.value.isEmpty {
                guard attribute.name == "src" || attribute.name == "srcset" || mentionsImage(attribute.value) else {
                    continue
                }
                if tree[newImage].attribute(attribute.name) == attribute.value { continue }
                let name =
                    tree[newImage].attribute(attribute.name) != nil ? "data-old-" + attribute.name : attribute.name
                tree[newImage].setAttribute(name, attribute.value)
            }
            tree.remove(newImage)
            // The noscript's image takes the placeholder's place.
            if let slot = tree[parent].children.firstIndex(of: previous) {
                tree[parent].children[slot] = newImage
                tree[newImage].parent = parent
                tree[previous].parent = -1
            }
        }
    }

    /// Whether `index` is an image or holds exactly one image and no text.
    static func isSingleImage(_ tree: PageTree, _ index: Int) -> Bool {
        var current = index
        while true {
            if tree[current].name == "img" { return true }
            let children = tree[current].children.filter { !tree[$0].isText }
            if children.count != 1 || !tree.isBlank(current) { return false }
            current = children[0]
        }
    }

    /// Images whose real address sits in a lazy-loading attribute get it as `src`/`srcset`
    /// (Readability's `_fixLazyImages`, also for `<picture>` and `<figure>`).
    static func fixLazyImages(_ tree: inout PageTree, under root: Int) {
        for index in tree.elements(named: ["img", "picture", "figure"], under: root) {
            var node = tree[index]
            // The attributes lazy loaders keep the real address in, by name: their value counts whatever it looks
            // like (a CDN address often has no file extension).
            let lazySource = lazySourceAttributes.lazy.compactMap { node.attribute($0) }.map { $0.trimmingSpaces() }
                .first { !$0.isEmpty && !$0.lowercased().hasPrefix("data:") }
            let lazySourceSet = lazySourceSetAttributes.lazy.compactMap { node.attribute($0) }
                .map { $0.trimmingSpaces() }.first { !$0.isEmpty && !$0.lowercased().hasPrefix("data:") }
            if let src = node.attribute("src"), src.lowercased().hasPrefix("data:") {
                // A tiny inline placeholder (a 1×1 GIF, an SVG of the picture's size) stands in for the real image
                // held elsewhere.
                let others =
                    lazySource != nil || lazySourceSet != nil
                    || node.attributes.contains { $0.name != "src" && mentionsImage($0.value) }
                if others || src.count < 133 { node.attributes.removeAll { $0.name == "src" } }
            }
            if node.name == "img" {
                if let lazySource, isPlaceholder(node.attribute("src")) { node.setAttribute("src", lazySource) }
                if let lazySourceSet, isPlaceholder(node.attribute("srcset")) {
                    node.setAttribute("srcset", lazySourceSet)
                }
            }
            let hasSource = !(node.attribute("src") ?? "").isEmpty || !(node.attribute("srcset") ?? "").isEmpty
            let lazyClass = UTF8Text.containsBytes((node.attribute("class") ?? "").lowercasedCheaply(), "lazy")
            if hasSource && !lazyClass {
                tree[index] = node
                continue
            }
            for attribute in node.attributes {
                guard !["src", "srcset", "alt"].contains(attribute.name) else { continue }
                let value = attribute.value.trimmingSpaces()
                var copyTo: String?
                if looksLikeSourceSet(value) {
                    copyTo = "srcset"
                } else if !value.utf8.contains(0x20), mentionsImage(value) {
                    copyTo = "src"
                }
                guard let copyTo else { continue }
                if node.name == "img" || node.name == "picture" {
                    node.setAttribute(copyTo, value)
                } else if node.name == "figure", tree.elements(named: ["img", "picture"], under: index).isEmpty {
                    var image = PageTree.Node(name: "img", parent: index)
                    image.setAttribute(copyTo, value)
                    tree[index] = node
                    tree.append(image)
                    node = tree[index]
                }
            }
            tree[index] = node
        }
    }

    /// Where lazy loaders (lazysizes, lozad, WordPress, jQuery lazyload, Echo) keep an image's real address.
    static let lazySourceAttributes = [
        "data-src", "data-lazy-src", "data-original", "data-lazy", "data-url", "data-hi-res-src", "data-full-src",
        "data-orig-src", "data-echo", "data-actualsrc",
    ]
    /// And its real `srcset`.
    static let lazySourceSetAttributes = ["data-srcset", "data-lazy-srcset", "data-original-set"]

    /// No address, an inline `data:` address, or a file named as a stand-in (`blank.gif`, `spacer.gif`,
    /// `placeholder.png`, `1x1.gif`, `lazy.gif`, `loading.svg`, …): not the picture itself.
    static func isPlaceholder(_ address: String?) -> Bool {
        guard let address = address?.trimmingSpaces(), !address.isEmpty else { return true }
        let lower = address.lowercasedCheaply()
        if lower.hasPrefix("data:") { return true }
        let path = lower.split(separator: "?", maxSplits: 1).first.map(String.init) ?? lower
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let stem = file.split(separator: ".").first.map(String.init) ?? file
        let standIns = [
            "blank", "spacer", "pixel", "placeholder", "transparent", "lazy", "loading", "loader", "grey", "gray",
            "empty", "1x1", "clear", "dummy", "trans",
        ]
        return standIns.contains { stem == $0 || stem.hasPrefix($0 + "-") || stem.hasPrefix($0 + "_") }
            || stem.hasSuffix("-placeholder") || stem.hasSuffix("_placeholder")
    }

    /// `a.jpg 1x, b.jpg 2x`: an image name followed by a width or density.
    static func looksLikeSourceSet(_ value: String) -> Bool {
        let lower = Array(value.lowercased().utf8)
        for fileExtension in imageExtensions {
            let needle = Array(fileExtension.utf8)
            var search = 0
            while let found = firstIndex(of: needle, in: lower, from: search) {
                var rest = found + needle.count
                // A query string may follow the extension.
                if rest < lower.count, lower[rest] == 0x3F {
                    while rest < lower.count, !isWhitespace(lower, at: rest) { rest += 1 }
                }
                var next = rest
                while next < lower.count, lower[next] == 0x20 { next += 1 }
                if next > rest, next < lower.count,
                    String(decoding: lower[next...].prefix(16), as: UTF8.self).first?.isNumber == true
                {
                    return true
                }
                search = found + needle.count
            }
        }
        return false
    }

    /// Where `needle` starts in `bytes` at or after `start`.
    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// Whether the character starting at byte `index` is whitespace (`Character.isWhitespace`).
    private static func isWhitespace(_ bytes: [UInt8], at index: Int) -> Bool {
        let byte = bytes[index]
        if byte < 0x80 { return byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        return String(decoding: bytes[index...].prefix(4), as: UTF8.self).first?.isWhitespace == true
    }

    /// Two or more `<br>` in a row end a paragraph: what follows them, up to the next run or block,
    /// becomes a `<p>` (Readability's `_replaceBrs`).
    static func replaceBreaks(_ tree: inout PageTree, under root: Int) {
        for br in tree.elements(named: ["br"], under: root) {
            guard tree[br].parent >= 0, !tree.clock.spend(), tree.isAttached(br) else { continue }
            var replaced = false
            // Remove the <br>s that follow this one (whitespace between them allowed).
            while let next = nextElementSibling(tree, br), tree[next].name == "br" {
                replaced = true
                let parent = tree[br].parent
                guard let position = tree[parent].children.firstIndex(of: br),
                    let nextPosition = tree[parent].children.firstIndex(of: next)
                else { break }
                tree[parent].children.removeSubrange((position + 1)...nextPosition)
                tree[next].parent = -1
            }
            guard replaced else { continue }
            let parent = tree[br].parent
            var paragraphChildren: [Int] = []
            guard let start = tree[parent].children.firstIndex(of: br) else { continue }
            var position = start + 1
            while position < tree[parent].children.count {
                let sibling = tree[parent].children[position]
                if tree[sibling].name == "br", let after = nextElementSibling(tree, sibling), tree[after].name == "br" {
                    break
                }
                if !tree[sibling].isText, !ContentScorer.phrasingTags.contains(tree[sibling].tag),
                    !["a", "del", "ins"].contains(tree[sibling].name)
                {
                    break
                }
                paragraphChildren.append(sibling)
                position += 1
            }
            while let last = paragraphChildren.last,
                tree[last].isText ? TextWhitespace.isBlank(tree[last].text) : tree[last].name == "br"
            {
                paragraphChildren.removeLast()
            }
            let paragraph = tree.nodes.count
            tree.nodes.append(PageTree.Node(name: "p", parent: parent, children: paragraphChildren))
            for child in paragraphChildren { tree[child].parent = paragraph }
            var children = tree[parent].children
            children.removeAll { tree[$0].parent == paragraph }
            guard let brPosition = children.firstIndex(of: br) else { continue }
            children[brPosition] = paragraph
            tree[parent].children = children
            tree[br].parent = -1
            // A <p> inside a <p> is invalid: make the outer one a div.
            if tree[parent].name == "p" { tree[parent].name = "div" }
        }
    }

    /// The next element after `index` among its siblings, skipping whitespace-only text.
    static func nextElementSibling(_ tree: PageTree, _ index: Int) -> Int? {
        let parent = tree[index].parent
        guard parent >= 0, !tree.clock.spend(tree[parent].children.count),
            let position = tree[parent].children.firstIndex(of: index)
        else { return nil }
        for sibling in tree[parent].children[(position + 1)...] {
            if tree[sibling].isText {
                if TextWhitespace.isBlank(tree[sibling].text) { continue }
                return nil
            }
            return sibling
        }
        return nil
    }
}
