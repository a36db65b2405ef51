/// Scenarios built in code with the same model as the JSON.
extension EditorConfig {
    /// The defaults of docs/scenarios.md (no preset).
    public static var defaults: EditorConfig {
        (try? EditorDecoder().decode(nil)) ?? Preset.all[0].editorFallback
    }

    /// A preset's editor; nil for an unknown name.
    public static func preset(_ name: String) -> EditorConfig? { try? Preset.named(name)?.editor() }
}

extension Preset {
    /// Never used: decoding the defaults cannot fail; present so `defaults` needs no trap.
    var editorFallback: EditorConfig {
        EditorConfig(
            viewport: ViewportSpec(width: 390, height: 844, scale: 1), background: .black,
            image: .testcard(width: 1600, height: 1200),
            fit: .aspectFill, frame: FrameSpec(),
            mask: MaskSpec(color: .black, opacity: 0.8, region: .outside, visibility: .always, fade: 0),
            border: BorderSpec(color: .white, opacity: 1, width: 2, position: .center, dash: []), grid: nil,
            zoom: ZoomSpec(base: .fit, min: .value(1), max: 10, anchor: .focal), constraint: .frame,
            policy: PolicySpec(
                kind: .rollback, rollback: .whole, onCancel: .settle, momentum: nil, rubberBand: 0.55, animation: .none),
            faces: [], crop: CropSpec(formula: .geometric, rounding: .integral))
    }
}

extension Scenario {
    /// A scenario built in code. Names (scenario, snapshots, crops) follow the same
    /// rules as in JSON; `validated()` checks them.
    ///
    ///     var editor = EditorConfig.preset("circle-avatar-bounce")!
    ///     editor.policy.kind = .clamp
    ///     let s = try Scenario(name: "drag-clamped", editor: editor, script: [
    ///         .pan(PanStep(by: Point(0, 200), duration: 0.3)),
    ///         .snapshot("released"),
    ///     ]).validated()
    ///
    /// `start` re-opens a saved edit at frame 0 (the scenario key `start`).
    public init(
        name: String, preset: String? = nil, editor: EditorConfig = .defaults, fps: Int = 60, start: StartState? = nil,
        script: [StepKind], directory: String = "."
    ) {
        let steps = script.enumerated().map { Step(kind: $0.element, path: "script[\($0.offset)]") }
        self.init(
            name: name, file: "<code \(name)>", directory: directory, preset: preset, editor: editor, fps: fps,
            script: steps,
            start: start)
    }

    /// Checks what the JSON decoder would: names, fps, the ranges of `start`, duplicate snapshot and crop names.
    public func validated() throws(ScenarioError) -> Scenario {
        func fail(_ place: String, _ message: String) -> ScenarioError {
            ScenarioError(file: file, place: place, message: message)
        }
        guard OutputName.isValid(name) else {
            throw fail("name", "expected a name of 1 to 100 characters from A-Z a-z 0-9 . _ -")
        }
        guard fps >= 1 && fps <= 240 else { throw fail("fps", "expected an integer from 1 to 240, got \(fps)") }
        if let problem = start?.rangeProblem { throw fail("start.\(problem.key)", problem.message) }
        var snapshots = Set<String>()
        var crops = Set<String>()
        for step in script {
            switch step.kind {
            case .snapshot(let n):
                guard OutputName.isValid(n), snapshots.insert(n).inserted else {
                    throw fail(step.path + ".snapshot", "invalid or duplicate snapshot name \"\(n)\"")
                }
            case .save(let s):
                guard OutputName.isValid(s.name), crops.insert(s.name).inserted else {
                    throw fail(step.path + ".save.name", "invalid or duplicate crop name \"\(s.name)\"")
                }
            default: break
            }
        }
        return self
    }
}
