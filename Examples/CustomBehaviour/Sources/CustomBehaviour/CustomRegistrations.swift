import CropReplay

extension Registrations {
    /// The example's policy, curve and editor, by the names scenarios and `--model` use:
    /// `"policy": {"kind": "stepZoom", "params": {"stops": [1, 2, 3]}}`,
    /// `"animation": {"curve": "critical", "params": {"response": 0.3}}`, `--model clamping`, and
    /// `--model jumpy`, an editor with a planted bug for `explore` to find.
    public static func custom() throws -> Registrations {
        var r = Registrations()
        try r.register(policy: "stepZoom") { params, _ in
            try params.only(["stops", "band"])
            return StepZoomPolicy(
                stops: try params.numbers("stops", default: [1, 2, 3], in: 0.001...1000),
                band: try params.number("band", default: 0.55, in: 0.01...10))
        }
        try r.register(curve: "critical") { params in
            try params.only(["response"])
            return CriticalCurve(response: try params.number("response", default: 0.3, in: 0.01...10))
        }
        try r.register(model: "clamping") { setup in ClampingEditor(setup) }
        try r.register(model: "jumpy") { setup in JumpyEditor(setup) }
        return r
    }
}
