import CropEngine
import CropScenario

/// `cropreplay explore`: random scripts against the promises of each policy.
package enum Explorer {
    package struct Finding: Sendable {
        package var seed: UInt64
        package var violation: String
        /// A scenario file (JSON) that reproduces it, after shrinking.
        package var scenarioJSON: String
    }

    package struct Summary: Sendable {
        package var scripts: Int
        package var frames: Int
        package var findings: [Finding]
    }

    static func scenarioJSON(preset: String, policy: PolicyKind, steps: [ScriptGenerator.GenStep], name: String) -> String {
        let script = (steps.map { $0.json } + ["{\"until\": \"settled\"}"]).joined(separator: ",\n    ")
        return
            "{\n  \"name\": \"\(name)\",\n  \"preset\": \"\(preset)\",\n  \"editor\": {\"policy\": {\"kind\": \"\(policy.rawValue)\"}},\n  \"script\": [\n    \(script)\n  ]\n}\n"
    }

    /// The first broken invariant of a replay, or nil.
    /// An extra invariant (tests use it to check shrinking): a message when broken.
    package typealias Check = @Sendable (Trace) -> String?

    static func violation(_ json: String, policy: PolicyKind, extra: Check? = nil) -> (String?, Int) {
        let scenario: Scenario
        let trace: Trace
        var w = 1600
        var h = 1200
        do {
            scenario = try ScenarioDecoder.decode(text: json, file: "explore", defaultName: "explore")
            if case .testcard(let tw, let th) = scenario.editor.image {
                w = tw
                h = th
            }
            trace = try Replayer.replay(scenario, imageWidth: w, imageHeight: h)
        } catch {
            return ("the replay failed: \(error)", 0)
        }
        if let extra, let problem = extra(trace) { return (problem, trace.frames.count) }
        let maskRule = scenario.editor.mask.visibility
        let coverable = promisesCover(scenario.editor, imageWidth: w, imageHeight: h)
        for f in trace.frames {
            let numbers = [f.zoom, f.k, f.imageRect.x, f.imageRect.y, f.imageRect.width, f.imageRect.height, f.mask]
            if numbers.contains(where: { !$0.isFinite }) { return ("frame \(f.frame): a number is not finite", trace.frames.count) }
            if policy == .clamp && coverable && !f.valid {
                return ("frame \(f.frame): clamp showed an invalid state \(f.imageRect)", trace.frames.count)
            }
            if maskRule == .always && f.mask != 1 { return ("frame \(f.frame): mask \(f.mask) with visibility always", trace.frames.count) }
            if maskRule == .hiddenWhileTouching && !f.isTouching && f.mask != 1 && f.events.isEmpty && !f.animating {
                // Idle and no fade running means fully visible; a fade may still be on its way.
                if scenario.editor.mask.fade == 0 { return ("frame \(f.frame): mask hidden while idle", trace.frames.count) }
            }
        }
        guard let last = trace.frames.last else { return ("empty trace", 0) }
        let promisesValid: Bool
        switch policy {
        case .clamp: promisesValid = coverable
        case .rubberBand, .snapNearest: promisesValid = coverable && scenario.editor.policy.onCancel == .settle
        case .rollback:
            // `began` stores the state at began, valid or not (SPEC 7), so whole rollback promises a
            // valid end only when every gesture began on a valid state.
            let beganValid = trace.frames.allSatisfy { f in f.valid || !f.events.contains { $0.phase == .began } }
            promisesValid =
                coverable && beganValid && scenario.editor.policy.rollback == .whole && scenario.editor.policy.onCancel == .settle
        case .none: promisesValid = false
        }
        if promisesValid && !last.isTouching && !last.valid {
            return (
                "after until settled (frame \(last.frame)) the state is invalid under \(policy.rawValue): imageRect \(last.imageRect), zoom \(last.zoom)",
                trace.frames.count
            )
        }
        return (nil, trace.frames.count)
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

    /// Removes steps and shrinks numbers while the violation persists.
    static func shrink(_ steps: [ScriptGenerator.GenStep], preset: String, policy: PolicyKind, extra: Check?) -> [ScriptGenerator.GenStep] {
        var current = steps
        func fails(_ s: [ScriptGenerator.GenStep]) -> Bool {
            violation(scenarioJSON(preset: preset, policy: policy, steps: s, name: "shrink"), policy: policy, extra: extra).0 != nil
        }
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

    /// Replays `count` random scripts from `seed`.
    package static func run(
        preset: String, policy: PolicyKind, count: Int, seed: UInt64, extra: Check? = nil,
        progress: ((Int) -> Void)? = nil
    ) throws(ScenarioError) -> Summary {
        guard let editor = try Preset.named(preset)?.editor() else {
            throw ScenarioError(file: "explore", place: "--preset", message: "unknown preset \"\(preset)\"")
        }
        var findings: [Finding] = []
        var frames = 0
        for i in 0..<count {
            let scriptSeed = seed &+ UInt64(i) &* 0x9E3779B97F4A7C15
            var gen = ScriptGenerator(seed: scriptSeed, width: editor.viewport.width, height: editor.viewport.height)
            let steps = gen.script()
            let json = scenarioJSON(preset: preset, policy: policy, steps: steps, name: "explore")
            let (problem, n) = violation(json, policy: policy, extra: extra)
            frames += n
            if let problem {
                let small = shrink(steps, preset: preset, policy: policy, extra: extra)
                let name = "explore-\(preset)-\(policy.rawValue)-\(scriptSeed)"
                let shrunkJSON = scenarioJSON(preset: preset, policy: policy, steps: small, name: name)
                let shrunkProblem = violation(shrunkJSON, policy: policy, extra: extra).0 ?? problem
                findings.append(Finding(seed: scriptSeed, violation: shrunkProblem, scenarioJSON: shrunkJSON))
                if findings.count >= 5 { break }
            }
            if i % 1000 == 999 { progress?(i + 1) }
        }
        return Summary(scripts: count, frames: frames, findings: findings)
    }
}
