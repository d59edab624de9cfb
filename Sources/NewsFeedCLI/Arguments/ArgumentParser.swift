/// A small parser in the shape of swift-argument-parser (which we cannot depend on):
/// declared options, `--name value` or `--name=value`, `--` to end options.
///
/// The options are the command's one table: the same values give the parser, the help text, the
/// usage lines and the man page (``CommandSpec``), so they cannot drift apart.
public struct ArgumentParser: Sendable {
    /// One option a command accepts, with its help and the rule its value must follow.
    public struct Option: Sendable {
        public var name: String
        /// The value's placeholder in usage and help (`PATH`); nil for a flag.
        public var valueName: String?
        public var repeatable: Bool
        /// What the option does, for help and the man page; `\n` starts a continuation line.
        public var help: String
        /// What a value must be; checked by the parser, so every command words a bad value alike.
        public var rule: ValueRule

        public var takesValue: Bool { valueName != nil }

        public static func flag(_ name: String, help: String = "") -> Option {
            Option(name: name, valueName: nil, repeatable: false, help: help, rule: .text)
        }

        public static func value(
            _ name: String, _ valueName: String = "VALUE", repeatable: Bool = false, rule: ValueRule = .text,
            help: String = ""
        ) -> Option {
            Option(name: name, valueName: valueName, repeatable: repeatable, help: help, rule: rule)
        }
    }

    public var command: String
    /// The declared options, in the order help and usage show them.
    public var options: [Option]
    /// How many positional arguments are allowed.
    public var positionals: ClosedRange<Int>
    /// Pairs of options that cannot be given together.
    public var exclusive: [(String, String)]
    /// The positional argument as usage shows it and what it is, e.g. `("PAGE", "a saved HTML file, …")`, for the
    /// line that says it is missing; nil for a command that takes none.
    public var positional: (name: String, meaning: String)?

    public init(
        command: String, options: [Option], positionals: ClosedRange<Int> = 0...0, exclusive: [(String, String)] = [],
        positional: (name: String, meaning: String)? = nil
    ) {
        self.command = command
        self.options = options
        self.positionals = positionals
        self.exclusive = exclusive
        self.positional = positional
    }

    /// The options with the two every command accepts.
    private var accepted: [Option] { options + [.flag("--help"), .flag("-h")] }

    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = accepted.first(where: { $0.name == name }) else {
                throw UsageError("newsfeed \(command): unknown option \(name) (see `newsfeed help \(command)`)")
            }
            if option.takesValue {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError("newsfeed \(command): \(name) needs a value")
                }
                if !option.repeatable, parsed.values[name] != nil {
                    throw UsageError("newsfeed \(command): \(name) given twice")
                }
                parsed.values[name, default: []].append(value)
            } else {
                if inlineValue != nil {
                    throw UsageError("newsfeed \(command): \(name) takes no value")
                }
                parsed.flags.insert(name)
            }
        }
        if parsed.wantsHelp { return parsed }
        if parsed.positionals.count > positionals.upperBound {
            let extra = parsed.positionals[positionals.upperBound]
            throw UsageError("newsfeed \(command): unexpected argument \"\(extra)\" (see `newsfeed help \(command)`)")
        }
        if parsed.positionals.count < positionals.lowerBound {
            // Named, with what it is: "missing argument" alone leaves the reader to guess which.
            let named = positional.map { " \($0.name): \($0.meaning)" } ?? ""
            throw UsageError("newsfeed \(command): missing argument\(named) (see `newsfeed help \(command)`)")
        }
        for (first, second) in exclusive where parsed.isGiven(first) && parsed.isGiven(second) {
            throw UsageError("newsfeed \(command): \(first) and \(second) exclude each other")
        }
        for option in options {
            for value in parsed.allValues(option.name) {
                if let problem = option.rule.problem(with: value) {
                    throw UsageError("newsfeed \(command): \(option.name) \(value) \(problem)")
                }
            }
        }
        return parsed
    }
}

/// What ``ArgumentParser`` found.
public struct ParsedArguments: Sendable, Equatable {
    public var values: [String: [String]] = [:]
    public var flags: Set<String> = []
    public var positionals: [String] = []

    public init() {}

    /// The value of a single-valued option.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option, in order.
    public func allValues(_ name: String) -> [String] { values[name] ?? [] }

    /// The value of an option whose rule is ``ValueRule/wholeNumber(_:meaning:)``, already checked.
    public func wholeNumber(_ name: String) -> Int? { value(name).flatMap { Int($0) } }

    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// True when the option was given, as a flag or with a value.
    public func isGiven(_ name: String) -> Bool { has(name) || values[name] != nil }

    public var wantsHelp: Bool { has("--help") || has("-h") }
}
