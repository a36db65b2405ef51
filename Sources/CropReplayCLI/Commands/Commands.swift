import CropJSON
import CropPipeline
import CropScenario
import Foundation

/// The subcommands; each lives in its own file as an extension with its declaration.
enum Commands {
    /// Every scenario file under the given paths (folders: `*.json` scenarios only).
    static func scenarioPaths(_ paths: [String], command: String) throws -> [String] {
        var out: [String] = []
        for p in paths {
            do { out += try FileIO.scenarioFiles(p) } catch { throw ReplayFailure.unreadable(error) }
        }
        if out.isEmpty {
            throw UsageError(
                message: "no scenario files found in \(paths.map { Echo.cap($0) }.joined(separator: ", "))",
                command: command)
        }
        return out
    }

    static func checkUniqueNames(_ loaded: [LoadedScenario]) throws {
        var seen: [String: String] = [:]
        for l in loaded {
            if let other = seen[l.scenario.name] {
                throw ReplayFailure.duplicateName(l.scenario.name, file: l.scenario.file, otherFile: other)
            }
            seen[l.scenario.name] = l.scenario.file
        }
    }

    /// Loads a scenario file (its policies and curves from the registrations) for the
    /// command's `--model`.
    static func load(_ path: String, _ a: ParsedArguments) throws -> LoadedScenario {
        try LoadedScenario.load(path: path, registrations: a.registrations).driving(try a.model())
    }

    /// A JSON file holding one object (an `--editor` file): read within the scenario size
    /// limit, parsed, its errors naming the file, line and column.
    static func readJSONObject(_ path: String, what: String) throws -> (node: JSONNode, members: [JSONMember]) {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path, limit: Limits.maxScenarioBytes) } catch {
            throw ReplayFailure.unreadable(error)
        }
        let node: JSONNode
        do { node = try JSONParser.parse(String(decoding: bytes, as: UTF8.self)) } catch {
            throw ReplayFailure.badInput("\(path):\(error.line):\(error.column): \(error.message)")
        }
        guard case .object(let members) = node.value else {
            throw ReplayFailure.badInput("\(path): expected \(what)")
        }
        return (node, members)
    }

    /// `--jobs`, or all cores.
    static func jobs(_ a: ParsedArguments) throws -> Int {
        try a.int("--jobs", min: 1, max: 256) ?? Parallel.defaultJobs
    }
}
