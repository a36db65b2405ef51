import CropEngine
import CropJSON
import CropPipeline
import CropScenario
import Foundation

/// The `cropreplay` command line. `run(arguments)` returns the exit code:
/// 0 ok, 1 check mismatch (or explore finding), 2 bad input or usage, 3 internal error.
/// Every error is one line on stderr.
public enum CLI {
    /// The release's version (semantic versioning), printed by `cropreplay --version`: its one
    /// declaration. A release tag is this string, and CHANGELOG.md has a section of that name
    /// (docs/releasing.md).
    public static let version = "0.3.0"

    /// The subcommands, in the order help lists them.
    static let commands: [CommandSpec] = [
        Commands.runSpec, Commands.checkSpec, Commands.recordSpec, Commands.reviewSpec, Commands.compareSpec,
        Commands.validateSpec, Commands.presetsSpec, Commands.schemaSpec, Commands.exploreSpec, Commands.conformSpec,
        Commands.fitSpec, Commands.importSpec,
        Commands.playSpec,
        Commands.demoSpec,
    ]

    static func spec(_ name: String) -> CommandSpec? { commands.first { $0.name == name } }

    /// Runs one command line; scenarios may name the policies and curves in `registrations`.
    public static func run(_ arguments: [String], console: Console = .standard, registrations: Registrations = .builtIn)
        -> Int32
    {
        run(arguments, console: console, registrations: registrations, program: defaultProgram)
    }

    /// The program name suggested command lines use when the running one is not known.
    static let defaultProgram = "cropreplay"

    /// `run`, naming `program` (the running executable's name) in the command lines that
    /// messages suggest (`reproduce: custom-cropreplay run --model ...`).
    static func run(_ arguments: [String], console: Console, registrations: Registrations, program: String) -> Int32 {
        // An interrupting signal removes temporary files and staged outputs first.
        CleanupOnSignal.install()
        Parallel.shareOneHeap()
        let code = dispatch(arguments, console: console, registrations: registrations, program: program)
        if let failure = console.outputError(), failure != EPIPE {
            // stdout failed (a full disk, say): the environment's problem, one line, exit 2.
            // A closed pipe is a quiet end.
            console.err("Error: cannot write to standard output: \(FileIO.reason(failure))")
            return 2
        }
        return code
    }

    static func dispatch(
        _ arguments: [String], console: Console, registrations: Registrations = .builtIn,
        program: String = defaultProgram
    ) -> Int32 {
        guard let first = arguments.first else {
            console.out(mainHelp)
            return 0
        }
        let rest = Array(arguments.dropFirst())
        do {
            switch first {
            case "-h", "--help":
                console.out(mainHelp)
                return 0
            case "--version":
                console.out(version)
                return 0
            case "help":
                guard let name = rest.first else {
                    console.out(mainHelp)
                    return 0
                }
                guard let spec = spec(name) else {
                    throw UsageError(message: "unknown subcommand '\(Echo.cap(name))'", command: nil)
                }
                console.out(spec.help(registrations))
                return 0
            default:
                break
            }
            guard let spec = spec(first) else {
                let hint =
                    ParsedArguments.closest(first, in: commands.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
                throw UsageError(message: "unknown subcommand '\(Echo.cap(first))'\(hint)", command: nil)
            }
            if rest.contains("-h") || rest.contains("--help") {
                console.out(spec.help(registrations))
                return 0
            }
            var parsed = try ParsedArguments(rest, spec: spec)
            parsed.registrations = registrations
            parsed.program = program
            return try spec.run(parsed, console)
        } catch let e as UsageError {
            console.err(errorLine(e.text(program: program)))
            return 2
        } catch let e as ReplayFailure {
            console.err(errorLine(e.description))
            return e.exitCode
        } catch {
            console.err(errorLine("internal: \(error)"))
            return 3
        }
    }

    /// The one line an error prints: `Error: ` and the message, with any control character
    /// left in it (a path or text echoed without `Echo.cap`) escaped, so it stays one line.
    static func errorLine(_ message: String) -> String { "Error: " + Echo.escapingControls(message) }

    static var mainHelp: String {
        var out = """
            OVERVIEW: Headless gesture-replay simulation for photo-crop editors.

            USAGE: cropreplay <subcommand>

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:

            """
        for c in commands { out += CommandSpec.row(c.name, c.abstract) }
        out += "\n  See 'cropreplay help <subcommand>' for detailed help."
        return out
    }
}
