/// A small parser in the shape of swift-argument-parser (which we cannot depend on):
/// declared options, `--name value` or `--name=value`, `--` to end options.
public struct ArgumentParser: Sendable {
    /// One option a command accepts.
    public struct Option: Sendable {
        public var name: String
        public var takesValue: Bool
        public var repeatable: Bool

        public static func flag(_ name: String) -> Option { Option(name: name, takesValue: false, repeatable: false) }
        public static func value(_ name: String, repeatable: Bool = false) -> Option {
            Option(name: name, takesValue: true, repeatable: repeatable)
        }
    }

    public var command: String
    public var options: [Option]
    /// How many positional arguments are allowed.
    public var positionals: ClosedRange<Int>

    public init(command: String, options: [Option], positionals: ClosedRange<Int> = 0...0) {
        self.command = command
        self.options = options + [.flag("--help"), .flag("-h")]
        self.positionals = positionals
    }

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
            guard let option = options.first(where: { $0.name == name }) else {
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
            throw UsageError("newsfeed \(command): missing argument (see `newsfeed help \(command)`)")
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

    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    public var wantsHelp: Bool { has("--help") || has("-h") }
}
