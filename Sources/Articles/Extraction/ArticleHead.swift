import NewsModel

/// What sites put above an article's first paragraph inside its container (issue 28, point 1, at the other end): a
/// breadcrumb trail, a share bar left as words, a line that only dates the article or lists its author, category
/// and tags, an affiliate disclosure. Walking forward from the first block, headings are passed over, each such line
/// goes, and the walk stops at the first block of the story.
enum ArticleHead {
    /// Removes the opening furniture of `content`.
    static func trimOpeningFurniture(_ tree: inout PageTree, content: Int) {
        // A page of a few words has no furniture (as for the closing walk).
        guard tree.textLength(content) >= 600 else { return }
        for block in ArticleTail.textBlocks(tree, under: content, fromEnd: false, limit: 8) {
            if ArticleTail.headingNames.contains(tree[block].name) { continue }
            guard isOpeningFurniture(tree, block) else { return }
            tree.remove(block)
        }
    }

    /// A short block (at most 40 words) that is a breadcrumb trail, a share bar, an affiliate disclosure, a date
    /// line or a line of the article's labels.
    static func isOpeningFurniture(_ tree: PageTree, _ block: Int) -> Bool {
        let text = tree.normalizedText(block)
        guard text.utf8.count <= 400, Article.wordCount(text) <= 40 else { return false }
        let lowered = text.lowercased()
        return isBreadcrumb(lowered) && tree.linkDensity(block) >= 0.3 || isShareBar(lowered)
            || disclosures.contains { UTF8Text.containsBytes(lowered, $0) } || isMetaLine(lowered)
            || isDateLine(lowered)
    }

    /// `Home » News » Local`: two separators or more between short parts.
    static func isBreadcrumb(_ text: String) -> Bool {
        let parts = text.split(whereSeparator: { "»›".contains($0) })
        let spacedArrows = text.components(separatedBy: " > ").count - 1
        let count = max(parts.count - 1, spacedArrows)
        return count >= 2 && Article.wordCount(text) <= 20
    }

    /// The names of a share bar's buttons, in the languages of the corpora.
    static let shareWords: Set<String> = [
        "facebook", "twitter", "whatsapp", "pinterest", "pin", "pint", "pinit", "linkedin", "reddit", "tumblr",
        "telegram", "email", "mail", "print", "share", "tweet", "x", "flipboard", "messenger", "copy", "link", "sms",
        "baixar", "download", "imprimir", "compartilhar", "compartir", "partager", "teilen", "drucken", "condividi",
        "stampa", "e", "on", "this", "article", "comments", "comment", "save",
    ]

    /// The networks one of which a share bar names.
    static let networks: Set<String> = [
        "facebook", "twitter", "whatsapp", "pinterest", "linkedin", "reddit", "telegram",
    ]

    /// `Whatsapp Facebook Pint Baixar`, `Share on Facebook Twitter Email`: every word a share button's, and a
    /// network named.
    static func isShareBar(_ text: String) -> Bool {
        let words = text.split(whereSeparator: { !$0.isLetter }).map(String.init)
        return words.count >= 2 && words.allSatisfy(shareWords.contains) && words.contains(where: networks.contains)
    }

    /// What an affiliate disclosure says (lowercased).
    static let disclosures = [
        "affiliate link", "affiliate and/or", "may contain affiliate", "referral link", "we may earn",
        "earn a commission", "earns a commission", "may receive a commission", "contains affiliate",
        "affiliate commission",
    ]

    /// Labels of an article's details, before a colon.
    static let labels = [
        "publicado por", "posted by", "posted in", "published by", "written by", "categoria", "categorias",
        "category", "categories", "tags", "filed under", "autor", "author", "kategorie", "catégorie", "etiquetas",
    ]

    /// `05/10/2018 - Publicado por: Clarissa Borba - Categoria: Saúde - Tags: sad`: two labels with their colons.
    static func isMetaLine(_ text: String) -> Bool {
        labels.filter { UTF8Text.containsBytes(text, $0 + ":") }.count >= 2
    }

    /// Months and weekdays (English, Portuguese, Spanish, French, German, Italian), full and short.
    static let calendarWords: Set<String> = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
        "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "monday",
        "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "janeiro", "fevereiro", "março", "abril",
        "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro", "segunda", "terça",
        "quarta", "quinta", "sexta", "sábado", "domingo", "enero", "febrero", "marzo", "mayo", "junio", "julio",
        "septiembre", "octubre", "noviembre", "diciembre", "lunes", "martes", "miércoles", "jueves", "viernes",
        "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre",
        "décembre", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche", "januar", "februar",
        "märz", "juni", "juli", "oktober", "dezember", "montag", "dienstag", "mittwoch", "donnerstag", "freitag",
        "samstag", "sonntag", "gennaio", "febbraio", "aprile", "maggio", "giugno", "luglio", "settembre", "ottobre",
        "dicembre", "lunedì", "martedì", "mercoledì", "giovedì", "venerdì",
    ]

    /// The other words of a date line: times of day, zones, what it says of the date, and the words that join them.
    static let dateJoiners: Set<String> = [
        "feira", "am", "pm", "utc", "gmt", "et", "est", "edt", "cst", "cdt", "pst", "pdt", "cet", "cest", "bst", "de",
        "of", "at", "às", "as", "a", "le", "à", "el", "the", "on", "em", "um", "by", "por", "von", "h", "updated",
        "published", "posted", "publicado", "atualizado", "actualizado", "publié", "veröffentlicht", "aktualisiert",
        "pubblicato", "aggiornato", "last", "first",
    ]

    /// `segunda-feira, 22 de janeiro de 2018 às 0:13`, `2/26/2015 7:11 AM PST BY TMZ STAFF`: a date (a year with a
    /// month or a time, or a numeric date) and little else (at most three other words: a name), no sentence.
    static func isDateLine(_ text: String) -> Bool {
        guard Article.wordCount(text) <= 15, !text.hasSuffix(".") else { return false }
        let words = text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == ":" || $0 == "/") })
        let hasYear = words.contains { word in
            let digits = word.split(whereSeparator: { $0 == "/" }).last ?? word
            return digits.count == 4 && digits.allSatisfy(\.isNumber)
                && (digits.hasPrefix("19") || digits.hasPrefix("20"))
        }
        let numericDate = words.contains {
            $0.split(separator: "/").count == 3 && $0.allSatisfy { $0.isNumber || $0 == "/" }
        }
        let time = words.contains {
            $0.contains(":") && $0.split(separator: ":").allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
        }
        let calendar = words.contains { calendarWords.contains(String($0)) }
        guard numericDate || hasYear && (calendar || time) else { return false }
        let others = words.filter { word in
            let name = String(word)
            return !word.allSatisfy { $0.isNumber || $0 == ":" || $0 == "/" } && !calendarWords.contains(name)
                && !dateJoiners.contains(name)
        }
        return others.count <= 3
    }
}
