import CropEngine
import CropGoldens
import CropPipeline
import CropScenario

/// A user's editor model against CropReplay's reference model on the same scripts
/// (`cropreplay conform`): per script, the first frame and field where the model departs
/// and by how much, in `check`'s wording, and a summary across scripts.
package enum Conformance {
    /// One script's outcome.
    package struct Case: Sendable {
        package var name: String
        package var file: String
        package var outcome: Outcome
        /// A scenario file that reproduces it (random scripts), or nil for a file given.
        package var scenarioJSON: String?
    }

    package enum Outcome: Sendable {
        /// Every frame, snapshot and crop agrees (numbers within 1e-6, as `check`).
        case conforms(frames: Int)
        /// The first difference, reference value first (`frame 12: imageRect.y 52.3 -> 40.0
        /// (-12.3 pt); pan began at frame 1`), and the differing field over time.
        case departs(TraceComparison, frames: Int)
        /// The model failed where the reference replays (it threw, or showed a bad value).
        case modelFailed(String)
        /// The script does not replay on the reference either (a script error): not counted.
        case refused(String)
    }

    /// Replays `loaded` on the reference and on `model`, and compares the traces.
    package static func check(_ loaded: LoadedScenario, model: String, scenarioJSON: String? = nil) -> Case {
        let outcome: Outcome
        let reference: Trace
        do { reference = try loaded.driving(nil).replay() } catch {
            return Case(
                name: loaded.scenario.name, file: loaded.scenario.file, outcome: .refused(error.description),
                scenarioJSON: scenarioJSON)
        }
        do {
            let mine = try loaded.driving(model).replay()
            let comparison = TraceDiff.compare(expected: TraceFile(reference), actual: TraceFile(mine))
            outcome =
                comparison.first == nil
                ? .conforms(frames: mine.frames.count) : .departs(comparison, frames: mine.frames.count)
        } catch {
            outcome = .modelFailed(error.description)
        }
        return Case(
            name: loaded.scenario.name, file: loaded.scenario.file, outcome: outcome, scenarioJSON: scenarioJSON)
    }

    /// Every case, in order, over `jobs` threads (the result does not depend on `jobs`).
    package static func check(_ items: [(LoadedScenario, String?)], model: String, jobs: Int) -> [Case] {
        let results = LockedDictionary<Int, Case>()
        try? Parallel.forEach(count: items.count, jobs: jobs) { i in
            results.set(i, check(items[i].0, model: model, scenarioJSON: items[i].1))
        }
        return (0..<items.count).compactMap { results.get($0) }
    }
}
