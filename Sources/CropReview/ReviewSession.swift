import CropGoldens
import CropJSON
import CropPipeline
import CropScenario

/// What `cropreplay review` offers for decision: every scenario `check` would not pass
/// (FAIL, NEW, ERROR) and every golden folder it would list as ORPHANED, found once when the
/// run starts. Accepting a scenario records its golden exactly as `record` does
/// (`GoldenRecord.prepare` and `write`, the folder replaced whole); accepting an orphan
/// removes its folder as `record --prune` does. Nothing else is ever written, and only an
/// item of this run can be decided.
package final class ReviewSession {
    /// One thing to decide on.
    package struct Item {
        /// The scenario's name, or the orphaned folder's name: the item's key in requests.
        package var name: String
        /// `check`'s result (nil for an orphan).
        package var result: CheckResult?
        /// The scenario as loaded (nil for an orphan or a scenario that does not load: such an
        /// item cannot be accepted).
        package var loaded: LoadedScenario?
        /// The orphaned golden folder (nil for a scenario).
        package var orphanFolder: String?
        package var decision: Decision = .pending

        /// The word `check` prints for it: FAIL, NEW, ERROR or ORPHANED.
        package var label: String {
            guard let result else { return "ORPHANED" }
            switch result.status {
            case .passed: return "PASS"
            case .failed: return "FAIL"
            case .new: return "NEW"
            case .error: return "ERROR"
            }
        }

        /// Whether Accept can do anything for it.
        package var acceptable: Bool { orphanFolder != nil || loaded != nil }
    }

    /// What was decided on an item.
    package enum Decision: Equatable, Sendable {
        case pending
        case skipped
        /// Accepted: the lines `record` (or `record --prune`) printed for it.
        case accepted([String])
    }

    /// Why a decision was refused: an HTTP status and one line.
    package struct Refusal: Error, Equatable, Sendable {
        package var status: Int
        package var message: String
    }

    package let goldenDir: String
    package let jobs: Int
    package private(set) var items: [Item]
    /// How many scenarios passed (for the page's headline).
    package let passed: Int

    /// The items of a check run: `results` (passed ones are left out) with the scenarios they
    /// came from, and the orphaned folders `check` would list.
    package init(results: [CheckResult], loaded: [LoadedScenario], orphans: [String], goldenDir: String, jobs: Int) {
        self.goldenDir = goldenDir
        self.jobs = jobs
        passed = results.filter { $0.status == .passed }.count
        var items: [Item] = []
        for r in results where r.status != .passed {
            let scenario = loaded.first { $0.scenario.name == r.scenario && $0.scenario.file == r.file }
            items.append(Item(name: r.scenario, result: r, loaded: scenario, orphanFolder: nil))
        }
        for folder in orphans {
            items.append(Item(name: PathText.lastComponent(folder), result: nil, loaded: nil, orphanFolder: folder))
        }
        self.items = items
    }

    /// Checks the scenarios as `check` does (`options.artifactsDir` receives the images), and
    /// for a new scenario writes the images Accept would record, so the page shows them.
    /// `unloaded` are the ERROR results of scenarios that did not load.
    package static func checking(
        _ loaded: [LoadedScenario], unloaded: [CheckResult], orphans: [String], options: CheckOptions
    ) throws(ReplayFailure) -> ReviewSession {
        var results = unloaded
        for l in loaded {
            var result = GoldenCheck.check(l, options: options)
            if result.status == .new { result.artifacts = try GoldenCheck.newScenarioImages(l, options: options) }
            results.append(result)
        }
        return ReviewSession(
            results: results, loaded: loaded, orphans: orphans, goldenDir: options.goldenDir, jobs: options.jobs)
    }

    /// The names of the items accepted so far, in the order of the list.
    package var accepted: [String] {
        items.compactMap { if case .accepted = $0.decision { return $0.name } else { return nil } }
    }

    /// Accepts the item named `name`: records its golden as `record` would (or removes the
    /// orphaned folder), and returns the lines `record` prints for it.
    package func accept(_ name: String) throws(Refusal) -> [String] {
        let index = try find(name)
        let item = items[index]
        if case .accepted = item.decision {
            throw Refusal(status: 409, message: "\(JSONNode.quote(name)) was already accepted")
        }
        var lines: [String]
        if let folder = item.orphanFolder {
            do { try FileIO.removeFolder(folder) } catch {
                throw Refusal(status: 500, message: ReplayFailure.unwritable(error).description)
            }
            lines = ["pruned \(folder)/ (no scenario named \(name))"]
        } else if let loaded = item.loaded {
            // A folder holding anything record does not write is never replaced (as record).
            if let why = GoldenFolder.replaceRefusal(GoldenStore(root: goldenDir, name: name).folder) {
                throw Refusal(status: 409, message: "\(loaded.scenario.file): \(why)")
            }
            do {
                let prepared = try GoldenRecord.prepare(loaded, goldenDir: goldenDir, onlyMissing: false, jobs: jobs)
                lines = try GoldenRecord.write(prepared).lines
            } catch {
                throw Refusal(status: 409, message: error.description)
            }
            if lines.isEmpty { lines = ["\(name): golden unchanged"] }
        } else {
            throw Refusal(
                status: 409, message: "\(JSONNode.quote(name)) does not load, so it cannot be recorded: fix it first")
        }
        items[index].decision = .accepted(lines)
        return lines
    }

    /// Leaves the item named `name` as it is (its golden untouched).
    package func skip(_ name: String) throws(Refusal) {
        let index = try find(name)
        if case .accepted = items[index].decision {
            throw Refusal(status: 409, message: "\(JSONNode.quote(name)) was already accepted")
        }
        items[index].decision = .skipped
    }

    /// The index of an item of this run; a name the run did not find is refused.
    private func find(_ name: String) throws(Refusal) -> Int {
        guard let index = items.firstIndex(where: { $0.name == name }) else {
            throw Refusal(
                status: 404, message: "\(JSONNode.quote(Echo.cap(name))) is not one of the scenarios this review found")
        }
        return index
    }

    /// The lines printed when the review ends: what was accepted, and what is left.
    package var summary: [String] {
        let accepted = self.accepted
        let left = items.filter { if case .accepted = $0.decision { return false } else { return true } }
        var lines = [
            accepted.isEmpty
                ? "accepted nothing"
                : "accepted \(accepted.count) of \(items.count): \(accepted.joined(separator: ", "))"
        ]
        if !left.isEmpty {
            lines.append("left as they were: " + left.map { "\($0.label) \($0.name)" }.joined(separator: ", "))
        }
        return lines
    }

    /// Whether something `check` fails on is left undecided or skipped (orphans do not count,
    /// as they do not change `check`'s exit status).
    package var failuresLeft: Bool {
        items.contains { item in
            guard item.orphanFolder == nil else { return false }
            if case .accepted = item.decision { return false }
            return true
        }
    }
}
