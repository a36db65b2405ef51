import Foundation
import CropScenario
import CropEngine
import CropGoldens

/// Where the CLI writes: stdout and stderr, replaceable in tests.
public struct Console: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.err = err
    }
    public static let standard = Console(
        out: { s in FileHandle.standardOutput.write(Data((s + "\n").utf8)) },
        err: { s in FileHandle.standardError.write(Data((s + "\n").utf8)) })
}

/// The `cropreplay` command line. `run(arguments)` returns the exit code:
/// 0 ok, 1 check mismatch, 2 bad input or usage, 3 internal error.
public enum CLI {
    public static func run(_ arguments: [String], console: Console = .standard) -> Int32 {
        guard let first = arguments.first else {
            console.out(Help.main)
            return 0
        }
        let rest = Array(arguments.dropFirst())
        do {
            switch first {
            case "-h", "--help":
                console.out(Help.main)
                return 0
            case "--version":
                console.out(Help.version)
                return 0
            case "help":
                if let c = rest.first {
                    guard let text = Help.details[c] else { throw UsageError(message: "unknown subcommand '\(c)'", command: nil) }
                    console.out(text)
                } else {
                    console.out(Help.main)
                }
                return 0
            default:
                break
            }
            guard Help.details[first] != nil else {
                let names = Array(Help.details.keys).sorted()
                let hint = names.min(by: { Arguments.distance(first, $0) < Arguments.distance(first, $1) })
                    .flatMap { Arguments.distance(first, $0) <= 2 ? " (did you mean '\($0)'?)" : nil } ?? ""
                throw UsageError(message: "unknown subcommand '\(first)'\(hint)", command: nil)
            }
            if rest.contains("-h") || rest.contains("--help") {
                console.out(Help.details[first] ?? Help.main)
                return 0
            }
            switch first {
            case "run": return try Commands.run(rest, console)
            case "check": return try Commands.check(rest, console)
            case "record": return try Commands.record(rest, console)
            case "validate": return try Commands.validate(rest, console)
            case "presets": return try Commands.presets(rest, console)
            case "compare": return try Commands.compare(rest, console)
            case "schema": return try Commands.schema(rest, console)
            case "explore": return try Commands.explore(rest, console)
            default: return try Commands.demo(rest, console)
            }
        } catch let e as UsageError {
            console.err("Error: \(e.message)")
            if let c = e.command, let usage = Help.usages[c] {
                console.err("Usage: \(usage)")
                console.err("  See 'cropreplay help \(c)' for more information.")
            } else {
                console.err("Usage: cropreplay <subcommand>")
                console.err("  See 'cropreplay --help' for more information.")
            }
            return 2
        } catch let e as ReplayFailure {
            console.err("Error: \(e.description)")
            return e.exitCode
        } catch {
            console.err("Error: internal: \(error)")
            return 3
        }
    }
}
