import CropConformance
import CropEngine
import CropGeometry
import CropGoldens
import CropJSON
import CropPipeline
import CropReplayCLI
import CropScenario
import Foundation
import TestSupport
import XCTest

/// CropReplay's own live model behind the `EditorModel` protocol, as an app that already
/// drives its crop view from `CropEditorModel` would register it: its traces must be the
/// reference's, field for field (the adapter adds nothing and loses nothing).
struct LiveModel: EditorModel {
    struct Unsupported: Error, CustomStringConvertible { var description: String { "no image loads here" } }
    var live: CropEditorModel

    init(_ setup: ModelSetup) throws {
        live = try CropEditorModel(
            editor: setup.editor, imageWidth: setup.imageWidth, imageHeight: setup.imageHeight, fps: setup.fps,
            start: setup.start)
    }

    mutating func apply(_ action: EngineAction, in context: ModelContext) throws {
        switch action {
        case .gesture(let e): live.send(e)
        case .quarterTurnRequested(let clockwise): live.send(.quarterTurn(clockwise: clockwise))
        case .flipRequested(let horizontal): live.send(.flip(horizontal: horizontal))
        case .aspectRequested(let choice): live.send(.aspect(choice))
        case .doubleTapped(let point): live.send(.doubleTap(point))
        case .restoreRequested: live.send(.restore)
        case .viewportChanged(let w, let h): live.send(.viewport(width: w, height: h))
        case .tick: try live.tick()
        case .imageLoaded: throw Unsupported()
        case .frameBegan, .eventsApplied: break
        }
    }

    var display: EditorDisplay {
        let c = live.current
        return EditorDisplay(
            state: c.shown, orientation: c.orientation, box: c.box, mask: c.mask, isAnimating: c.animating,
            isSettling: live.isSettling)
    }
}

/// A tiny editor of a user's own: pans and pinches move the photo and a wall holds it inside
/// the box at every event (it clamps where a rubber band would stretch). Nothing animates.
struct ClampingModel: EditorModel {
    var display: EditorDisplay
    var translation = Point.zero
    var scale = 1.0
    var location = Point.zero

    init(_ setup: ModelSetup) { display = setup.initial }

    mutating func apply(_ action: EngineAction, in context: ModelContext) throws {
        guard case .gesture(let e) = action else { return }
        var s = display.state
        switch (e.gesture, e.phase) {
        case (.pan, .began): translation = e.translation
        case (.pan, .changed), (.pan, .ended):
            s.cx += e.translation.x - translation.x
            s.cy += e.translation.y - translation.y
            translation = e.translation
            display.state = context.geometry.project(s)
        case (.pinch, .began):
            scale = e.scale
            location = e.location ?? display.box.center
        case (.pinch, .changed), (.pinch, .ended):
            let at = e.location ?? location
            let f = e.scale / scale
            s = ViewState(k: s.k * f, cx: at.x + (s.cx - location.x) * f, cy: at.y + (s.cy - location.y) * f, a: s.a)
            scale = e.scale
            location = at
            display.state = context.geometry.project(s)
        default: break
        }
    }
}

/// A model that goes wrong on purpose after the first pan event that moves it.
struct FaultyModel: EditorModel {
    enum Fault { case nan, throwing, badBox, badMask }
    struct Refusal: Error, CustomStringConvertible { var description: String { "the model refuses" } }
    var display: EditorDisplay
    var fault: Fault

    mutating func apply(_ action: EngineAction, in context: ModelContext) throws {
        guard case .gesture(let e) = action, e.phase == .changed else { return }
        switch fault {
        case .nan: display.state.cx = .nan
        case .throwing: throw Refusal()
        case .badBox: display.box.width = -1
        case .badMask: display.mask = 2
        }
    }
}

final class EditorModelTests: XCTestCase {
    static func registrations() throws -> Registrations {
        var r = Registrations()
        try r.register(model: "live") { try LiveModel($0) }
        try r.register(model: "clamping") { ClampingModel($0) }
        try r.register(model: "nan") { FaultyModel(display: $0.initial, fault: .nan) }
        try r.register(model: "throwing") { FaultyModel(display: $0.initial, fault: .throwing) }
        try r.register(model: "badBox") { FaultyModel(display: $0.initial, fault: .badBox) }
        try r.register(model: "badMask") { FaultyModel(display: $0.initial, fault: .badMask) }
        try r.register(model: "noFactory") { _ in throw FaultyModel.Refusal() }
        return r
    }

    func load(_ json: String, model: String?) throws -> LoadedScenario {
        let registrations = try Self.registrations()
        return try LoadedScenario.load(text: json, file: "model.json", name: "model", registrations: registrations)
            .driving(model)
    }

    /// Every committed scenario (but those loading a crop as the image, which the live model
    /// cannot) gives the same frames through the adapter as through the reference.
    func testTheLiveModelBehindTheProtocolReplaysEveryScenarioExactly() throws {
        let registrations = try Self.registrations()
        let root = packageRoot + "/scenarios"
        var compared = 0
        for file in try FileIO.scenarioFiles(root) {
            let loaded = try LoadedScenario.load(path: file, registrations: registrations)
            if loaded.scenario.script.contains(where: { if case .save(let s) = $0.kind { s.thenLoad } else { false } })
            {
                continue
            }
            let reference = try loaded.replay()
            let mine = try loaded.driving("live").replay()
            XCTAssertEqual(mine.engine, "model live")
            XCTAssertEqual(reference.engine, EngineVersion.current)
            XCTAssertEqual(mine.frames.count, reference.frames.count, file)
            for (a, b) in zip(reference.frames, mine.frames) where a != b {
                XCTFail("\(file): frame \(a.frame) differs:\n\(a)\n\(b)")
                break
            }
            XCTAssertEqual(mine.snapshots, reference.snapshots, file)
            XCTAssertEqual(mine.crops, reference.crops, file)
            compared += 1
        }
        XCTAssertGreaterThan(compared, 30)
    }

    static let drag = """
        {"preset": "circle-avatar-bounce", "editor": {"policy": {"kind": "%@"}},
         "script": [{"pan": {"by": [0, 240], "duration": 0.3}}, {"snapshot": "out"},
                    {"pinch": {"scale": 0.5, "at": [180, 300], "duration": 0.3}}, {"until": "settled"}]}
        """

    func testTheClampingModelConformsToClampAndDepartsFromTheRubberBandWhereTheBandStretches() throws {
        let clamp = try load(String(format: Self.drag, "clamp"), model: nil)
        let wall = Conformance.check(clamp, model: "clamping")
        guard case .conforms(let frames) = wall.outcome else { return XCTFail("\(wall.outcome)") }
        XCTAssertEqual(frames, try clamp.replay().frames.count)

        let band = try load(String(format: Self.drag, "rubberBand"), model: nil)
        let reference = try band.replay()
        // The band first shows an overshoot (an invalid state) on this frame; until then both agree.
        let firstStretch = try XCTUnwrap(reference.frames.firstIndex { !$0.valid })
        let outcome = Conformance.check(band, model: "clamping").outcome
        guard case .departs(let comparison, _) = outcome, let first = comparison.first else {
            return XCTFail("\(outcome)")
        }
        XCTAssertEqual(first.frame, firstStretch)
        XCTAssertEqual(first.field, "imageRect.y")
        let mine = try band.driving("clamping").replay()
        XCTAssertEqual(first.expected, TraceFile.Frame.Value.number(reference.frames[firstStretch].imageRect.y))
        XCTAssertEqual(first.actual, TraceFile.Frame.Value.number(mine.frames[firstStretch].imageRect.y))
        XCTAssertTrue(first.description.hasPrefix("frame \(firstStretch): imageRect.y "), first.description)
        XCTAssertTrue(first.description.contains(" pt); pan "), first.description)
    }

    func testAModelsBadValuesAndErrorsAreOneLineNamingTheModelTheFrameAndTheValue() throws {
        let json = String(format: Self.drag, "clamp")
        let cases: [(String, [String])] = [
            ("nan", ["the model \"nan\" showed the state (k: ", "cx: nan", "after pan.changed", "frame 2"]),
            ("throwing", ["frame 2: the model \"throwing\" failed in pan.changed: the model refuses"]),
            ("badBox", ["the model \"badBox\" showed the box", "a positive size", "frame 2"]),
            ("badMask", ["the model \"badMask\" showed the mask 2.0: expected a number from 0 to 1", "frame 2"]),
            ("noFactory", ["frame 0: the model \"noFactory\" failed in its factory: the model refuses"]),
        ]
        for (model, parts) in cases {
            let loaded = try load(json, model: model)
            XCTAssertThrowsError(try loaded.replay(), model) { error in
                let message = "\(error)"
                XCTAssertFalse(message.contains("\n"), message)
                XCTAssertTrue(message.hasPrefix("model.json: "), message)
                for part in parts { XCTAssertTrue(message.contains(part), "\(model): \(message)") }
            }
        }
    }

    func testAScriptErrorIsTheSameThroughAModelAsThroughTheReference() throws {
        // A changed without began, and a flip while a finger is down: the stream's errors.
        let scripts = [
            """
            {"preset": "straighten-flip", "script": [{"events": [{"frame": 1, "gesture": "pan", "phase": "changed"}]}]}
            """,
            """
            {"preset": "straighten-flip", "script": [{"events": [{"frame": 1, "gesture": "pan", "phase": "began"}]},
             {"flip": "horizontal"}]}
            """,
        ]
        for json in scripts {
            let reference = Result { try self.load(json, model: nil).replay() }
            let mine = Result { try self.load(json, model: "clamping").replay() }
            guard case .failure(let a) = reference, case .failure(let b) = mine else {
                return XCTFail("expected both to fail: \(reference) \(mine)")
            }
            XCTAssertEqual("\(a)", "\(b)")
        }
    }

    func testAnUnknownModelListsTheRegisteredOnes() throws {
        let loaded = try load(String(format: Self.drag, "clamp"), model: "clampin")
        XCTAssertThrowsError(try loaded.replay()) { error in
            XCTAssertTrue("\(error)".contains("unknown model \"clampin\"; expected one of reference, live, clamping"))
        }
        let r = runCLI(
            ["run", "--model", "clampin", "scenarios/cab-drag-out.json"], in: packageRoot,
            registrations: try Self.registrations())
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.contains("unknown model 'clampin' (did you mean 'clamping'?)"), r.err)
        var fresh = Registrations()
        XCTAssertThrowsError(try fresh.register(model: "reference") { ClampingModel($0) })
    }

    /// record and check with --model use golden-<model> by default; the golden names the model,
    /// and checking the reference against it names the change.
    func testRecordAndCheckWithAModelUseGoldensOfItsOwn() throws {
        let dir = temporaryDirectory("model-goldens")
        let registrations = try Self.registrations()
        try FileManager.default.createDirectory(atPath: dir + "/scenarios", withIntermediateDirectories: true)
        try String(format: Self.drag, "rubberBand").write(
            toFile: dir + "/scenarios/drag.json", atomically: true, encoding: .utf8)
        let recorded = runCLI(["record", "--model", "clamping"], in: dir, registrations: registrations)
        XCTAssertEqual(recorded.code, 0, recorded.err)
        let trace = try String(contentsOfFile: dir + "/golden-clamping/drag/trace.json", encoding: .utf8)
        XCTAssertTrue(trace.contains("\"engine\": \"model clamping\""))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/golden"))
        let checked = runCLI(["check", "--model", "clamping"], in: dir, registrations: registrations)
        XCTAssertEqual(checked.code, 0, checked.out)
        XCTAssertTrue(checked.out.contains("PASS drag"), checked.out)
        let reference = runCLI(["check", "--golden", "golden-clamping"], in: dir, registrations: registrations)
        XCTAssertEqual(reference.code, 1)
        XCTAssertTrue(
            reference.out.contains("golden recorded by model clamping, this is \(EngineVersion.current)"),
            reference.out)
        XCTAssertTrue(reference.out.contains("trace: frame "), reference.out)
    }

    func testConformReportsEachScriptAndASummaryAndWritesItsFiles() throws {
        let dir = temporaryDirectory("conform")
        let registrations = try Self.registrations()
        try FileManager.default.createDirectory(atPath: dir + "/s", withIntermediateDirectories: true)
        try String(format: Self.drag, "clamp").write(toFile: dir + "/s/wall.json", atomically: true, encoding: .utf8)
        try String(format: Self.drag, "rubberBand").write(
            toFile: dir + "/s/band.json", atomically: true, encoding: .utf8)
        let r = runCLI(
            [
                "conform", "--model", "clamping", "s", "--random", "4", "--preset", "circle-avatar-bounce", "--out",
                "report",
            ], in: dir, registrations: registrations)
        XCTAssertEqual(r.code, 1, r.err)
        let lines = r.out.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.hasPrefix("DEPARTS band: frame ") && $0.contains("imageRect.y") }, r.out)
        XCTAssertTrue(lines.contains { $0.hasPrefix("CONFORMS wall (") }, r.out)
        XCTAssertEqual(lines.filter { $0.contains(" random-circle-avatar-bounce-") && !$0.hasPrefix(" ") }.count, 4)
        XCTAssertTrue(r.out.contains("model \"clamping\" against the reference: 6 scripts, "), r.out)
        XCTAssertTrue(r.out.contains("| first departing field | scripts | earliest | largest difference |"), r.out)
        // The JSON file holds the same counts, and each departing random script is a scenario file.
        let json = try String(contentsOfFile: dir + "/report/conformance.json", encoding: .utf8)
        let node = try JSONParser.parse(json)
        guard case .object(let members) = node.value else { return XCTFail(json) }
        let top = Dictionary(members.map { ($0.key, $0.node.value) }, uniquingKeysWith: { a, _ in a })
        guard case .number(let scripts, _)? = top["scripts"], case .number(let depart, _)? = top["depart"] else {
            return XCTFail(json)
        }
        XCTAssertEqual(scripts, 6)
        let departing = lines.filter { $0.hasPrefix("DEPARTS") || $0.hasPrefix("FAILS") }.count
        XCTAssertEqual(Int(depart), departing)
        for line in lines where line.hasPrefix("  reproduce: ") {
            let path = String(line.split(separator: " ").last!)
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/" + path), path)
            let again = runCLI(
                ["run", "--model", "clamping", path, "--out", "again"], in: dir, registrations: registrations)
            XCTAssertEqual(again.code, 0, again.err)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/report/conformance.md"))
        // The live model conforms everywhere, so conform exits 0.
        let live = runCLI(
            ["conform", "--model", "live", "--random", "3", "--preset", "twist-doubletap"], in: dir,
            registrations: registrations)
        XCTAssertEqual(live.code, 0, live.out + live.err)
        XCTAssertTrue(live.out.contains("3 scripts, 3 conform, 0 depart"), live.out)
    }
}
