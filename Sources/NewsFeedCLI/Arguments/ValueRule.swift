/// What an option's value must be, declared in the option table and checked by ``ArgumentParser``.
public enum ValueRule: Sendable, Equatable {
    /// Any text; the command checks what only it can (a URL, a duration, a feed's path).
    case text
    /// A whole number in `range`; `meaning` completes "`--port 99999` is not …", e.g. `a port number (0-65535)`.
    case wholeNumber(ClosedRange<Int>, meaning: String)
    /// One of `names`, in any case.
    case oneOf([String])

    /// Why `value` breaks the rule, worded to follow "`--option value`", or nil when it follows it.
    public func problem(with value: String) -> String? {
        switch self {
        case .text:
            return nil
        case .wholeNumber(let range, let meaning):
            guard let number = Int(value), range.contains(number) else { return "is not \(meaning)" }
            return nil
        case .oneOf(let names):
            return names.contains(value.lowercased()) ? nil : "is not one of \(names.joined(separator: ", "))"
        }
    }
}
