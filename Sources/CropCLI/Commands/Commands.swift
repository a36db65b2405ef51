import Foundation
import CropScenario
import CropEngine
import CropGoldens

/// The subcommands; each lives in its own file as an extension.
enum Commands {
    static func scenarioPaths(_ paths: [String], command: String) throws -> [String] {
        var out: [String] = []
        for p in paths {
            do { out += try FileIO.scenarioFiles(p) } catch { throw ReplayFailure.badInput(error.description) }
        }
        if out.isEmpty { throw UsageError(message: "no scenario files found in \(paths.joined(separator: ", "))", command: command) }
        return out
    }

    static func checkUniqueNames(_ loaded: [LoadedScenario]) throws {
        var seen: [String: String] = [:]
        for l in loaded {
            if let other = seen[l.scenario.name] {
                throw ReplayFailure.badInput("\(l.scenario.file): name \"\(l.scenario.name)\" is also used by \(other); scenario names must be unique")
            }
            seen[l.scenario.name] = l.scenario.file
        }
    }
}
