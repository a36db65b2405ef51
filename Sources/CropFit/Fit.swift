import CropEngine
import CropPipeline
import CropScenario

/// A recording to fit: the scenario `import session` wrote (its touches on the recording's
/// frames, its editor the starting point) and the frames the app showed.
package struct FitRecording: Sendable {
    package var loaded: LoadedScenario
    package var recorded: RecordedTrace

    package init(loaded: LoadedScenario, recorded: RecordedTrace) {
        self.loaded = loaded
        self.recorded = recorded
    }
}

/// The search for the editor parameters that reproduce recorded sessions (`cropreplay fit`,
/// docs/fit.md): the corners' root mean square error over every recorded frame of every
/// recording together is minimised over the box the `--vary` ranges span, for each policy
/// tried. A seeded Latin hypercube sample of the box (the scenario's own values among the
/// points), then a compass search from the best point: each round tries a step up and down
/// along every parameter, moves to the best improvement or halves the step, until the step is
/// a thousandth of the range or the evaluations run out. Every evaluation replays the
/// recordings without rendering; a round's points are replayed in parallel and reduced in
/// order, so the result depends on the seed and the budget only, not on the threads.
package enum EditorFit {
    /// How the search runs.
    package struct Options: Sendable {
        /// Seeds the sample.
        package var seed: UInt64 = 1
        /// Evaluations per policy (each replays every recording once).
        package var evaluations = 300
        package var jobs = 1
        /// Points: a frame departs when a corner is further than this (conform's report).
        package var tolerance = 1.0
        /// Points: a best RMS above this is reported as what the model cannot reproduce.
        package var threshold = 1.0

        package init() {}
    }

    /// The parameters' values with a policy, and the error they leave.
    package struct Candidate: Sendable {
        package var policy: PolicyKind
        /// One per parameter, in `--vary` order.
        package var values: [Double]
        /// Over every recording.
        package var summary: Residuals.Summary
    }

    /// One policy's search.
    package struct PolicyResult: Sendable {
        package var policy: PolicyKind
        /// The scenario's own values under this policy.
        package var start: Candidate?
        package var best: Candidate?
        package var evaluations: Int
        /// Evaluations whose editor the validator refused or whose replay failed (skipped).
        package var refused: Int
        /// Why the policy could not be tried at all (its editor refused a parameter).
        package var unusable: String?
    }

    /// What a fit found.
    package struct Result: Sendable {
        package var parameters: [FitParameter]
        /// The scenarios' own editors (their policy and values), before any fit.
        package var before: Residuals.Summary
        /// Best first; policies that could not be tried last.
        package var ranking: [PolicyResult]
        package var best: Candidate? { ranking.first?.best }
    }

    /// Runs the search. `policies`: the policy kinds to try (nil: the scenarios' own); a policy
    /// whose editor refuses a range is ranked last as not tried, and when every policy refuses,
    /// the first refusal is the error. `progress(done, total)` is called after each round of
    /// evaluations.
    package static func run(
        _ recordings: [FitRecording], parameters: [FitParameter], policies: [PolicyKind]? = nil,
        options: Options = Options(), progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws(FitError) -> Result {
        guard let first = recordings.first else { throw FitError("nothing to fit: no recording given") }
        let kinds = policies ?? [first.loaded.scenario.editor.policy.kind]
        var before = Residuals.Summary()
        for r in recordings {
            do {
                before = before + Residuals.compare(try r.loaded.replay(), r.recorded, findDeparture: false).overall
            } catch { throw FitError("\(r.loaded.scenario.file): \(error.description)") }
        }
        let total = kinds.count * options.evaluations
        var ranking: [PolicyResult] = []
        for (i, kind) in kinds.enumerated() {
            let problem: Problem
            do { problem = try Problem(recordings, parameters: parameters, policy: kind) } catch {
                ranking.append(
                    PolicyResult(
                        policy: kind, start: nil, best: nil, evaluations: 0, refused: 0, unusable: error.description))
                continue
            }
            ranking.append(
                search(problem, options: options) { done in progress?(i * options.evaluations + done, total) })
        }
        if let refused = ranking.first?.unusable, ranking.allSatisfy({ $0.unusable != nil }) {
            throw FitError(refused)
        }
        progress?(total, total)
        ranking.sort { a, b in
            switch (a.best, b.best) {
            case (let x?, let y?): return x.summary.rms < y.summary.rms
            case (.some, nil): return true
            default: return false
            }
        }
        return Result(parameters: parameters, before: before, ranking: ranking)
    }

    /// The recordings with one policy: each one's editor numbers to set.
    package struct Problem: Sendable {
        package var recordings: [FitRecording]
        package var parameters: [FitParameter]
        package var policy: PolicyKind
        /// Per recording, per parameter.
        var numbers: [[EditorNumber]]
        /// The first recording's values (clamped into the ranges where the search starts).
        var start: [Double]

        package init(_ recordings: [FitRecording], parameters: [FitParameter], policy: PolicyKind) throws(FitError) {
            self.recordings = recordings
            self.parameters = parameters
            self.policy = policy
            numbers = []
            for r in recordings {
                var editor = r.loaded.scenario.editor
                if editor.policy.kind != policy { editor.policy.parameters = .empty() }
                editor.policy.kind = policy
                var row: [EditorNumber] = []
                for p in parameters {
                    do {
                        let n = try EditorNumber(
                            p.key, of: editor, source: "--vary \(p.key)", extensions: r.loaded.registrations.names)
                        _ = try n.editor(with: p.low)
                        _ = try n.editor(with: p.high)
                        row.append(n)
                    } catch {
                        throw FitError(error.description)
                    }
                }
                numbers.append(row)
            }
            start = zip(parameters, numbers[0]).map { p, n in n.current.map { min(max($0, p.low), p.high) } ?? p.low }
        }

        /// Each recording's editor with the values (nil when the validator refuses one).
        package func editors(_ values: [Double]) -> [EditorConfig]? {
            try? numbers.map { (n: [EditorNumber]) throws(ScenarioError) -> EditorConfig in
                try EditorNumber.editor(n, values: values)
            }
        }

        /// The error of one set of values over every recording, nil when an editor is refused
        /// or a replay fails.
        package func evaluate(_ values: [Double], findDeparture: Bool = false) -> (
            summary: Residuals.Summary, residuals: [Residuals], traces: [Trace]
        )? {
            var summary = Residuals.Summary()
            var all: [Residuals] = []
            var traces: [Trace] = []
            for (r, numbers) in zip(recordings, numbers) {
                var scenario = r.loaded.scenario
                do { scenario.editor = try EditorNumber.editor(numbers, values: values) } catch { return nil }
                let trace: Trace
                do {
                    trace = try Replayer.replay(
                        scenario, imageWidth: r.loaded.image.width, imageHeight: r.loaded.image.height,
                        registrations: r.loaded.registrations, scenarioHash: "")
                } catch {
                    return nil
                }
                let residuals = Residuals.compare(trace, r.recorded, findDeparture: findDeparture)
                summary = summary + residuals.overall
                all.append(residuals)
                traces.append(trace)
            }
            return (summary, all, traces)
        }
    }

    /// One policy's search within the evaluation budget.
    static func search(_ problem: Problem, options: Options, progress: (Int) -> Void) -> PolicyResult {
        let k = problem.parameters.count
        var used = 0
        var refused = 0
        /// Evaluates points (unit coordinates) in parallel, in order.
        func evaluate(_ points: [[Double]]) -> [Residuals.Summary?] {
            let batch = Array(points.prefix(max(0, options.evaluations - used)))
            let results = LockedDictionary<Int, Residuals.Summary>()
            try? Parallel.forEach(count: batch.count, jobs: options.jobs) { i in
                let values = zip(problem.parameters, batch[i]).map { $0.value($1) }
                if let s = problem.evaluate(values)?.summary { results.set(i, s) }
            }
            used += batch.count
            progress(used)
            let out = (0..<batch.count).map { results.get($0) }
            refused += out.filter { $0 == nil }.count
            return out
        }
        let startUnit = zip(problem.parameters, problem.start).map { $0.unit($1) }
        var random = SplitMix64(seed: options.seed)
        let samples = max(4, 4 * k)
        var points = [startUnit]
        // A Latin hypercube: each parameter's range cut into `samples` strata, each used once.
        let strata = (0..<k).map { _ in random.shuffled(Array(0..<samples)) }
        for s in 0..<samples {
            points.append((0..<k).map { j in (Double(strata[j][s]) + random.unit()) / Double(samples) })
        }
        var best: (point: [Double], summary: Residuals.Summary)?
        for (p, s) in zip(points, evaluate(points)) {
            guard let s else { continue }
            if best == nil || s.rms < best!.summary.rms { best = (p, s) }
        }
        var step = 0.25
        while var current = best, used < options.evaluations, step >= 1e-6 {
            var neighbours: [[Double]] = []
            for j in 0..<k {
                for sign in [-1.0, 1.0] {
                    var p = current.point
                    p[j] = min(max(p[j] + sign * step, 0), 1)
                    if p[j] != current.point[j] { neighbours.append(p) }
                }
            }
            var moved = false
            for (p, s) in zip(neighbours, evaluate(neighbours)) {
                guard let s, s.rms < current.summary.rms else { continue }
                current = (p, s)
                moved = true
            }
            if moved { best = current } else { step /= 2 }
        }
        let values = { (u: [Double]) in zip(problem.parameters, u).map { $0.value($1) } }
        let start = problem.evaluate(problem.start).map {
            Candidate(policy: problem.policy, values: problem.start, summary: $0.summary)
        }
        return PolicyResult(
            policy: problem.policy, start: start,
            best: best.map { Candidate(policy: problem.policy, values: values($0.point), summary: $0.summary) },
            evaluations: used, refused: refused, unusable: nil)
    }
}

/// A small seeded generator (SplitMix64): the same numbers on every platform.
struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// The items in a seeded order (Fisher-Yates).
    mutating func shuffled(_ items: [Int]) -> [Int] {
        var out = items
        var i = out.count - 1
        while i > 0 {
            let j = Int(next() % UInt64(i + 1))
            out.swapAt(i, j)
            i -= 1
        }
        return out
    }
}
