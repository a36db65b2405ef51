import CropConformance
import CropEngine
import CropGeometry
import CropPipeline
import CropReplayCLI
import CropScenario
import Foundation
import TestSupport
import XCTest

/// A model that shows what `change` makes of its display at frame `at` (0: from its factory),
/// and otherwise follows pans (so conform has something to compare).
struct MisbehavingModel: EditorModel {
    var display: EditorDisplay
    var at: Int
    var change: @Sendable (inout EditorDisplay) throws -> Void
    var translation = Point.zero

    init(_ setup: ModelSetup, at: Int, _ change: @escaping @Sendable (inout EditorDisplay) throws -> Void) throws {
        display = setup.initial
        self.at = at
        self.change = change
        if at == 0 { try change(&display) }
    }

    mutating func apply(_ action: EngineAction, in context: ModelContext) throws {
        if case .gesture(let e) = action, e.gesture == .pan {
            if e.phase != .began {
                display.state.cx += e.translation.x - translation.x
                display.state.cy += e.translation.y - translation.y
                display.state = context.geometry.project(display.state)
            }
            translation = e.translation
        }
        if case .tick = action, at > 0, context.frame == at { try change(&display) }
    }
}

/// An error whose description is several lines with terminal escapes, and long.
struct ChattyError: Error, CustomStringConvertible {
    var description: String {
        "first line\nsecond line\r\n\u{1B}[31mred\u{1B}[0m\t" + String(repeating: "x", count: 5000)
    }
}

/// Editor models that misbehave in every way a model can, through every path that drives one:
/// one line naming the model, the frame and the value, never a trap (docs/extending.md, "Your
/// own editor"); and `cropreplay conform` under bad options and a bad environment.
final class HostileModelTests: XCTestCase {
    static func registrations() throws -> Registrations {
        var r = Registrations()
        for at in [0, 3] {
            try r.register(model: "turnsNegative\(at)") {
                try MisbehavingModel($0, at: at) { $0.orientation.turns = -1 }
            }
            try r.register(model: "turnsFive\(at)") { try MisbehavingModel($0, at: at) { $0.orientation.turns = 5 } }
            try r.register(model: "chatty\(at)") { try MisbehavingModel($0, at: at) { _ in throw ChattyError() } }
        }
        try r.register(model: "chattyFactory") { _ in throw ChattyError() }
        try r.register(model: "restless") { try MisbehavingModel($0, at: 0) { $0.isSettling = true } }
        try r.register(model: "still") { try MisbehavingModel($0, at: 0) { _ in } }
        return r
    }

    static let drag = """
        {"preset": "circle-avatar-bounce",
         "script": [{"pan": {"by": [0, 240], "duration": 0.3}}, {"snapshot": "out"}, {"until": "settled"}]}
        """

    func replay(_ json: String = drag, model: String) throws -> Result<Trace, ReplayFailure> {
        let loaded = try LoadedScenario.load(
            text: json, file: "model.json", name: "model", registrations: try Self.registrations())
        return Result { () throws(ReplayFailure) -> Trace in try loaded.driving(model).replay() }
    }

    /// `ImageOrientation.turns` is a settable property: a model that sets it past 0...3 (a
    /// `turns -= 1` from 0) is refused with one line, at its factory or later, instead of
    /// trapping in the renderer or writing `"turns": 5` into the trace.
    func testQuarterTurnsOutsideZeroToThreeAreRefusedNotTrapped() throws {
        for (model, value, frame, after) in [
            ("turnsNegative0", "-1", 0, "its factory"), ("turnsNegative3", "-1", 3, "tick"),
            ("turnsFive0", "5", 0, "its factory"), ("turnsFive3", "5", 3, "tick"),
        ] {
            guard case .failure(let error) = try replay(model: model) else {
                XCTFail("\(model): expected a refusal")
                continue
            }
            XCTAssertTrue(
                error.description.contains(
                    "frame \(frame): the model \"\(model)\" showed the orientation's turns \(value): expected 0 to 3"
                        + " (after \(after))"), error.description)
            XCTAssertFalse(error.description.contains("\n"), error.description)
        }
        // Through the command line: exit 2, one line, nothing written.
        let dir = temporaryDirectory("hostile-model-turns")
        try Self.drag.write(toFile: dir + "/drag.json", atomically: true, encoding: .utf8)
        let r = runCLI(
            ["run", "--model", "turnsNegative3", "drag.json", "--out", "out"], in: dir,
            registrations: try Self.registrations())
        XCTAssertEqual(r.code, 2, r.err)
        XCTAssertEqual(r.err.split(separator: "\n").count, 1, r.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out/drag/trace.json"))
    }

    /// What a model throws is the model's text: it is quoted on the error's one line, its line
    /// breaks and control characters shown as spaces, and cut after 200 characters.
    func testAThrownErrorStaysOneShortLine() throws {
        for (model, frame) in [("chattyFactory", 0), ("chatty0", 0), ("chatty3", 3)] {
            guard case .failure(let error) = try replay(model: model) else {
                XCTFail("\(model): expected a failure")
                continue
            }
            let message = error.description
            XCTAssertFalse(message.contains { $0.isNewline || ($0.asciiValue.map { $0 < 32 } ?? false) }, message)
            XCTAssertTrue(message.contains("frame \(frame): the model \"\(model)\" failed in "), message)
            XCTAssertTrue(message.contains(": first line second line   [31mred [0m xxx"), message)
            XCTAssertTrue(message.hasSuffix("xxx..."), message)
            XCTAssertLessThan(message.count, 400, message)
        }
    }

    /// A model that never stops settling fails `until settled` 10 s later, and the line says
    /// that it is the model that keeps `isSettling` (not the reference's settle or fade).
    func testAModelThatNeverSettlesIsNamed() throws {
        guard case .failure(let error) = try replay(model: "restless") else { return XCTFail("expected a failure") }
        XCTAssertTrue(
            error.description.hasPrefix("model.json: script[2]: still animating at frame "), error.description)
        XCTAssertTrue(error.description.contains("(the model \"restless\" still shows isSettling)"), error.description)
        // The reference's own wording is unchanged.
        let never = """
            {"editor": {"policy": {"kind": "rubberBand", "animation": {"curve": "linear", "duration": 60}}},
             "script": [{"pan": {"by": [-600, 0], "duration": 0.2}}, {"until": "settled"}]}
            """
        guard case .failure(let reference) = try replay(never, model: "reference") else { return XCTFail() }
        XCTAssertTrue(reference.description.hasSuffix("(the settle or mask fade never ends)"), reference.description)
    }
}
