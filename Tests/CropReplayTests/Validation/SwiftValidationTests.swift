import CropEngine
import CropGeometry
import CropReplay
import CropScenario
import Foundation
import TestSupport
import XCTest

/// Scenarios and editors built in Swift get the checks a scenario file gets, from the same
/// validator: a typed error at the JSON path (`editor.zoom.max`, `script[2].pan.duration`) with
/// what was expected and what was given, the same message as the same values in JSON, before
/// anything replays, and never a trap (docs/scenarios.md, "Ranges and limits").
final class SwiftValidationTests: XCTestCase {
    /// A scenario of the default editor changed by `configure`, with `script`.
    func built(
        _ script: [StepKind] = [], start: StartState? = nil, _ configure: (inout EditorConfig) -> Void = { _ in }
    ) -> Scenario {
        Scenario(name: "swift", editor: editor(configure), start: start, script: script)
    }

    func swiftError(_ s: Scenario) -> ScenarioError? {
        do {
            _ = try s.validated()
            return nil
        } catch {
            return error
        }
    }

    /// The error of the same scenario written as JSON (its canonical text) and decoded.
    func jsonError(_ s: Scenario) -> ScenarioError? {
        do {
            _ = try ScenarioDecoder.decode(text: ScenarioEncoder.scenario(s).serialized(), file: "swift.json")
            return nil
        } catch {
            return error
        }
    }

    /// `s` is refused at `place` with `message` by `validated()`, by `Replay.load` and, for an
    /// editor, by `CropEditorModel`; as JSON (when its values are finite, as JSON's are) it
    /// gets the same message at the same place.
    func assertRefused(
        _ s: Scenario, at place: String, _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let e = swiftError(s) else { return XCTFail("accepted, expected \(place)", file: file, line: line) }
        XCTAssertEqual(e.place, place, file: file, line: line)
        XCTAssertEqual(e.message, message, file: file, line: line)
        XCTAssertEqual(e.description, "<code swift>: \(place): \(message)", file: file, line: line)
        if let expected = e.expected, let given = e.given {
            XCTAssertEqual("expected \(expected), got \(given)", message, "typed: what was expected and given")
        }
        XCTAssertThrowsError(try Replay.load(s), file: file, line: line) { error in
            guard case .scenario(let e)? = error as? ReplayError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.place, place, file: file, line: line)
            XCTAssertEqual(e.message, message, file: file, line: line)
        }
        if place.hasPrefix("editor.") {
            XCTAssertThrowsError(try CropEditorModel(editor: s.editor, imageWidth: 1600, imageHeight: 1200)) { error in
                XCTAssertEqual(
                    "\(error)", "CropEditorModel: \(place): \(message)", "the live model", file: file, line: line)
            }
        }
        let nonFinite = ["got nan", "got inf", "got -inf"].contains { message.hasSuffix($0) }
        if !nonFinite {
            let j = jsonError(s)
            XCTAssertEqual(j?.place, place, "from JSON", file: file, line: line)
            XCTAssertEqual(j?.message, message, "from JSON", file: file, line: line)
        }
    }

    /// The sixteen bad scenarios of the issue that found Swift-built scenarios unchecked: each
    /// is refused before anything replays, naming its field, and none traps.
    func testTheSixteenBadScenariosOfTheIssueAreRefusedAtTheirField() {
        let cases: [(String, Scenario, String, String)] = [
            (
                "a NaN pan duration", built([.pan(PanStep(by: Point(0, 10), duration: .nan))]),
                "script[0].pan.duration", "expected a duration from 0 to 10000, got nan"
            ),
            (
                "a negative pinch duration", built([.pinch(PinchStep(scale: 2, duration: -1))]),
                "script[0].pinch.duration", "expected a duration from 0 to 10000, got -1"
            ),
            (
                "an infinite wait", built([.snapshot("a"), .wait(.infinity)]), "script[1].wait",
                "expected a duration in seconds from 0 to 10000, got inf"
            ),
            (
                "a rotation on a non-rotating editor", built([.rotation(RotationStep(by: 30))]),
                "script[0].rotation", "a rotation step needs the rotation gesture (editor.rotation.gesture: true)"
            ),
            (
                "a 400000-point viewport", built { $0.viewport.width = 400_000 }, "editor.viewport.width",
                "expected a width above 0 and at most 8192, got 400000"
            ),
            (
                "a NaN zoom limit", built { $0.zoom.max = .nan }, "editor.zoom.max",
                "expected a zoom from 0.001 to 1000, got nan"
            ),
            (
                "a negative rubber-band constant", built { $0.policy.rubberBand = -0.5 }, "editor.policy.rubberBand",
                "expected a rubber-band constant above 0 and at most 1000000, got -0.5"
            ),
            (
                "2000 faces",
                built { $0.faces = Array(repeating: Rect(x: 0, y: 0, width: 10, height: 10), count: 2000) },
                "editor.faces", "expected at most 1000 face boxes, got 2000"
            ),
            (
                "a NaN mask opacity", built { $0.mask.opacity = .nan }, "editor.mask.opacity",
                "expected an opacity from 0 to 1, got nan"
            ),
            (
                "a pan by 1e300", built([.pan(PanStep(by: Point(1e300, 0)))]), "script[0].pan.by[0]",
                "expected a number within +-1000000, got 1e+300"
            ),
            (
                "a margin of -1e9", built { $0.frame.margin = -1e9 }, "editor.frame.margin",
                "expected a margin from 0 to 1000000, got -1000000000"
            ),
            (
                "a double-tap factor of 0.0001", built { $0.doubleTap.factor = 0.0001 }, "editor.doubleTap.factor",
                "expected a factor from 0.001 to 1000, got 0.0001"
            ),
            (
                "an infinite straighten", built([.straighten(StraightenStep(to: -.infinity))]),
                "script[0].straighten.to", "expected an angle in degrees within +-1000000, got -inf"
            ),
            (
                "a NaN spring response", built { $0.policy.animation = .spring(response: .nan, dampingRatio: 1) },
                "editor.policy.animation.response", "expected a response in seconds from 0 to 10000, got nan"
            ),
            (
                "a zero pixel scale", built { $0.viewport.scale = 0 }, "editor.viewport.scale",
                "expected an integer from 1 to 4, got 0"
            ),
            (
                "three fingers inside together",
                built([.together([Step(kind: .touches([[Point(1, 1), Point(2, 2), Point(3, 3)]]), path: "")])]),
                "script[0].together[0].touches[0]", "expected 0, 1 or 2 finger positions, got 3"
            ),
        ]
        XCTAssertEqual(cases.count, 16)
        for (_, s, place, message) in cases { assertRefused(s, at: place, message) }
    }

    /// One bad value per editor section, set from Swift (crop and turn hold only enum values,
    /// which Swift cannot get wrong; background any RGBA).
    func testEveryEditorSectionRefusesABadValueAtItsPath() {
        let cases: [(Scenario, String, String)] = [
            (
                built { $0.viewport.height = 8192.5 }, "editor.viewport.height",
                "expected a height above 0 and at most 8192, got 8192.5"
            ),
            (
                built { $0.viewport.width = 390.5 }, "editor.viewport.width",
                "expected width * scale to be whole pixels, got 390.5 * 1 = 390.5"
            ),
            (
                built { $0.image = .testcard(width: 1, height: 100) }, "editor.image.testcard[0]",
                "expected an integer from 2 to 16384, got 1"
            ),
            (
                built { $0.image = .testcard(width: 16384, height: 16384) }, "editor.image.testcard",
                "image is 16384x16384 = 268435456 pixels; the limit is 100 MP"
            ),
            (built { $0.image = .file("") }, "editor.image.file", "expected a file path, got an empty string"),
            (
                built { $0.frame.size = Size(100, -1) }, "editor.frame.size[1]",
                "expected a height above 0 and at most 1000000, got -1"
            ),
            (
                built {
                    $0.frame.shape = .circle
                    $0.frame.size = Size(100, 120)
                }, "editor.frame.size", "a circle frame given by size must be square, got [100, 120]"
            ),
            (
                built { $0.frame.aspect = .ratio(Size(0, 1)) }, "editor.frame.aspect[0]",
                "expected a width above 0 and at most 1000000, got 0"
            ),
            (
                built { $0.frame.cornerRadius = .infinity }, "editor.frame.cornerRadius",
                "expected a radius from 0 to 1000000, got inf"
            ),
            (
                built { $0.frame.minSize = Size(0, 44) }, "editor.frame.minSize[0]",
                "expected a width above 0 and at most 1000000, got 0"
            ),
            (
                built { $0.frame.handleSize = -1 }, "editor.frame.handleSize",
                "expected a handle size from 0 to 1000000, got -1"
            ),
            (
                built { $0.frame.margin = 500 }, "editor.frame",
                "the frame has no area in the 390x844 viewport with margin 500 (expected a margin below half the"
                    + " viewport's shorter side)"
            ),
            (built { $0.mask.fade = 10_001 }, "editor.mask.fade", "expected a duration from 0 to 10000, got 10001"),
            (
                built { $0.border?.width = 1_000_001 }, "editor.border.width",
                "expected a width from 0 to 1000000, got 1000001"
            ),
            (built { $0.border?.opacity = 1.5 }, "editor.border.opacity", "expected an opacity from 0 to 1, got 1.5"),
            (
                built { $0.border?.dash = [4, -4] }, "editor.border.dash[1]",
                "expected a dash length from 0 to 1000000, got -4"
            ),
            (built { $0.border?.dash = [0, 0] }, "editor.border.dash", "expected dash lengths whose sum is > 0"),
            (
                built { $0.border?.dash = Array(repeating: 1, count: 65) }, "editor.border.dash",
                "expected at most 64 dash lengths, got 65"
            ),
            (built { $0.grid = GridSpec(lines: 0) }, "editor.grid.lines", "expected an integer from 1 to 100, got 0"),
            (
                built { $0.grid = GridSpec(width: -.infinity) }, "editor.grid.width",
                "expected a width from 0 to 1000000, got -inf"
            ),
            (built { $0.zoom.min = .value(0) }, "editor.zoom.min", "expected a zoom from 0.001 to 1000, got 0"),
            (
                built { $0.policy.momentum = 1 }, "editor.policy.momentum",
                "expected a deceleration rate above 0 and below 1, got 1"
            ),
            (
                built { $0.policy.animation = .easeOut(duration: -0.1) }, "editor.policy.animation.duration",
                "expected a duration from 0 to 10000, got -0.1"
            ),
            (
                built { $0.policy.animation = .spring(response: 0.3, dampingRatio: 0) },
                "editor.policy.animation.dampingRatio", "expected a damping ratio above 0 and at most 1000000, got 0"
            ),
            (
                built { $0.faces = [Rect(x: 0, y: 2e6, width: 1, height: 1)] }, "editor.faces[0][1]",
                "expected a number within +-1000000, got 2000000"
            ),
            (
                built { $0.faces = [Rect(x: 0, y: 0, width: -1, height: 1)] }, "editor.faces[0][2]",
                "expected a width from 0 to 1000000, got -1"
            ),
            (
                built { $0.rotation.limit = -45 }, "editor.rotation.limit",
                "expected a limit in degrees from 0 to 1000000, got -45"
            ),
            (
                built {
                    $0.rotation.gesture = true
                    $0.constraint = .viewport
                }, "editor.rotation.gesture",
                "the rotation gesture turns the photo by an angle, which needs constraint \"frame\" or \"none\" (this"
                    + " editor has \"viewport\")"
            ),
            (
                built { $0.refit.delay = .nan }, "editor.refit.delay",
                "expected a delay in seconds from 0 to 10000, got nan"
            ),
            (
                built { $0.refit.animation = .linear(duration: 10_000.5) }, "editor.refit.animation.duration",
                "expected a duration from 0 to 10000, got 10000.5"
            ),
            (
                built { $0.doubleTap.factor = 1000.5 }, "editor.doubleTap.factor",
                "expected a factor from 0.001 to 1000, got 1000.5"
            ),
        ]
        for (s, place, message) in cases { assertRefused(s, at: place, message) }
    }

    /// One bad value per step kind (untilSettled, restore, rotate, quarterTurn and flip hold
    /// nothing Swift can get wrong).
    func testEveryStepKindRefusesABadValueAtItsPath() {
        let rotating: (inout EditorConfig) -> Void = { $0.rotation.gesture = true }
        let resizable: (inout EditorConfig) -> Void = { $0.frame.resizable = true }
        let cases: [(Scenario, String, String)] = [
            (
                built([.pan(PanStep(by: .zero, hold: -1))]), "script[0].pan.hold",
                "expected a duration from 0 to 10000, got -1"
            ),
            (
                built([.pan(PanStep(by: .zero, velocity: Point(0, -2e6)))]), "script[0].pan.velocity[1]",
                "expected a number within +-1000000, got -2000000"
            ),
            (
                built([.pan(PanStep(by: .zero, from: Point(.nan, 0)))]), "script[0].pan.from[0]",
                "expected a number within +-1000000, got nan"
            ),
            (
                built([.pinch(PinchStep(scale: 0.0009))]), "script[0].pinch.scale",
                "expected a scale from 0.001 to 1000, got 0.0009"
            ),
            (
                built([.pinch(PinchStep(scale: 2, at: Point(0, 1e7)))]), "script[0].pinch.at[1]",
                "expected a number within +-1000000, got 10000000"
            ),
            (
                built([.rotation(RotationStep(by: 2e6))], rotating), "script[0].rotation.by",
                "expected an angle in degrees within +-1000000, got 2000000"
            ),
            (
                built([.rotation(RotationStep(by: 10, hold: .infinity))], rotating), "script[0].rotation.hold",
                "expected a duration from 0 to 10000, got inf"
            ),
            (
                built([.straighten(StraightenStep(to: 5))]) { $0.constraint = .viewport }, "script[0].straighten",
                "a straighten step turns the photo by an angle, which needs constraint \"frame\" or \"none\" (this"
                    + " editor has \"viewport\")"
            ),
            (built([.together([])]), "script[0].together", "expected at least one gesture step"),
            (
                built([.together([Step(kind: .wait(1), path: "")])]), "script[0].together[0].wait",
                "expected a gesture step (pan, pinch, touches, events, rotation, straighten) inside \"together\","
                    + " got \"wait\""
            ),
            (
                built([.touches([[Point(1e6, 1e6 + 1)]])]), "script[0].touches[0][0][1]",
                "expected a number within +-1000000, got 1000001"
            ),
            (built([.events([])]), "script[0].events", "expected at least one event"),
            (
                built([.events([RawEvent(frame: 0, gesture: .pan, phase: .began)])]), "script[0].events[0].frame",
                "expected an integer from 1 to 100000, got 0"
            ),
            (
                built([
                    .events([
                        RawEvent(frame: 3, gesture: .pan, phase: .began),
                        RawEvent(frame: 2, gesture: .pan, phase: .ended),
                    ])
                ]), "script[0].events[1].frame", "expected frames in non-decreasing order, got 2 after 3"
            ),
            (
                built([.events([RawEvent(frame: 1, gesture: .pinch, phase: .began, scale: 0)])]),
                "script[0].events[0].scale", "expected a scale from 0.001 to 1000, got 0"
            ),
            (
                built([.events([RawEvent(frame: 1, gesture: .rotation, phase: .began)])]),
                "script[0].events[0].gesture",
                "a raw rotation event needs the rotation gesture (editor.rotation.gesture: true)"
            ),
            (built([.wait(-1)]), "script[0].wait", "expected a duration in seconds from 0 to 10000, got -1"),
            (
                built([.snapshot("a/b")]), "script[0].snapshot",
                "expected a name of 1 to 100 characters from A-Z a-z 0-9 . _ - (not \".\" or \"..\"), got \"a/b\""
            ),
            (built([.snapshot("a"), .snapshot("a")]), "script[1].snapshot", "duplicate snapshot name \"a\""),
            (
                built([.save(SaveStep(name: "c")), .save(SaveStep(name: "c"))]), "script[1].save.name",
                "duplicate crop name \"c\""
            ),
            (
                built([.resize(0, 300)]), "script[0].resize[0]", "expected a width above 0 and at most 8192, got 0"
            ),
            (
                built([.resize(300, 300.5)]), "script[0].resize.height",
                "expected height * scale to be whole pixels, got 300.5 * 1 = 300.5"
            ),
            (
                built([.aspect(.free)]), "script[0].aspect",
                "an aspect step needs a resizable box that is not a circle (editor.frame.resizable, shape rect or"
                    + " roundedRect)"
            ),
            (
                built([.aspect(.ratio(Size(16, -9)))], resizable), "script[0].aspect[1]",
                "expected a height above 0 and at most 1000000, got -9"
            ),
            (
                built([.doubleTap(Point(-1e6 - 1, 0))]), "script[0].doubleTap[0]",
                "expected a number within +-1000000, got -1000001"
            ),
        ]
        for (s, place, message) in cases { assertRefused(s, at: place, message) }
    }

    /// The start state and the scenario's own values, from Swift.
    func testTheStartStateNameAndFpsAreChecked() {
        assertRefused(
            built(start: StartState(turns: 4)), at: "start.turns", "expected an integer from 0 to 3, got 4")
        assertRefused(
            built(start: StartState(box: Size(.nan, 10))), at: "start.box[0]",
            "expected a width above 0 and at most 1000000, got nan")
        assertRefused(
            built(start: StartState(angle: 1e7)), at: "start.angle",
            "expected an angle in degrees within +-1000000, got 10000000")
        assertRefused(
            built(start: StartState(zoom: 1001)), at: "start.zoom", "expected a zoom from 0.001 to 1000, got 1001")
        assertRefused(
            built(start: StartState(at: Point(0, -.infinity))), at: "start.at[1]",
            "expected a number within +-1000000, got -inf")
        var s = built()
        s.fps = 241
        assertRefused(s, at: "fps", "expected an integer from 1 to 240, got 241")
        s = built()
        s.name = ".."
        XCTAssertEqual(
            swiftError(s)?.message,
            "expected a name of 1 to 100 characters from A-Z a-z 0-9 . _ - (not \".\" or \"..\"), got \"..\"")
    }

    /// Steps nested by hand get the paths of their places, whatever paths they were given.
    func testValidatedStepsTakeThePathsOfTheirPlaces() throws {
        let s = try built([
            .snapshot("a"),
            .together([
                Step(kind: .pan(PanStep(by: Point(10, 0))), path: "whatever"),
                Step(kind: .pinch(PinchStep(scale: 2)), path: ""),
            ]),
        ]).validated()
        XCTAssertEqual(s.script.map(\.path), ["script[0]", "script[1]"])
        guard case .together(let subs) = s.script[1].kind else { return XCTFail() }
        XCTAssertEqual(subs.map(\.path), ["script[1].together[0]", "script[1].together[1]"])
        XCTAssertEqual(s.sourceHash, try scenario(ScenarioEncoder.scenario(s).serialized()).sourceHash)
    }

    /// `EditorConfig.validated()` is the same check on its own, and a circle's aspect stays 1:1
    /// whatever Swift sets (a value Swift cannot get wrong).
    func testAnEditorOnItsOwnAndTheCirclesAspect() throws {
        var e = EditorConfig.preset("circle-avatar-bounce")!
        XCTAssertEqual(try e.validated(), e)
        e.frame.aspect = .ratio(Size(16, 9))
        XCTAssertEqual(e.frame.aspect, .ratio(Size(1, 1)), "a circle is always 1:1")
        e.zoom.max = 4000
        XCTAssertThrowsError(try e.validated(file: "app")) { error in
            XCTAssertEqual("\(error)", "app: editor.zoom.max: expected a zoom from 0.001 to 1000, got 4000")
            XCTAssertEqual((error as? ScenarioError)?.expected, "a zoom from 0.001 to 1000")
            XCTAssertEqual((error as? ScenarioError)?.given, "4000")
        }
    }

    /// What a validated scenario can hold never traps the timeline; what it cannot (reached only
    /// by skipping validation) is held in range instead of trapping.
    func testTheTimelineNeverTrapsOnNonFiniteSeconds() {
        let expander = TimelineExpander(viewportWidth: 390, viewportHeight: 844, fps: 240)
        XCTAssertEqual(expander.frames(10_000), 2_400_000)
        XCTAssertEqual(expander.frames(.nan), 0)
        XCTAssertEqual(expander.frames(-.infinity), 0)
        XCTAssertEqual(expander.frames(-3), 0)
        XCTAssertEqual(expander.frames(.infinity), 2_400_000)
        XCTAssertEqual(expander.frames(1e300), 2_400_000)
    }

    /// The live model's clock never traps on a huge time either.
    func testTheLiveModelAdvancesToAnyTime() throws {
        var model = try CropEditorModel(editor: .defaults, imageWidth: 1600, imageHeight: 1200)
        XCTAssertEqual(try model.advance(to: -1e300).count, 0)
        XCTAssertEqual(try model.advance(to: 1e300).count, 600, "at most 10 s of frames per call")
        XCTAssertEqual(try model.advance(to: .nan).count, 0)
    }
}
