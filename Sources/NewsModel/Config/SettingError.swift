/// A duration or a numeric setting that is not what the config or an option allows.
public enum SettingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `text` given for the option or setting `label` is not a duration such as `30s`.
    case invalidDuration(label: String, text: String)
    /// A setting or option is out of range; `problem` says what is allowed.
    case invalidSetting(name: String, problem: String)

    public var description: String {
        switch self {
        case .invalidDuration(let label, let text):
            "\(label): \"\(text)\" is not a duration (use e.g. 30s, 15m, 1h)"
        case .invalidSetting(let name, let problem):
            "\(name): \(problem)"
        }
    }
}
