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
        /// Makes the scenario file that reproduces it (a random script that departs or fails),
        /// or nil for a file given.
        package var scenario: (@Sendable () -> String)?
    }

    package enum Outcome: Sendable {
        /// Every frame, snapshot and crop agrees (numbers within 1e-6, as `check`).
        case conforms(frames: Int)
        /// The first difference, reference value first (`frame 12: imageRect.y 52.3 -> 40.0
        /// (-12.3 pt); pan began at frame 1`).
        case departs(TraceDifference, frames: Int)
        /// The model failed where the reference replays (it threw, or showed a bad value).
        case modelFailed(String)
        /// The script does not replay on the reference either (a script error): not counted.
        case refused(String)
    }

    /// Replays `loaded` on the reference and on `model`, and compares the traces.
    package static func check(_ loaded: LoadedScenario, model: String) -> Case {
        let outcome: Outcome
        let reference: Trace
        do { reference = try loaded.driving(nil).replay() } catch {
            return Case(
                name: loaded.scenario.name, file: loaded.scenario.file, outcome: .refused(error.description))
        }
        do {
            let mine = try loaded.driving(model).replay()
            let comparison = TraceDiff.compare(expected: TraceFile(reference), actual: TraceFile(mine))
            outcome =
                comparison.first.map { .departs($0, frames: mine.frames.count) } ?? .conforms(frames: mine.frames.count)
        } catch {
            outcome = .modelFailed(error.description)
        }
        return Case(name: loaded.scenario.name, file: loaded.scenario.file, outcome: outcome)
    }

    /// A script to check, made when its turn comes: a scenario file loaded earlier, or a random
    /// script decoded as it is checked.
    package struct Script: Sendable {
        package var name: String
        package var file: String
        package var loaded: Result<LoadedScenario, ReplayFailure>
        /// Makes the script's scenario file again (random scripts), for a case that departs.
        package var scenario: (@Sendable () -> String)?

        package init(
            name: String, file: String, loaded: Result<LoadedScenario, ReplayFailure>,
            scenario: (@Sendable () -> String)? = nil
        ) {
            self.name = name
            self.file = file
            self.loaded = loaded
            self.scenario = scenario
        }

        /// A scenario loaded already.
        package init(_ loaded: LoadedScenario) {
            self.init(name: loaded.scenario.name, file: loaded.scenario.file, loaded: .success(loaded))
        }
    }

    /// The cases of `count` scripts, in order, over `jobs` threads (the result does not depend
    /// on `jobs`). `script(i)` is called as script `i` is checked and dropped after it, so a
    /// run holds the scripts being checked and a short case per script (a random script's
    /// scenario is made again to be written); a script that cannot be made is refused.
    package static func check(
        count: Int, model: String, jobs: Int, script: @escaping @Sendable (Int) -> Script
    ) -> [Case] {
        let results = LockedDictionary<Int, Case>()
        try? Parallel.forEach(count: count, jobs: jobs) { i in
            let s = script(i)
            var c: Case
            switch s.loaded {
            case .success(let loaded): c = check(loaded, model: model)
            case .failure(let error): c = Case(name: s.name, file: s.file, outcome: .refused(error.description))
            }
            switch c.outcome {
            case .departs, .modelFailed: c.scenario = s.scenario
            case .conforms, .refused: break
            }
            results.set(i, c)
        }
        return (0..<count).compactMap { results.get($0) }
    }
}
