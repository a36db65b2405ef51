import CropEngine
import CropJSON
import CropPipeline
import Foundation

/// One declaration per subcommand drives parsing, the usage line, `--help` and dispatch, in
/// the manner of swift-argument-parser.
struct CommandSpec: Sendable {
    /// A `--name` option: a flag, or one that takes a value.
    struct Option: Sendable, Hashable {
        var name: String
        /// The value's placeholder (`<dir>`), or nil for a flag.
        var value: String?
        var help: String
        /// A path value: an empty one is a usage error.
        var isPath = false
    }

    struct Argument: Sendable {
        var name: String
        var help: String
        /// How many: at least `min`, at most `max` (nil: any).
        var min: Int
        var max: Int?
    }

    var name: String
    /// One line for the main help.
    var abstract: String
    var overview: String
    var arguments: [Argument] = []
    var options: [Option] = []
    var discussion: String?
    var run: @Sendable (ParsedArguments, Console) throws -> Int32
    /// What help adds about the user's registered policies, curves and models (nil: nothing).
    var registered: (@Sendable (Registrations) -> String?)? = nil

    var usage: String {
        var parts = ["cropreplay", name]
        for a in arguments {
            let single = "<\(a.name)>"
            if a.max == 1 {
                parts.append(a.min == 0 ? "[\(single)]" : single)
            } else {
                parts.append(a.min == 0 ? "[\(single)...]" : "\(single)...")
            }
        }
        for o in options { parts.append(o.value.map { "[\(o.name) \($0)]" } ?? "[\(o.name)]") }
        return parts.joined(separator: " ")
    }

    var help: String {
        var out = "OVERVIEW: \(overview)\n\nUSAGE: \(usage)\n"
        if !arguments.isEmpty {
            out += "\nARGUMENTS:\n"
            for a in arguments { out += CommandSpec.row("<\(a.name)>", a.help) }
        }
        out += "\nOPTIONS:\n"
        for o in options { out += CommandSpec.row(o.value.map { "\(o.name) \($0)" } ?? o.name, o.help) }
        out += CommandSpec.row("-h, --help", "Show help information.")
        if let discussion { out += "\n" + discussion + "\n" }
        return out.trimmingCharacters(in: .newlines)
    }

    /// `help` with what the command says of `registrations` (their names) after it.
    func help(_ registrations: Registrations) -> String {
        guard let extra = registered?(registrations) else { return help }
        return help + "\n\n" + extra
    }

    /// `  --out <dir>             Output folder ...`, wrapped at 100 columns.
    static func row(_ left: String, _ text: String) -> String {
        let indent = 26
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && indent + line.count + word.count + 1 > 100 {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        let pad = String(repeating: " ", count: indent)
        var head = "  " + left
        if head.count >= indent {
            head += "\n" + pad
        } else {
            head += String(repeating: " ", count: indent - head.count)
        }
        return head + lines.joined(separator: "\n" + pad) + "\n"
    }
}

/// Options several commands share, declared once.
enum SharedOption {
    static let jobs = CommandSpec.Option(
        name: "--jobs", value: "<n>", help: "Threads for rendering (default: all cores). Output is identical for any n."
    )
    static let golden = CommandSpec.Option(
        name: "--golden", value: "<dir>",
        help: "Golden folder (default: golden, or golden-<name> with --model <name>).", isPath: true)
    static let model = CommandSpec.Option(
        name: "--model", value: "<name>",
        help:
            "Replay through a registered editor model of your own instead of CropReplay's (default:"
            + " reference; docs/extending.md).")
    /// `--thumb F`: `what` is scaled by F, within `AnimationSize.thumbRange` (`ParsedArguments.thumb`).
    static func thumb(_ what: String, default value: Double) -> CommandSpec.Option {
        let range = AnimationSize.thumbRange
        return CommandSpec.Option(
            name: "--thumb", value: "<f>",
            help: "Scale \(what) by f, \(Echo.number(range.lowerBound)) to \(Echo.number(range.upperBound)),"
                + " area-averaged (default: \(Echo.number(value))).")
    }
    static func out(_ defaultValue: String, _ what: String) -> CommandSpec.Option {
        CommandSpec.Option(name: "--out", value: "<dir>", help: "\(what) (default: \(defaultValue)).", isPath: true)
    }
}
