import CropEngine
import CropJSON
import CropPipeline
import CropScenario

/// A usage error: one line on stderr, exit 2.
public struct UsageError: Error, Sendable, CustomStringConvertible {
    /// What is wrong with the command line.
    public var message: String
    /// The subcommand whose help the hint names, or nil for the main help.
    public var command: String?
    public var description: String {
        let hint = command.map { "see 'cropreplay help \($0)'" } ?? "see 'cropreplay --help'"
        return "\(message) (\(hint))"
    }
}

/// The parsed command line of one subcommand: positionals, flags and option values, checked
/// against the command's declaration.
struct ParsedArguments {
    var positionals: [String] = []
    var options: [String: String] = [:]
    var flags: Set<String> = []
    /// Every value of each option, in order (`options` keeps the last; `compare --vary` takes two).
    var repeated: [String: [String]] = [:]
    let command: String
    /// The user's policies and curves (`CropReplayCommand.main(registering:)`), for every
    /// scenario the command loads.
    var registrations = Registrations.builtIn
    /// The running program's name (`custom-cropreplay` for a user's own CLI), for the command
    /// lines that messages suggest: only that program knows the user's models and policies.
    var program = CLI.defaultProgram

    init(_ args: [String], spec: CommandSpec) throws(UsageError) {
        command = spec.name
        let byName = Dictionary(spec.options.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var i = 0
        var onlyPositionals = false
        while i < args.count {
            let a = args[i]
            i += 1
            if onlyPositionals || !a.hasPrefix("-") || a == "-" {
                positionals.append(a)
                continue
            }
            if a == "--" {
                onlyPositionals = true
                continue
            }
            var name = a
            var inline: String?
            if let eq = a.firstIndex(of: "=") {
                name = String(a[..<eq])
                inline = String(a[a.index(after: eq)...])
            }
            guard let option = byName[name] else {
                let hint = Self.closest(name, in: spec.options.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
                throw UsageError(message: "unknown option '\(Echo.cap(name))'\(hint)", command: command)
            }
            if option.value == nil {
                if inline != nil { throw UsageError(message: "'\(name)' takes no value", command: command) }
                flags.insert(name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard i < args.count else { throw UsageError(message: "missing value for '\(name)'", command: command) }
                value = args[i]
                i += 1
            }
            if option.isPath && value.isEmpty {
                throw UsageError(message: "'\(name)' expects a path, got an empty one", command: command)
            }
            options[name] = value
            repeated[name, default: []].append(value)
        }
        let count = positionals.count
        let minimum = spec.arguments.reduce(0) { $0 + $1.min }
        let maximum: Int? =
            spec.arguments.contains { $0.max == nil } ? nil : spec.arguments.reduce(0) { $0 + ($1.max ?? 0) }
        if count < minimum, let first = spec.arguments.first {
            throw UsageError(message: "missing expected argument '<\(first.name)>'", command: command)
        }
        if let maximum, count > maximum {
            let extra = positionals[maximum]
            throw UsageError(
                message: maximum == 0
                    ? "unexpected argument '\(Echo.cap(extra))' (\(command) takes none)"
                    : "unexpected extra argument '\(Echo.cap(extra))' (\(command) takes \(maximum))", command: command)
        }
        for p in positionals where p.isEmpty {
            throw UsageError(message: "expected a path, got an empty argument", command: command)
        }
    }

    func int(_ name: String, min: Int, max: Int) throws(UsageError) -> Int? {
        guard let v = options[name] else { return nil }
        guard let n = Int(v), n >= min, n <= max else {
            throw UsageError(
                message: "'\(name)' expects a whole number from \(min) to \(max), got '\(Echo.cap(v))'",
                command: command)
        }
        return n
    }

    func double(_ name: String, min: Double, max: Double) throws(UsageError) -> Double? {
        guard let v = options[name] else { return nil }
        guard let d = Double(v), d.isFinite, d >= min, d <= max else {
            throw UsageError(
                message:
                    "'\(name)' expects a number from \(Echo.number(min)) to \(Echo.number(max)), got '\(Echo.cap(v))'",
                command: command)
        }
        return d
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// `--thumb F` within `AnimationSize.thumbRange` (`SharedOption.thumb`), or `value` when absent.
    func thumb(default value: Double) throws(UsageError) -> Double {
        try double("--thumb", min: AnimationSize.thumbRange.lowerBound, max: AnimationSize.thumbRange.upperBound)
            ?? value
    }

    /// `--model NAME`: a registered editor model, or nil for the reference (absent, or
    /// `reference`).
    func model() throws(UsageError) -> String? {
        guard let name = options["--model"], name != Registrations.reference else { return nil }
        guard registrations.modelNames.contains(name) else {
            let names = [Registrations.reference] + registrations.modelNames
            let hint = Self.closest(name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError(
                message:
                    "unknown model '\(Echo.cap(name))'\(hint); expected one of \(names.joined(separator: ", "))"
                    + (names.count == 1 ? " (register your own with CropReplayCommand.main(registering:))" : ""),
                command: command)
        }
        return name
    }

    /// `--golden`, or `golden` for the reference model and `golden-NAME` for a model of your own.
    func goldenDir() throws(UsageError) -> String {
        if let dir = options["--golden"] { return dir }
        return try model().map { "golden-\($0)" } ?? "golden"
    }

    /// A likely intended name for a typo (the scenario decoder's rule).
    static func closest(_ word: String, in options: [String]) -> String? { Suggest.closest(word, in: options) }
}
