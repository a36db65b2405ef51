/// Scenarios built in code with the same model as the JSON.
extension EditorConfig {
    /// The defaults of docs/scenarios.md (no preset): `EditorConfig()`.
    public static let defaults = EditorConfig()

    /// A preset's editor; nil for an unknown name.
    public static func preset(_ name: String) -> EditorConfig? { try? Preset.named(name)?.editor() }
}

extension Scenario {
    /// A scenario built in code. Every value has the range it has in a scenario file;
    /// `validated()` checks them (as do `Replay.load` and `assertReplay`), with the same
    /// messages at the same places as the JSON decoder.
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
        self.init(
            name: name, file: "<code \(name)>", directory: directory, preset: preset, editor: editor, fps: fps,
            script: Self.numbered(script, under: "script"), start: start)
    }

    /// This scenario when everything a scenario file checks holds: the name, fps, every
    /// editor value and start value within its range, every step's values and the rules
    /// between the steps and the editor (a rotation step needs the rotation gesture, ...),
    /// unique snapshot and crop names. Otherwise the error the same scenario as JSON gets,
    /// at the same JSON path (`script[2].pan.duration: expected a duration from 0 to 10000,
    /// got nan`). Steps get the paths of their places (`script[2].together[1]`).
    public func validated() throws(ScenarioError) -> Scenario {
        var s = self
        s.script = Self.numbered(script.map(\.kind), under: "script")
        if let problem = s.problem() { throw problem.error(file: file) }
        return s
    }
}
