import CropBitmap
import CropEngine
import CropGeometry
import CropJSON
import CropScenario

/// `cropreplay explore`: random scripts against the promises of each policy and editor, on
/// CropReplay's reference editor or on a registered editor model of the user's own.
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
        /// Scripts replayed: all of them (or the shard's), fewer when `maxFindings` stopped the run.
        package var scripts: Int
        package var frames: Int
        package var findings: [Finding]
        package var tallies: [Invariant: Tally]
        /// The run stopped at `maxFindings` findings, before its last script.
        package var stopped = false
    }

    /// What to explore.
    package struct Config: Sendable {
        package var subject: ExploreSubject
        package var count: Int
        package var seed: UInt64
        package var invariants: Set<Invariant> = Set(Invariant.allCases)
        package var fps: [Int] = [30, 60, 120]
        /// Only the scripts of shard `index` of `count` (1-based; nil: all): script i belongs to
        /// shard i % count + 1, so the shards together replay exactly the unsharded scripts.
        package var shard: (index: Int, count: Int)?
        /// Deliberate engine defects (tests prove the explorer catches them).
        package var faults: EngineFaults = []
        /// An extra check (tests use it to check shrinking): a message when broken.
        package var extra: Check?
        package var maxFindings = 5

        package init(preset: String, policy: PolicyKind?, count: Int, seed: UInt64) {
            self.init(subject: ExploreSubject(preset: preset, policy: policy), count: count, seed: seed)
        }

        package init(subject: ExploreSubject, count: Int, seed: UInt64) {
            self.subject = subject
            self.count = count
            self.seed = seed
            if subject.model != nil { invariants = Set(Invariant.modelDefaults) }
        }

        package var preset: String { subject.preset }
        package var policy: PolicyKind? { subject.policy }
    }

    package typealias Check = @Sendable (Trace) -> String?

    static func scenarioJSON(
        preset: String, policy: PolicyKind?, steps: [ScriptGenerator.GenStep], name: String, fps: Int = 60,
        rounding: CropRounding? = nil
    ) -> String {
        ExploreSubject(preset: preset, policy: policy).scenarioJSON(
            steps: steps, name: name, fps: fps, rounding: rounding)
    }

    /// The test card's size for an editor (the explorer's image).
    static func imageSize(_ editor: EditorConfig) -> (width: Int, height: Int) {
        if case .testcard(let tw, let th) = editor.image { return (tw, th) }
        return (1600, 1200)
    }

    /// Replays scenario text with an observer.
    static func observe(_ json: String, faults: EngineFaults, registrations: Registrations = .builtIn)
        -> Result<Observation, ScenarioError>
    {
        let scenario: Scenario
        do {
            scenario = try ScenarioDecoder.decode(
                text: json, file: "explore", defaultName: "explore", extensions: registrations.names)
        } catch {
            return .failure(error)
        }
        let (w, h) = imageSize(scenario.editor)
        var actions: [[EngineAction]] = [[]]
        do {
            // Frame 0 as the replay makes it (with the scenario's start, when it has one).
            let first = try Replayer.referenceModel(
                scenario, imageWidth: w, imageHeight: h, faults: faults, registrations: registrations)
            var states = [first.state]
            let trace = try Replayer.replay(
                scenario, imageWidth: w, imageHeight: h, frameLimit: 20_000, faults: faults,
                registrations: registrations
            ) { state, applied in
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

    /// Replays scenario text through the subject's registered model, seeing what it shows.
    static func observeModel(_ json: String, subject: ExploreSubject, model: String) -> Result<
        ModelObservation, ScenarioError
    > {
        do {
            let scenario = try subject.decode(json)
            let (w, h) = imageSize(scenario.editor)
            var views: [ModelView] = []
            var settling: [Bool] = []
            var actions: [[EngineAction]] = [[]]
            let (initial, trace) = try Replayer.replay(
                scenario, imageWidth: w, imageHeight: h, model: model, registrations: subject.registrations,
                frameLimit: 20_000
            ) { view, isSettling, applied in
                views.append(view)
                settling.append(isSettling)
                actions.append(applied)
            }
            return .success(
                ModelObservation(
                    scenario: scenario, trace: trace, views: [initial.view] + views,
                    settling: [initial.isSettling] + settling, actions: actions, image: (w, h)))
        } catch {
            return .failure(error)
        }
    }

    /// The first broken invariant among `invariants`, or nil; and the frames replayed.
    /// `rendered` is the image the render invariant draws (the scenario's test card, premultiplied).
    package static func violation(
        _ json: String, invariants: Set<Invariant>, faults: EngineFaults, extra: Check?, card: RGBAImage?,
        rendered: PremultipliedImage? = nil, subject: ExploreSubject? = nil
    ) -> (Invariant, String)? {
        check(
            json, invariants: invariants, faults: faults, extra: extra, card: card, rendered: rendered, subject: subject
        )
        .found
    }

    /// The first broken invariant (or nil) and the number of frames replayed.
    static func check(
        _ json: String, invariants: Set<Invariant>, faults: EngineFaults, extra: Check?, card: RGBAImage?,
        rendered: PremultipliedImage? = nil, subject: ExploreSubject? = nil
    ) -> (found: (Invariant, String)?, frames: Int) {
        if let subject, let model = subject.model {
            switch observeModel(json, subject: subject, model: model) {
            case .failure(let error):
                if isScriptsOwn(error) { return (nil, 0) }
                return ((.finite, "the replay failed: \(error)"), 0)
            case .success(let o):
                return (
                    modelViolation(o, invariants: invariants, extra: extra, card: card, rendered: rendered),
                    o.trace.frames.count
                )
            }
        }
        let o: Observation
        switch observe(json, faults: faults, registrations: subject?.registrations ?? .builtIn) {
        case .failure(let error):
            if isScriptsOwn(error) { return (nil, 0) }
            return ((.finite, "the replay failed: \(error)"), 0)
        case .success(let observed): o = observed
        }
        return (
            violation(o, invariants: invariants, extra: extra, card: card, rendered: rendered), o.trace.frames.count
        )
    }

    /// Script errors the contract requires (a crop of nothing, a state beyond any screen) are
    /// the script's, not the editor's.
    static func isScriptsOwn(_ error: ScenarioError) -> Bool {
        error.message.contains("the crop is empty") || error.message.contains("the view state is out of range")
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
        if invariants.contains(.finite), let problem = Checks.finite(trace) { return (.finite, problem) }
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
        if invariants.contains(.crops), let card,
            let problem = Checks.crops(
                o.trace, editor: editor, image: card,
                view: { (o.states[$0].layout, o.states[$0].shown, o.states[$0].box) })
        {
            return (.crops, problem)
        }
        if invariants.contains(.render), let rendered, let problem = Checks.render(o.trace, editor, image: rendered) {
            return (.render, problem)
        }
        return nil
    }

    /// The first broken invariant of a registered model's replay (`Invariant.modelDefaults`).
    static func modelViolation(
        _ o: ModelObservation, invariants: Set<Invariant>, extra: Check?, card: RGBAImage?,
        rendered: PremultipliedImage?
    ) -> (Invariant, String)? {
        if let extra, let problem = extra(o.trace) { return (.finite, problem) }
        if invariants.contains(.finite), let problem = Checks.finite(o.trace) { return (.finite, problem) }
        let checks: [(Invariant, (ModelObservation) -> String?)] = [
            (.settled, ModelChecks.settled), (.continuity, ModelChecks.continuity),
            (.identities, ModelChecks.identities),
        ]
        for (invariant, check) in checks where invariants.contains(invariant) {
            if let problem = check(o) { return (invariant, problem) }
        }
        let editor = o.scenario.editor
        if invariants.contains(.crops), let card,
            let problem = Checks.crops(
                o.trace, editor: editor, image: card,
                view: { (o.views[$0].layout, o.views[$0].shown, o.views[$0].box) })
        {
            return (.crops, problem)
        }
        if invariants.contains(.render), let rendered, let problem = Checks.render(o.trace, editor, image: rendered) {
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
        case let kind where !kind.isBuiltIn:
            // A registered policy is held to rubberBand's promise (Invariant.assumes).
            return editor.policy.onCancel == .settle
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
        _ steps: [ScriptGenerator.GenStep], subject: ExploreSubject, fps: [Int], faults: EngineFaults
    )
        -> String?
    {
        var ends: [(Int, FrameRecord)] = []
        for rate in fps {
            let json = subject.scenarioJSON(steps: steps, name: "rate", fps: rate)
            let last: FrameRecord?
            if let model = subject.model {
                guard case .success(let o) = observeModel(json, subject: subject, model: model) else {
                    return "the replay at \(rate) fps failed"
                }
                last = o.trace.frames.last
            } else {
                guard case .success(let o) = observe(json, faults: faults, registrations: subject.registrations) else {
                    return "the replay at \(rate) fps failed"
                }
                last = o.trace.frames.last
            }
            guard let last else { return "the replay at \(rate) fps failed" }
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

    /// Whether the rate invariant holds the subject to rate independence (Invariant.assumes):
    /// a model always; on the reference, the rate-independent built-ins and the registered
    /// policies that remember nothing.
    static func claimsRateIndependence(_ subject: ExploreSubject, editor: EditorConfig) throws(ScenarioError) -> Bool {
        if subject.model != nil { return true }
        let kind = editor.policy.kind
        if kind.isBuiltIn { return rateIndependentPolicies.contains(kind) }
        return try subject.registrations.policy(for: editor).memory == .nothing
    }

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

    /// Replays `count` random scripts from `seed` (those of the shard, when one is given) on
    /// the subject.
    package static func run(_ config: Config, progress: ((Int) -> Void)? = nil) throws(ScenarioError) -> Summary {
        let subject = config.subject
        guard Preset.named(subject.preset) != nil else {
            throw ScenarioError(file: "explore", place: "--preset", message: "unknown preset \"\(subject.preset)\"")
        }
        // The generated editor, decoded as the scripts are (the policy and curve over the preset),
        // and its engine made once, so a policy or curve whose factory refuses is one error here.
        let probe: Scenario
        do {
            probe = try subject.decode(subject.scenarioJSON(steps: [], name: "explore"))
            let (w, h) = imageSize(probe.editor)
            _ = try Replayer.referenceModel(probe, imageWidth: w, imageHeight: h, registrations: subject.registrations)
        } catch {
            var named = error
            named.file = subject.options
            throw named
        }
        let editor = probe.editor
        let (w, h) = imageSize(editor)
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
        var scripts = 0
        var stopped = false
        let claimsRate = try claimsRateIndependence(subject, editor: editor)
        let checkRate = config.invariants.contains(.rate) && config.fps.count > 1 && claimsRate
        let label = subject.label(editor)
        for i in 0..<config.count {
            if let shard = config.shard, i % shard.count != shard.index - 1 { continue }
            scripts += 1
            let scriptSeed = config.seed &+ UInt64(i) &* 0x9E37_79B9_7F4A_7C15
            var gen = ScriptGenerator(seed: scriptSeed, capabilities: caps)
            let steps = gen.script()
            let rounding: CropRounding? = i % 2 == 0 ? .round : nil
            let json = subject.scenarioJSON(steps: steps, name: "explore", rounding: rounding)
            var found: (Invariant, String)?
            if !perScript.isEmpty || config.extra != nil {
                let (result, n) = check(
                    json, invariants: perScript, faults: config.faults, extra: config.extra, card: card,
                    rendered: rendered, subject: subject)
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
                        subject.scenarioJSON(steps: candidate, name: "shrink", rounding: rounding),
                        invariants: [invariant], faults: config.faults, extra: config.extra, card: card,
                        rendered: rendered, subject: subject) != nil
                }
                let name = "explore-\(subject.preset)-\(label)-\(scriptSeed)"
                let shrunk = subject.scenarioJSON(steps: small, name: name, rounding: rounding)
                let message =
                    violation(
                        shrunk, invariants: [invariant], faults: config.faults, extra: config.extra, card: card,
                        rendered: rendered, subject: subject)?.1
                    ?? problem
                findings.append(
                    Finding(seed: scriptSeed, invariant: invariant, violation: message, scenarioJSON: shrunk))
            }
            if checkRate {
                var rateGen = ScriptGenerator(seed: scriptSeed ^ 0x5151, capabilities: caps)
                let rateSteps = rateGen.rateIndependentScript()
                tallies[.rate, default: Tally()].scripts += 1
                if let problem = rateViolation(rateSteps, subject: subject, fps: config.fps, faults: config.faults) {
                    tallies[.rate, default: Tally()].findings += 1
                    let small = shrink(rateSteps) {
                        rateViolation($0, subject: subject, fps: config.fps, faults: config.faults) != nil
                    }
                    let name = "explore-rate-\(subject.preset)-\(label)-\(scriptSeed)"
                    findings.append(
                        Finding(
                            seed: scriptSeed, invariant: .rate, violation: problem,
                            scenarioJSON: subject.scenarioJSON(steps: small, name: name)))
                }
            }
            if findings.count >= config.maxFindings {
                stopped = i < config.count - 1
                break
            }
            if i % 1000 == 999 { progress?(i + 1) }
        }
        return Summary(scripts: scripts, frames: frames, findings: findings, tallies: tallies, stopped: stopped)
    }
}
