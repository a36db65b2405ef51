import CropEngine
import CropGeometry
import CropPipeline
import CropReplayCLI
import CropScenario
import Foundation
import TestSupport
import XCTest

/// A user's policy: rubber band while touching; on release the zoom snaps to the nearest stop.
struct StepZoomPolicy: SnapBackPolicy {
    var stops: [Double]

    func touch(_ raw: ViewState, in geometry: PolicyGeometry) -> TouchResponse { .band(0.55) }
    func resume(from shown: ViewState, in geometry: PolicyGeometry) -> Resumption { .unband(0.55) }
    func release(_ release: Release, in geometry: PolicyGeometry) -> ViewState? {
        let zoom: Double = geometry.zoom(of: release.shown)
        var nearest: Double = zoom
        for stop in stops where nearest == zoom || abs(stop - zoom) < abs(nearest - zoom) { nearest = stop }
        return geometry.project(geometry.state(release.shown, zoomedTo: nearest))
    }
}

/// A user's curve: critically damped, finished within 1e-3 of the target.
struct CriticalCurve: SettleCurve {
    var response: Double
    func progress(at time: Double) -> CurveProgress {
        let w: Double = 2 * Double.pi / response
        let decay: Double = Foundation.exp(-w * time)
        let p: Double = 1 - (1 + w * time) * decay
        return CurveProgress(p, finished: 1 - p < 1e-3)
    }
}

/// A policy that fails on purpose: for the error paths.
struct BrokenPolicy: SnapBackPolicy {
    enum Fault: String { case nan, huge, throwing, multiline }
    struct Refusal: Error, CustomStringConvertible { var description: String { "no state for you" } }
    struct Verbose: Error, CustomStringConvertible {
        var description: String { "first line\nsecond line\t" + String(repeating: "x", count: 500) }
    }
    var fault: Fault
    func touch(_ raw: ViewState, in geometry: PolicyGeometry) throws -> TouchResponse {
        switch fault {
        case .nan: return .show(ViewState(k: .nan, cx: raw.cx, cy: raw.cy))
        case .huge: return .show(ViewState(k: raw.k, cx: 1e300, cy: raw.cy))
        case .throwing: throw Refusal()
        case .multiline: throw Verbose()
        }
    }
    func release(_ release: Release, in geometry: PolicyGeometry) -> ViewState? { nil }
}

/// A curve that jumps to `value` and finishes (or never does).
struct ConstantCurve: SettleCurve {
    var value: Double
    var finishes: Bool
    func progress(at time: Double) -> CurveProgress {
        let p: Double = time > 0.05 ? value : 0
        return CurveProgress(p, finished: finishes && time > 0.1)
    }
}

final class ExtensionTests: XCTestCase {
    func registrations() throws -> Registrations {
        var r = Registrations()
        try r.register(policy: "stepZoom") { params, _ in
            try params.only(["stops"])
            let stops: [Double] = try params.numbers("stops", default: [1, 2, 3], in: 0.001...1000)
            return StepZoomPolicy(stops: stops)
        }
        try r.register(curve: "critical") { params in
            try params.only(["response"])
            let response: Double = try params.number("response", default: 0.3, in: 0.01...10)
            return CriticalCurve(response: response)
        }
        try r.register(policy: "broken") { params, _ in
            let name: String = try params.string(
                "fault", default: "nan", oneOf: ["nan", "huge", "throwing", "multiline"])
            let fault: BrokenPolicy.Fault = BrokenPolicy.Fault(rawValue: name) ?? .nan
            return BrokenPolicy(fault: fault)
        }
        try r.register(curve: "constant") { params in
            let value: Double = try params.number("value", default: 1, in: -1e300...1e300)
            let finishes: Bool = try params.bool("finishes", default: true)
            return ConstantCurve(value: value, finishes: finishes)
        }
        try r.register(policy: "band") { _, editor in
            let policy: any SnapBackPolicy = RubberBandPolicy(
                constant: editor.policy.rubberBand, momentum: editor.policy.momentum)
            return policy
        }
        return r
    }

    func load(_ json: String) throws -> LoadedScenario {
        try LoadedScenario.load(text: json, file: "ext.json", name: "ext", registrations: registrations())
    }

    func message(_ json: String) -> String {
        do {
            _ = try load(json).replay()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func testARegisteredPolicySnapsTheZoomToTheNearestStopWithARegisteredCurve() throws {
        let trace = try load(
            """
            {"editor": {"zoom": {"min": 1, "max": 4},
              "policy": {"kind": "stepZoom", "params": {"stops": [1, 2, 3]}, "animation": {"curve": "critical", "params": {"response": 0.2}}}},
             "script": [{"pinch": {"scale": 1.8, "duration": 0.3}}, {"until": "settled"}]}
            """
        ).replay()
        let released = try XCTUnwrap(trace.frames.firstIndex { $0.events.contains(.recognizer(.pinch, .ended)) })
        // The frame before the release: one step short of the pinch's 1.8.
        let before: Double = trace.frames[released - 1].zoom
        XCTAssertGreaterThan(before, 1.7)
        XCTAssertLessThan(before, 1.8)
        XCTAssertEqual(trace.frames.last!.zoom, 2, accuracy: 1e-12)
        XCTAssertTrue(trace.frames.last!.valid)
        // The settle follows the registered curve: progress after m frames is the curve's at m/60
        // (the settle starts on the release frame from the state the release shows).
        let from: Double = 1.8
        let curve = CriticalCurve(response: 0.2)
        for m in 1..<6 {
            let p: Double = curve.progress(at: Double(m) / 60).value
            let expected: Double = from + (2 - from) * p
            XCTAssertEqual(trace.frames[released - 1 + m].zoom, expected, accuracy: 1e-9, "frame +\(m)")
        }
    }

    func testABuiltInPolicyRegisteredUnderAnotherNameGivesTheSameTrace() throws {
        let script = """
            "script": [{"pan": {"by": [140, 260], "duration": 0.3, "from": [100, 300]}}, {"wait": 0.1},
                       {"pinch": {"scale": 0.4, "duration": 0.3}}, {"until": "settled"}]
            """
        for preset in ["circle-avatar-bounce", "resizable-box-refit"] {
            let builtIn = try load(
                "{\"preset\": \"\(preset)\", \"editor\": {\"policy\": {\"kind\": \"rubberBand\"}}, \(script)}"
            ).replay()
            let registered = try load(
                "{\"preset\": \"\(preset)\", \"editor\": {\"policy\": {\"kind\": \"band\"}}, \(script)}"
            ).replay()
            XCTAssertEqual(builtIn.frames, registered.frames, preset)
        }
    }

    func testUnknownNamesListTheRegisteredOnes() {
        let policy = message(#"{"editor": {"policy": {"kind": "stepZom"}}}"#)
        XCTAssertTrue(
            policy.contains("editor.policy.kind: unknown policy \"stepZom\" (did you mean \"stepZoom\"?)"), policy)
        XCTAssertTrue(policy.contains("\"stepZoom\", \"broken\""), policy)
        let curve = message(#"{"editor": {"policy": {"animation": {"curve": "critcal"}}}}"#)
        XCTAssertTrue(curve.contains("did you mean \"critical\""), curve)
        let builtInParams = message(#"{"editor": {"policy": {"kind": "clamp", "params": {}}}}"#)
        XCTAssertTrue(
            builtInParams.contains("editor.policy.params: \"params\" are for registered policies"), builtInParams)
    }

    func testAFactoryRefusesBadParametersAtTheirPath() {
        let bad = message(#"{"editor": {"policy": {"kind": "stepZoom", "params": {"stops": [1, 0]}}}}"#)
        XCTAssertEqual(bad, "ext.json: editor.policy.params.stops[1]: expected a number from 0.001 to 1000, got 0")
        let unknown = message(#"{"editor": {"policy": {"kind": "stepZoom", "params": {"stop": [1]}}}}"#)
        XCTAssertTrue(
            unknown.hasPrefix("ext.json: editor.policy.params.stop: unknown key \"stop\" (did you mean \"stops\"?)"),
            unknown)
        let curve = message(#"{"editor": {"policy": {"animation": {"curve": "critical", "params": {"response": 0}}}}}"#)
        XCTAssertEqual(
            curve, "ext.json: editor.policy.animation.params.response: expected a number from 0.01 to 10, got 0")
    }

    func testAPolicyThatReturnsNonFiniteOrHugeStatesOrThrowsIsOneLine() {
        let script = #""script": [{"pan": {"by": [10, 0], "duration": 0.1}}]"#
        let nan = message(
            "{\"editor\": {\"policy\": {\"kind\": \"broken\", \"params\": {\"fault\": \"nan\"}}}, \(script)}")
        XCTAssertTrue(nan.hasPrefix("ext.json: script[0]: frame 1: the policy \"broken\" returned (k: nan"), nan)
        let huge = message(
            "{\"editor\": {\"policy\": {\"kind\": \"broken\", \"params\": {\"fault\": \"huge\"}}}, \(script)}")
        XCTAssertTrue(huge.contains("frame 1: the policy \"broken\" returned (k: "), huge)
        XCTAssertTrue(huge.contains("cx: 1e+300"), huge)
        let thrown = message(
            "{\"editor\": {\"policy\": {\"kind\": \"broken\", \"params\": {\"fault\": \"throwing\"}}}, \(script)}")
        XCTAssertEqual(thrown, "ext.json: script[0]: frame 1: the policy \"broken\" failed in touch: no state for you")
        // A thrown error of many lines (or a very long one) is quoted on one line, cut at 200 characters.
        let verbose = message(
            "{\"editor\": {\"policy\": {\"kind\": \"broken\", \"params\": {\"fault\": \"multiline\"}}}, \(script)}")
        XCTAssertTrue(
            verbose.hasPrefix(
                "ext.json: script[0]: frame 1: the policy \"broken\" failed in touch: first line second line "),
            verbose)
        XCTAssertTrue(verbose.hasSuffix("x..."), verbose)
        for m in [nan, huge, thrown, verbose] { XCTAssertFalse(m.contains("\n"), m) }
    }

    func testACurveThatGivesNonFiniteProgressOrNeverFinishesIsRefused() {
        let script = #""script": [{"pan": {"by": [900, 0], "duration": 0.1}}, {"until": "settled"}]"#
        let animation = #"{"curve": "constant", "params": {"value": 1e300}}"#
        let infinite = message(
            "{\"editor\": {\"policy\": {\"kind\": \"snapNearest\", \"animation\": \(animation)}}, \(script)}")
        XCTAssertTrue(infinite.contains("the curve \"constant\" gave the progress 1e+300 at"), infinite)
        let endless = message(
            #"{"editor": {"policy": {"kind": "snapNearest", "animation": {"curve": "constant", "params": {"finishes": false}}}}}"#
        )
        let expected =
            #"ext.json: editor.policy.animation.curve: the curve "constant" has not finished 10000 s after it starts (progress 1.0); a curve must finish within 10000 s"#
        XCTAssertEqual(endless, expected)
    }

    func testRegisteringABuiltInOrABadNameIsRefused() {
        var r = Registrations()
        XCTAssertThrowsError(try r.register(policy: "clamp") { _, _ in ClampPolicy() })
        XCTAssertThrowsError(try r.register(curve: "spring") { _ in AnimationCurve.none })
        XCTAssertThrowsError(try r.register(policy: "a b") { _, _ in ClampPolicy() })
        XCTAssertNoThrow(try r.register(policy: "mine") { _, _ in ClampPolicy() })
        XCTAssertEqual(r.policyNames, ["mine"])
    }

    func testTheCommandLineRunsAndComparesARegisteredPolicy() throws {
        let dir = temporaryDirectory("ext-cli")
        let file = dir + "/step.json"
        let text =
            #"{"name": "step", "editor": {"policy": {"kind": "stepZoom"}}, "script": [{"pinch": {"scale": 1.7}}, {"until": "settled"}]}"#
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let regs = try registrations()
        let validated = runCLI(["validate", file], registrations: regs)
        XCTAssertEqual(validated.code, 0, validated.err)
        let compared = runCLI(
            ["compare", file, "--policies", "rubberBand,stepZoom", "--out", dir + "/out"], registrations: regs)
        XCTAssertEqual(compared.code, 0, compared.err)
        let metrics = try String(contentsOfFile: dir + "/out/step-compare/metrics.json", encoding: .utf8)
        XCTAssertTrue(metrics.contains("stepZoom"), metrics)
        // Without the registrations the same file is one line naming the policy.
        let plain = runCLI(["validate", file])
        XCTAssertEqual(plain.code, 2)
        XCTAssertTrue(plain.err.contains("unknown policy \"stepZoom\""), plain.err)
    }
}
