import CropEngine
import CropExplore
import CropGeometry
import CropPipeline
import CropScenario
import Foundation
import TestSupport
import XCTest

@testable import CropReplayCLI

/// `ClampingModel` with a planted bug: as a finger lands (a pan's `began`) the photo jumps 24
/// points to the right.
struct JumpAtBeganModel: EditorModel {
    var inner: ClampingModel

    init(_ setup: ModelSetup) { inner = ClampingModel(setup) }

    var display: EditorDisplay { inner.display }

    mutating func apply(_ action: EngineAction, in context: ModelContext) throws {
        try inner.apply(action, in: context)
        if case .gesture(let e) = action, e.gesture == .pan, e.phase == .began {
            var s = inner.display.state
            s.cx += 24
            inner.display.state = context.geometry.project(s)
        }
    }
}

/// What a console printed, line by line.
final class ExploreOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    func append(_ line: String) { lock.withLock { text += line + "\n" } }
    var value: String { lock.withLock { text } }
}

/// The explorer on the user's code: registered policies and curves on the reference, a
/// registered editor model checked from what it shows, shards, and the command's lines.
final class ExploreUserCodeTests: XCTestCase {
    static func registrations() throws -> Registrations {
        var r = try EditorModelTests.registrations()
        try r.register(model: "jumpy") { JumpAtBeganModel($0) }
        try r.register(policy: "stepZoom") { params, _ in
            try params.only(["stops"])
            return StepZoomPolicy(stops: try params.numbers("stops", default: [1, 2, 3], in: 0.001...1000))
        }
        try r.register(curve: "critical") { params in
            try params.only(["response"])
            return CriticalCurve(response: try params.number("response", default: 0.3, in: 0.01...10))
        }
        return r
    }

    func subject(_ preset: String, model: String? = nil, policy: String? = nil, curve: String? = nil) throws
        -> ExploreSubject
    {
        ExploreSubject(
            preset: preset, policy: policy.map { PolicyKind(rawValue: $0) }, curve: curve, model: model,
            registrations: try Self.registrations())
    }

    func testAPlantedJumpAtBeganIsFoundShrunkAndReproducedUnderTheModel() throws {
        let jumpy = try subject("circle-avatar-bounce", model: "jumpy")
        let summary = try Explorer.run(Explorer.Config(subject: jumpy, count: 30, seed: 1))
        let finding = try XCTUnwrap(summary.findings.first, "the jump at began was not found")
        XCTAssertEqual(finding.invariant, .continuity, finding.violation)
        XCTAssertTrue(finding.violation.contains("a began moved the image"), finding.violation)
        let registrations = try Self.registrations()
        let scenario = try ScenarioDecoder.decode(
            text: finding.scenarioJSON, file: "f.json", defaultName: "f", extensions: registrations.names)
        XCTAssertLessThanOrEqual(scenario.script.count, 3, finding.scenarioJSON)  // at most two steps, `until settled`
        // It reproduces under `run --model jumpy`: a frame of only `began` events moves the image.
        let loaded = try LoadedScenario.load(
            text: finding.scenarioJSON, file: "f.json", name: "f", registrations: registrations)
        let frames = try loaded.driving("jumpy").replay().frames
        let began = try XCTUnwrap(frames.firstIndex { f in f.events.contains { $0.phase == .began } })
        XCTAssertNotEqual(frames[began].imageRect.x, frames[began - 1].imageRect.x)
        // The sound clamping editor keeps the promise on the same script.
        let sound = try subject("circle-avatar-bounce", model: "clamping")
        XCTAssertNil(
            Explorer.violation(
                finding.scenarioJSON, invariants: [.continuity], faults: [], extra: nil, card: nil, subject: sound))
    }

    /// The reference's own live model behind `EditorModel` keeps what any crop editor should:
    /// the model invariants make no false finding on it.
    func testTheReferenceDrivenAsAModelKeepsEveryModelInvariant() throws {
        for preset in ["circle-avatar-bounce", "straighten-flip", "resizable-box-refit", "twist-doubletap"] {
            let summary = try Explorer.run(
                Explorer.Config(subject: try subject(preset, model: "live"), count: 12, seed: 5))
            XCTAssertEqual(
                summary.findings.count, 0,
                "\(preset): [\(summary.findings.first?.invariant.rawValue ?? "")] \(summary.findings.first?.violation ?? "")"
                    + "\n\(summary.findings.first?.scenarioJSON ?? "")")
            XCTAssertEqual(Set(summary.tallies.keys), Set(Invariant.modelDefaults))
            XCTAssertEqual(summary.tallies[.rate]?.scripts, 12)
        }
    }

    func testARegisteredPolicyAndCurveAreExploredOnTheReference() throws {
        let s = try subject("circle-avatar-bounce", policy: "stepZoom", curve: "critical")
        let json = s.scenarioJSON(steps: [], name: "probe")
        XCTAssertTrue(
            json.contains("\"policy\": {\"kind\": \"stepZoom\", \"animation\": {\"curve\": \"critical\"}}"), json)
        let summary = try Explorer.run(Explorer.Config(subject: s, count: 20, seed: 3))
        XCTAssertEqual(summary.scripts, 20)
        XCTAssertEqual(summary.tallies[.rate]?.scripts, 20, "a policy that remembers nothing is held to the rate")
        XCTAssertEqual(
            summary.findings.count, 0,
            "[\(summary.findings.first?.invariant.rawValue ?? "")] \(summary.findings.first?.violation ?? "")")
    }

    func testTheModelInvariantsAreTheDefaultsAndTheOthersAreRefused() throws {
        let r = try Self.registrations()
        let plan = try ExplorePlan(
            presets: ["twist-doubletap"], policy: nil, curve: nil, model: "clamping", invariants: nil, registrations: r)
        XCTAssertEqual(plan.invariants, Set(Invariant.modelDefaults))
        XCTAssertEqual(plan.subjects.map(\.model), ["clamping"])
        XCTAssertThrowsError(
            try ExplorePlan(
                presets: nil, policy: nil, curve: nil, model: "clamping", invariants: ["projection"], registrations: r)
        ) { error in
            let refusal = error as? ExplorePlan.Refusal
            XCTAssertEqual(refusal?.option, "--invariant")
            XCTAssertTrue(refusal?.message.contains("reference's internals") ?? false, "\(error)")
        }
        let all = try ExplorePlan(
            presets: ["twist-doubletap"], policy: nil, curve: nil, model: nil, invariants: nil, registrations: r)
        XCTAssertEqual(all.subjects.compactMap(\.policy?.rawValue), PolicyKind.allCases.map(\.rawValue) + ["stepZoom"])
        for invariant in Invariant.allCases {
            XCTAssertFalse(invariant.assumes(model: false).isEmpty)
            XCTAssertFalse(invariant.assumes(model: true).isEmpty)
        }
    }

    /// Every script goes to exactly one shard: the shards' findings are the whole run's.
    func testShardsSplitTheScriptsDeterministically() throws {
        func run(_ shard: (Int, Int)?) throws -> Explorer.Summary {
            var config = Explorer.Config(preset: "twist-doubletap", policy: .clamp, count: 7, seed: 4)
            config.invariants = [.finite]
            config.extra = { trace in trace.frames.count > 1 ? "every script" : nil }
            config.maxFindings = 100
            config.shard = shard
            return try Explorer.run(config)
        }
        let whole = try run(nil)
        XCTAssertGreaterThanOrEqual(whole.findings.count, 5)
        var seeds: [UInt64] = []
        var scripts = 0
        for i in 1...3 {
            let part = try run((i, 3))
            XCTAssertEqual(part.findings.map(\.seed), try run((i, 3)).findings.map(\.seed))
            seeds += part.findings.map(\.seed)
            scripts += part.scripts
        }
        XCTAssertEqual(scripts, 7)
        XCTAssertEqual(seeds.sorted(), whole.findings.map(\.seed).sorted())
    }

    func testTheCommandExploresAModelAndNamesTheRunningProgram() throws {
        let dir = NSTemporaryDirectory() + "explore-model-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = ExploreOutput()
        let err = ExploreOutput()
        let code = CLI.run(
            ["explore", "--model", "jumpy", "--preset", "circle-avatar-bounce", "--count", "10", "--out", dir],
            console: Console(out: { out.append($0) }, err: { err.append($0) }), registrations: try Self.registrations(),
            program: "custom-cropreplay")
        XCTAssertEqual(code, 1, out.value + err.value)
        // Five findings stop a run: the line says how many scripts ran.
        XCTAssertTrue(
            out.value.contains("circle-avatar-bounce / model jumpy: 6 scripts, ")
                && out.value.contains(", 5 findings (stopped at the limit)"), out.value)
        let lines = out.value.split(separator: "\n").map(String.init)
        let reproduce = try XCTUnwrap(lines.first { $0.hasPrefix("  reproduce: ") }, out.value)
        XCTAssertTrue(
            reproduce.hasPrefix("  reproduce: custom-cropreplay run --model jumpy \(dir)/explore-continuity-"))
        let path = String(reproduce.split(separator: " ").last ?? "")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), path)
        let r = runCLI(
            ["run", "--model", "jumpy", path, "--out", dir + "/run"], registrations: try Self.registrations())
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(
            lines.contains {
                $0.hasPrefix("| continuity | 6 |") && $0.hasSuffix(" | \(Invariant.continuity.assumes(model: true)) |")
            }, out.value)
        XCTAssertFalse(lines.contains { $0.hasPrefix("| projection |") }, "a model is checked on its own invariants")
    }

    func testBadExploreOptionsAreOneLineNamingWhatWasExpected() throws {
        let r = try Self.registrations()
        let cases: [([String], String)] = [
            (["--model", "clamping", "--invariant", "box"], "unknown invariant 'box' (it needs the reference's"),
            (
                ["--policy", "stepZom"],
                "unknown policy 'stepZom'; expected rollback, clamp, rubberBand, snapNearest, none, stepZoom"
            ),
            (
                ["--curve", "bouncy"],
                "unknown curve 'bouncy'; expected none, linear, easeOut, easeInOut, spring, critical"
            ),
            (["--model", "clampin"], "unknown model 'clampin'; expected one of reference, live, clamping"),
            (["--shard", "4/3"], "'--shard' expects i/n with 1 <= i <= n <= 1000, got '4/3'"),
        ]
        // A curve whose factory refuses the preset's editor: one error before any script runs.
        var refusing = r
        try refusing.register(curve: "refuses") { _ in throw FaultyModel.Refusal() }
        let refused = runCLI(
            ["explore", "--preset", "twist-doubletap", "--policy", "clamp", "--curve", "refuses", "--count", "3"],
            registrations: refusing)
        XCTAssertEqual(refused.code, 2, refused.out)
        XCTAssertEqual(
            refused.err,
            "Error: explore --preset twist-doubletap --policy clamp --curve refuses: editor.policy.animation.params:"
                + " the curve \"refuses\" refused its parameters: the model refuses\n")
        for (args, message) in cases {
            let result = runCLI(["explore", "--count", "1"] + args, registrations: r)
            XCTAssertEqual(result.code, 2, "\(args): \(result.out)")
            XCTAssertTrue(result.err.hasPrefix("Error: \(message)"), "\(args): \(result.err)")
            XCTAssertEqual(result.err.split(separator: "\n").count, 1, result.err)
        }
    }
}
