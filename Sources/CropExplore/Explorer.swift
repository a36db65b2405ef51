import CropBitmap
import CropEngine
import CropGeometry
import CropJSON
import CropScenario

/// `cropreplay explore`: random scripts against the promises of each policy and editor.
package enum Explorer {
    package struct Finding: Sendable {
        package var seed: UInt64
        package var invariant: Invariant
        package var violation: String
        /// A scenario file (JSON) that reproduces it, after shrinking.
        package var scenarioJSON: String
    }

    /// Scripts, frames and findings per invariant.
    package struct Tally: Sendable, Equatable {
        package var scripts = 0
        package var frames = 0
        package var findings = 0
        package init() {}
    }

    package struct Summary: Sendable {
        package var scripts: Int
        package var frames: Int
        package var findings: [Finding]
        package var tallies: [Invariant: Tally]
    }

    /// What to explore.
    package struct Config: Sendable {
        package var preset: String
        package var policy: PolicyKind?
        package var count: Int
        package var seed: UInt64
        package var invariants: Set<Invariant> = Set(Invariant.allCases)
        package var fps: [Int] = [30, 60, 120]
        /// Deliberate engine defects (tests prove the explorer catches them).
        package var faults: EngineFaults = []
        /// An extra check (tests use it to check shrinking): a message when broken.
        package var extra: Check?
        package var maxFindings = 5

        package init(preset: String, policy: PolicyKind?, count: Int, seed: UInt64) {
            self.preset = preset
            self.policy = policy
            self.count = count
            self.seed = seed
        }
    }

    package typealias Check = @Sendable (Trace) -> String?

    static func scenarioJSON(
        preset: String, policy: PolicyKind?, steps: [ScriptGenerator.GenStep], name: String, fps: Int = 60,
        rounding: CropRounding? = nil
    ) -> String {
        let script = (steps.map(\.json) + ["{\"until\": \"settled\"}"]).joined(separator: ",\n    ")
        var overrides: [String] = []
        if let policy { overrides.append("\"policy\": {\"kind\": \"\(policy.rawValue)\"}") }
        if let rounding { overrides.append("\"crop\": {\"rounding\": \"\(rounding.rawValue)\"}") }
        return
            "{\n  \"name\": \"\(name)\",\n  \"preset\": \"\(preset)\",\n  \"fps\": \(fps),\n  \"editor\":"
            + " {\(overrides.joined(separator: ", "))},\n"
            + "  \"script\": [\n    \(script)\n  ]\n}\n"
    }

    /// Replays scenario text with an observer.
    static func observe(_ json: String, faults: EngineFaults) -> Result<Observation, ScenarioError> {
        let scenario: Scenario
        do { scenario = try ScenarioDecoder.decode(text: json, file: "explore", defaultName: "explore") } catch {
            return .failure(error)
        }
        var w = 1600
        var h = 1200
        if case .testcard(let tw, let th) = scenario.editor.image {
            w = tw
            h = th
        }
        var actions: [[EngineAction]] = [[]]
        do {
            // Frame 0 as the replay makes it (with the scenario's start, when it has one).
            let first = try Replayer.referenceModel(scenario, imageWidth: w, imageHeight: h, faults: faults)
            var states = [first.state]
            let trace = try Replayer.replay(scenario, imageWidth: w, imageHeight: h, frameLimit: 20_000, faults: faults)
            { state, applied in
                states.append(state)
                actions.append(applied)
            }
            return .success(
                Observation(
                    scenario: scenario, trace: trace, states: states, actions: actions, engine: first.engine,
                    image: (w, h)))
        } catch {
            return .failure(error)
        }
    }

    /// The first broken invariant among `invariants`, or nil; and the frames replayed.
    /// `rendered` is the image the render invariant draws (the scenario's test card, premultiplied).
    package static func violation(
        _ json: String, invariants: Set<Invariant>, faults: EngineFaults, extra: Check?, card: RGBAImage?,
        rendered: PremultipliedImage? = nil
    ) -> (Invariant, String)? {
        check(json, invariants: invariants, faults: faults, extra: extra, card: card, rendered: rendered).found
    }

    /// The first broken invariant (or nil) and the number of frames replayed.
    static func check(
        _ json: String, invariants: Set<Invariant>, faults: EngineFaults, extra: Check?, card: RGBAImage?,
        rendered: PremultipliedImage? = nil
    ) -> (found: (Invariant, String)?, frames: Int) {
        let o: Observation
        switch observe(json, faults: faults) {
        case .failure(let error):
            // Script errors the contract requires (a crop of nothing, a state beyond any screen)
            // are the script's, not the engine's.
            if error.message.contains("the crop is empty") || error.message.contains("the view state is out of range") {
                return (nil, 0)
            }
            return ((.finite, "the replay failed: \(error)"), 0)
        case .success(let observed): o = observed
        }
        return (
            violation(o, invariants: invariants, extra: extra, card: card, rendered: rendered), o.trace.frames.count
        )
    }

    static func violation(
        _ o: Observation, invariants: Set<Invariant>, extra: Check?, card: RGBAImage?, rendered: PremultipliedImage?
    )
        -> (Invariant, String)?
    {
        if let extra, let problem = extra(o.trace) { return (.finite, problem) }
        let trace = o.trace
        let editor = o.scenario.editor
        let policy = editor.policy.kind
        let coverable = promisesCover(editor, imageWidth: o.image.width, imageHeight: o.image.height)
        if invariants.contains(.finite) {
            for f in trace.frames {
                let numbers = [
                    f.zoom, f.k, f.imageRect.x, f.imageRect.y, f.imageRect.width, f.imageRect.height, f.mask, f.angle,
                    f.box.x, f.box.width,
                ]
                if numbers.contains(where: { !$0.isFinite }) {
                    return (.finite, "frame \(f.frame): a number is not finite")
                }
            }
        }
        if invariants.contains(.clamp) && policy == .clamp && coverable {
            if let f = trace.frames.first(where: { !$0.valid && $0.angle == 0 && !$0.animating }) {
                return (.clamp, "frame \(f.frame): clamp showed an invalid state \(f.imageRect)")
            }
        }
        if invariants.contains(.mask) {
            let rule = editor.mask.visibility
            for f in trace.frames {
                if rule == .always && f.mask != 1 {
                    return (.mask, "frame \(f.frame): mask \(f.mask) with visibility always")
                }
                if rule == .hiddenWhileTouching && !f.isTouching && f.mask != 1 && f.events.isEmpty && !f.animating
                    && editor.mask.fade == 0
                {
                    return (.mask, "frame \(f.frame): mask hidden while idle")
                }
            }
        }
        if invariants.contains(.settled), let last = trace.frames.last, !last.isTouching, !last.valid,
            promisesValid(o, coverable: coverable)
        {
            return (
                .settled,
                "after until settled (frame \(last.frame)) the state is invalid under \(policy.rawValue): "
                    + "imageRect \(last.imageRect), angle \(last.angle), box \(last.box), zoom \(last.zoom)"
            )
        }
        let checks: [(Invariant, (Observation) -> String?)] = [
            (.jump, Checks.jump), (.continuity, Checks.continuity), (.oscillation, Checks.oscillation),
            (.target, Checks.target),
            (.box, Checks.box),
            (.identities, Checks.identities), (.projection, Checks.projection),
        ]
        for (invariant, check) in checks where invariants.contains(invariant) {
            if let problem = check(o) { return (invariant, problem) }
        }
        if invariants.contains(.crops), let card, let problem = Checks.crops(o, image: card) {
            return (.crops, problem)
        }
        if invariants.contains(.render), let rendered, let problem = Checks.render(o, image: rendered) {
            return (.render, problem)
        }
        return nil
    }

    /// Whether the policy promises a valid state after settling for this replay.
    static func promisesValid(_ o: Observation, coverable: Bool) -> Bool {
        let editor = o.scenario.editor
        guard coverable, editor.constraint != .none else { return false }
        // An angle may leave a zoom limit unable to cover (the cover zoom grows with the angle).
        if let last = o.states.last, let maxZoom = last.layout.maxZoom,
            last.layout.coverK(angle: last.shown.a, box: last.box) / last.layout.kBase > maxZoom + 1e-9
        {
            return false
        }
        switch editor.policy.kind {
        case .clamp: return true
        case .rubberBand, .snapNearest:
            // A cancel with onCancel ignore, and a button that leaves the state uncovered (a flip or turn is
            // followed by P; a double-tap zoom too), keep their promise only through settling.
            return editor.policy.onCancel == .settle
        case .rollback:
            // `began` stores the state at began, valid or not, so whole rollback promises a valid end only
            // when every gesture began on a valid state.
            let beganValid = o.trace.frames.allSatisfy { f in f.valid || !f.events.contains { $0.phase == .began } }
            return beganValid && editor.policy.rollback == .whole && editor.policy.onCancel == .settle
        default: return false
        }
    }

    /// Whether the policies promise a covered frame: only when the zoom limits make covering
    /// possible for this editor and image.
    package static func promisesCover(_ editor: EditorConfig, imageWidth: Int, imageHeight: Int) -> Bool {
        let layout = Layout(
            editor: editor, viewportWidth: editor.viewport.width, viewportHeight: editor.viewport.height,
            imageWidth: imageWidth, imageHeight: imageHeight)
        let box = layout.frameRect
        guard layout.target(box) != nil, let minZoom = layout.zoomLimits(angle: 0, box: box).min else { return false }
        return minZoom >= layout.coverK(angle: 0, box: box) / layout.kBase - 1e-9
    }

    /// Rate independence: the same script at every frame rate ends in the same image rect and box.
    static func rateViolation(
        _ steps: [ScriptGenerator.GenStep], preset: String, policy: PolicyKind?, fps: [Int], faults: EngineFaults
    )
        -> String?
    {
        var ends: [(Int, FrameRecord)] = []
        for rate in fps {
            guard
                case .success(let o) = observe(
                    scenarioJSON(preset: preset, policy: policy, steps: steps, name: "rate", fps: rate), faults: faults),
                let last = o.trace.frames.last
            else { return "the replay at \(rate) fps failed" }
            ends.append((rate, last))
        }
        guard let (firstRate, first) = ends.first else { return nil }
        for (rate, f) in ends.dropFirst() {
            let a = first.imageRect
            let b = f.imageRect
            let worst = max(abs(a.x - b.x), abs(a.y - b.y), abs(a.width - b.width), abs(a.height - b.height))
            if worst > 1e-6 || abs(first.angle - f.angle) > 1e-6 {
                return "the end state at \(rate) fps differs from \(firstRate) fps by \(worst) points: \(b) vs \(a)"
            }
        }
        return nil
    }

    /// Policies whose end state is a closed form of the script (rollback stores sampled states).
    static let rateIndependentPolicies: Set<PolicyKind> = [.none, .clamp, .rubberBand, .snapNearest]

    /// Removes steps and shrinks numbers while `fails` holds.
    static func shrink(_ steps: [ScriptGenerator.GenStep], fails: ([ScriptGenerator.GenStep]) -> Bool)
        -> [ScriptGenerator.GenStep]
    {
        var current = steps
        var progress = true
        var rounds = 0
        while progress && rounds < 50 {
            progress = false
            rounds += 1
            for i in current.indices.reversed() where current.count > 1 {
                var candidate = current
                candidate.remove(at: i)
                if fails(candidate) {
                    current = candidate
                    progress = true
                }
            }
            for i in current.indices {
                if let smaller = current[i].smaller {
                    var candidate = current
                    candidate[i] = smaller
                    if fails(candidate) {
                        current = candidate
                        progress = true
                    }
                }
            }
        }
        return current
    }

    /// Replays `count` random scripts from `seed` under the preset (and policy).
    package static func run(_ config: Config, progress: ((Int) -> Void)? = nil) throws(ScenarioError) -> Summary {
        guard let preset = Preset.named(config.preset) else {
            throw ScenarioError(file: "explore", place: "--preset", message: "unknown preset \"\(config.preset)\"")
        }
        var editor = try preset.editor()
        if let policy = config.policy { editor.policy.kind = policy }
        var w = 1600
        var h = 1200
        if case .testcard(let tw, let th) = editor.image {
            w = tw
            h = th
        }
        let layout = Layout(
            editor: editor, viewportWidth: editor.viewport.width, viewportHeight: editor.viewport.height, imageWidth: w,
            imageHeight: h)
        let caps = ScriptGenerator.Capabilities(editor: editor, box: layout.frameRect)
        let card =
            config.invariants.contains(.crops) || config.invariants.contains(.render)
            ? Testcard.image(width: w, height: h) : nil
        let rendered = config.invariants.contains(.render) ? card.map(PremultipliedImage.init) : nil
        let perScript = config.invariants.subtracting([.rate])
        var findings: [Finding] = []
        var tallies: [Invariant: Tally] = [:]
        var frames = 0
        let checkRate =
            config.invariants.contains(.rate) && Explorer.rateIndependentPolicies.contains(editor.policy.kind)
            && config.fps.count > 1
        for i in 0..<config.count {
            let scriptSeed = config.seed &+ UInt64(i) &* 0x9E37_79B9_7F4A_7C15
            var gen = ScriptGenerator(seed: scriptSeed, capabilities: caps)
            let steps = gen.script()
            let rounding: CropRounding? = i % 2 == 0 ? .round : nil
            let json = scenarioJSON(
                preset: config.preset, policy: config.policy, steps: steps, name: "explore", rounding: rounding)
            var found: (Invariant, String)?
            if !perScript.isEmpty || config.extra != nil {
                let (result, n) = check(
                    json, invariants: perScript, faults: config.faults, extra: config.extra, card: card,
                    rendered: rendered)
                found = result
                frames += n
                for inv in perScript {
                    tallies[inv, default: Tally()].scripts += 1
                    tallies[inv, default: Tally()].frames += n
                }
            }
            if let (invariant, problem) = found {
                tallies[invariant, default: Tally()].findings += 1
                let small = shrink(steps) { candidate in
                    violation(
                        scenarioJSON(
                            preset: config.preset, policy: config.policy, steps: candidate, name: "shrink",
                            rounding: rounding),
                        invariants: [invariant], faults: config.faults, extra: config.extra, card: card,
                        rendered: rendered) != nil
                }
                let name = "explore-\(config.preset)-\(editor.policy.kind.rawValue)-\(scriptSeed)"
                let shrunk = scenarioJSON(
                    preset: config.preset, policy: config.policy, steps: small, name: name, rounding: rounding)
                let message =
                    violation(
                        shrunk, invariants: [invariant], faults: config.faults, extra: config.extra, card: card,
                        rendered: rendered)?.1
                    ?? problem
                findings.append(
                    Finding(seed: scriptSeed, invariant: invariant, violation: message, scenarioJSON: shrunk))
            }
            if checkRate {
                var rateGen = ScriptGenerator(seed: scriptSeed ^ 0x5151, capabilities: caps)
                let rateSteps = rateGen.rateIndependentScript()
                tallies[.rate, default: Tally()].scripts += 1
                if let problem = rateViolation(
                    rateSteps, preset: config.preset, policy: config.policy, fps: config.fps, faults: config.faults)
                {
                    tallies[.rate, default: Tally()].findings += 1
                    let small = shrink(rateSteps) {
                        rateViolation(
                            $0, preset: config.preset, policy: config.policy, fps: config.fps, faults: config.faults)
                            != nil
                    }
                    let name = "explore-rate-\(config.preset)-\(editor.policy.kind.rawValue)-\(scriptSeed)"
                    findings.append(
                        Finding(
                            seed: scriptSeed, invariant: .rate, violation: problem,
                            scenarioJSON: scenarioJSON(
                                preset: config.preset, policy: config.policy, steps: small, name: name)))
                }
            }
            if findings.count >= config.maxFindings { break }
            if i % 1000 == 999 { progress?(i + 1) }
        }
        return Summary(scripts: config.count, frames: frames, findings: findings, tallies: tallies)
    }
}
