import CropEngine
import CropGeometry
import CropPipeline
import CropScenario
import Foundation
import TestSupport
import Testing

/// The scenario key `start` (docs/scenarios.md, "start"): decoding and its ranges, the order of
/// application, the checks that need the layout, frame 0 unprojected, the stores, restore.
@Suite struct StartStateTests {
    /// A scenario text on a preset with `start` and a script.
    static func text(_ preset: String = "straighten-flip", start: String, editor: String = "{}", script: String = "[]")
        -> String
    {
        "{\"preset\": \"\(preset)\", \"editor\": \(editor), \"start\": \(start), \"script\": \(script)}"
    }

    /// The one-line error of replaying scenario text (decode, then the start on the layout).
    static func error(_ json: String) -> String? {
        do {
            _ = try replay(json)
            return nil
        } catch {
            return "\(error)"
        }
    }

    // MARK: decoding

    @Test func unknownKeysGetAHint() {
        let e = Self.error(Self.text(start: "{\"zom\": 2}"))
        #expect(
            e
                == "test.json: start.zom: unknown key \"zom\" (did you mean \"zoom\"?); expected one of: mirrored, turns, box, angle, zoom, at"
        )
        #expect(Self.error("{\"strat\": {}}")?.contains("(did you mean \"start\"?)") == true)
    }

    @Test func rangesAreAcceptedAtTheLimitAndRefusedJustPast() throws {
        // turns: an integer 0...3.
        #expect(Self.error(Self.text(start: "{\"turns\": 3}")) == nil)
        #expect(
            Self.error(Self.text(start: "{\"turns\": 4}"))
                == "test.json: start.turns: expected an integer from 0 to 3, got 4")
        #expect(
            Self.error(Self.text(start: "{\"turns\": -1}"))
                == "test.json: start.turns: expected an integer from 0 to 3, got -1")
        #expect(
            Self.error(Self.text(start: "{\"turns\": 1.5}"))
                == "test.json: start.turns: expected an integer from 0 to 3, got 1.5")
        // zoom: 0.001 to 1000 (no limits on this editor, so both ends replay).
        let free = "{\"zoom\": {\"min\": null, \"max\": null}}"
        #expect(Self.error(Self.text(start: "{\"zoom\": 0.001}", editor: free)) == nil)
        #expect(Self.error(Self.text(start: "{\"zoom\": 1000}", editor: free)) == nil)
        #expect(
            Self.error(Self.text(start: "{\"zoom\": 0.000999}"))
                == "test.json: start.zoom: expected a zoom from 0.001 to 1000, got 0.000999")
        #expect(
            Self.error(Self.text(start: "{\"zoom\": 1000.001}"))
                == "test.json: start.zoom: expected a zoom from 0.001 to 1000, got 1000.001")
        // at: points within +-1e6.
        let at = try scenario(Self.text(start: "{\"at\": [-1000000, 1000000]}"))
        #expect(at.start?.at == Point(-1_000_000, 1_000_000))
        #expect(
            Self.error(Self.text(start: "{\"at\": [0, 1000000.5]}"))
                == "test.json: start.at[1]: expected a number within +-1000000, got 1000000.5")
        // angle: degrees within +-1e6 (decoded; this editor's limit is checked on the layout).
        let unlimited = "{\"rotation\": {\"limit\": null}}"
        #expect(Self.error(Self.text(start: "{\"angle\": -1000000}", editor: unlimited)) == nil)
        #expect(
            Self.error(Self.text(start: "{\"angle\": 1000001}", editor: unlimited))
                == "test.json: start.angle: expected an angle in degrees within +-1000000, got 1000001")
        // box: each side above 0 and at most 1e6; mirrored: a boolean.
        #expect(
            Self.error(Self.text(start: "{\"box\": [0, 100]}"))
                == "test.json: start.box[0]: expected a width above 0 and at most 1000000, got 0")
        #expect(
            Self.error(Self.text(start: "{\"mirrored\": 1}"))
                == "test.json: start.mirrored: expected true or false, got a number")
        #expect(Self.error(Self.text(start: "[]")) == "test.json: start: expected an object, got an array")
    }

    @Test func everyKeyIsOptional() throws {
        let s = try scenario(Self.text(start: "{}"))
        #expect(s.start == StartState())
        // The empty start places the image centre at the box centre: the initial fit itself.
        let withStart = try replay(s).frames[0]
        let without = try replay(Self.text(start: "null").replacingOccurrences(of: ", \"start\": null", with: ""))
            .frames[0]
        #expect(withStart.shown == without.shown)
        #expect(withStart.box == without.box)
    }

    @Test func theHashOfAScenarioWithoutStartIsUnchangedAndAStartChangesIt() throws {
        let plain = try scenario("{\"preset\": \"straighten-flip\", \"script\": [{\"wait\": 0.1}]}")
        #expect(!ScenarioEncoder.scenario(plain).canonicalText.contains("start"))
        var started = plain
        started.start = StartState(angle: 3)
        #expect(started.sourceHash != plain.sourceHash)
        // Defaults written out hash like omitted ones; key order and whitespace do not count.
        let a = try scenario(Self.text(start: "{\"angle\": 3}", script: "[{\"wait\": 0.1}]"))
        let b = try scenario(
            Self.text(start: "{ \"turns\": 0, \"angle\": 3, \"mirrored\": false }", script: "[{\"wait\": 0.1}]"))
        #expect(a.sourceHash == b.sourceHash)
        #expect(a.sourceHash == started.sourceHash)
        // The encoded start decodes back to the same start.
        var full = plain
        full.start = StartState(
            mirrored: true, turns: 2, box: Size(200, 300), angle: -4.5, zoom: 1.25, at: Point(10.5, 20))
        let text = ScenarioEncoder.scenario(full).serialized(indent: 2)
        #expect(try scenario(text).start == full.start)
    }

    // MARK: the order of application

    @Test func mirrorAndTurnsAreTheButtonsWithTheirProjection() throws {
        // start {mirrored, turns 3} is what the flip and three quarter-turn buttons leave.
        for preset in ["straighten-flip", "fixed-frame-rollback", "resizable-box-refit", "wide-16x9-zoom10"] {
            let started = try replay(Self.text(preset, start: "{\"mirrored\": true, \"turns\": 3}")).frames[0]
            let pressed = try replay(
                Self.text(
                    preset, start: "{}",
                    script:
                        "[{\"flip\": \"horizontal\"}, {\"quarterTurn\": \"clockwise\"}, {\"quarterTurn\": \"clockwise\"}, {\"quarterTurn\": \"clockwise\"}]"
                )
                .replacingOccurrences(of: ", \"start\": {}", with: "")
            ).frames[4]
            // `at` then puts the image centre at the box centre, so compare after the buttons' own P.
            #expect(started.orientation == pressed.orientation, "\(preset)")
            #expect(started.box == pressed.box, "\(preset)")
            #expect(abs(started.shown.k - pressed.shown.k) <= 1e-12 * pressed.shown.k, "\(preset)")
            #expect(started.orientation == ImageOrientation(turns: 3, mirrored: true), "\(preset)")
        }
    }

    @Test func atIsMappedThroughTheFlipAndTheTurnsAndShownAtTheBoxCentre() throws {
        // By hand: source (900, 500) of 1600x1200, mirrored: (700, 500); one clockwise turn of a
        // 1600x1200 image maps (x, y) to (1200 - y, x): (700, 700) of the 1200x1600 oriented image.
        let o = ImageOrientation(turns: 1, mirrored: true)
        let p = Engine.orientedPoint(Point(900, 500), orientation: o, width: 1600, height: 1200)
        #expect(p == Point(700, 700))
        #expect(Engine.sourcePoint(p, orientation: o, width: 1600, height: 1200) == Point(900, 500))
        // Three turns of a 1600x1200 image: (x, y) -> (1200 - y, x) -> (1600 - x, 1200 - y) -> (y, 1600 - x).
        let three = Engine.orientedPoint(
            Point(100, 200), orientation: ImageOrientation(turns: 3), width: 1600, height: 1200)
        #expect(three == Point(200, 1500))
        #expect(
            Engine.sourcePoint(three, orientation: ImageOrientation(turns: 3), width: 1600, height: 1200)
                == Point(100, 200))

        let trace = try replay(
            Self.text(start: "{\"mirrored\": true, \"turns\": 1, \"angle\": -8, \"zoom\": 1.6, \"at\": [900, 500]}"))
        let f = trace.frames[0]
        let layout = Layout(
            editor: EditorConfig.preset("straighten-flip")!, viewportWidth: 390, viewportHeight: 844, imageWidth: 1200,
            imageHeight: 1600)
        #expect(f.shown.a == -8)
        #expect(abs(f.zoom - 1.6) < 1e-12)
        #expect(abs(f.shown.k - 1.6 * layout.kBase) < 1e-15)
        // The oriented point (700, 700) is shown at the box centre.
        let under = CropMath.imagePoint(f.box.center, state: f.shown, layout: layout)
        #expect(abs(under.x - 700) < 1e-9 && abs(under.y - 700) < 1e-9)
    }

    @Test func zoomIsOfTheOrientedImageAndDefaultsToWhatTheTurnsLeft() throws {
        // A fixed 16:9 box that stays: after one turn the oriented image is 1200x1600 and kBase
        // is that of its aspect fit.
        let turned = try replay(Self.text("wide-16x9-zoom10", start: "{\"turns\": 1}")).frames[0]
        let zoomed = try replay(Self.text("wide-16x9-zoom10", start: "{\"turns\": 1, \"zoom\": 3}")).frames[0]
        let layout = Layout(
            editor: EditorConfig.preset("wide-16x9-zoom10")!, viewportWidth: 390, viewportHeight: 844, imageWidth: 1200,
            imageHeight: 1600)
        #expect(turned.shown.k == layout.kBase)
        #expect(zoomed.shown.k == 3 * layout.kBase)
        #expect(zoomed.zoom == 3)
    }

    // MARK: checks on the layout

    @Test func aBoxNeedsAResizableBox() {
        let e = Self.error(Self.text("fixed-frame-rollback", start: "{\"box\": [200, 200]}"))
        #expect(e == "test.json: start.box: expected no box: this editor's box is fixed (frame.resizable is false)")
    }

    @Test func theBoxStaysInTheBoundsAtTheLimit() throws {
        // resizable-box-refit: 390x844, margin 20: bounds 350x804 about the centre (195, 422).
        let full = try replay(Self.text("resizable-box-refit", start: "{\"box\": [350, 804]}")).frames[0]
        #expect(full.box == Rect(x: 20, y: 20, width: 350, height: 804))
        let wide = Self.error(Self.text("resizable-box-refit", start: "{\"box\": [350.000001, 300]}"))
        #expect(
            wide
                == "test.json: start.box: expected a box within the bounds (the viewport inset by frame.margin 20): at most 350x804 about the box centre, got 350.000001x300"
        )
        #expect(
            Self.error(Self.text("resizable-box-refit", start: "{\"box\": [100, 804.001]}"))?.contains(
                "start.box: expected a box within the bounds") == true)
    }

    @Test func theBoxIsAtLeastTheMinimumSize() throws {
        // The presets' minimum is 42x42.
        let small = try replay(Self.text("resizable-box-refit", start: "{\"box\": [42, 42]}")).frames[0]
        #expect(small.box.width == 42 && small.box.height == 42)
        #expect(abs(small.box.midX - 195) < 1e-12 && abs(small.box.midY - 422) < 1e-12)
        #expect(
            Self.error(Self.text("resizable-box-refit", start: "{\"box\": [41.999, 100]}"))
                == "test.json: start.box: expected a box of at least frame.minSize 42x42, got 41.999x100")
        #expect(
            Self.error(Self.text("resizable-box-refit", start: "{\"box\": [100, 41.9]}"))?.contains(
                "at least frame.minSize 42x42") == true)
    }

    @Test func aLockedBoxKeepsItsAspectAfterTheTurns() throws {
        // lockAspect on a 1:1 box with margin 20 in 390x844: 350x350; the box after the turns counts.
        let locked = "{\"frame\": {\"aspect\": [3, 2], \"lockAspect\": true}}"
        let ok = try replay(Self.text("resizable-box-refit", start: "{\"box\": [300, 200]}", editor: locked)).frames[0]
        #expect(ok.box.width == 300 && ok.box.height == 200)
        // After one turn the box (3:2) turned into 2:3.
        let turned = try replay(
            Self.text("resizable-box-refit", start: "{\"turns\": 1, \"box\": [200, 300]}", editor: locked)
        ).frames[0]
        #expect(turned.box.width == 200 && turned.box.height == 300)
        let e = Self.error(
            Self.text("resizable-box-refit", start: "{\"turns\": 1, \"box\": [300, 200]}", editor: locked))
        #expect(e?.hasPrefix("test.json: start.box: expected the box's aspect ") == true)
        #expect(e?.contains("(frame.lockAspect is true) within 1e-9, got 300x200") == true)
        // Within 1e-9 relative is accepted, beyond refused.
        #expect(
            Self.error(Self.text("resizable-box-refit", start: "{\"box\": [300.0000000001, 200]}", editor: locked))
                == nil)
        #expect(
            Self.error(Self.text("resizable-box-refit", start: "{\"box\": [300.000001, 200]}", editor: locked)) != nil)
        // A circle is locked 1:1.
        let circle = "{\"frame\": {\"shape\": \"circle\"}}"
        #expect(Self.error(Self.text("resizable-box-refit", start: "{\"box\": [200, 200]}", editor: circle)) == nil)
        #expect(
            Self.error(Self.text("resizable-box-refit", start: "{\"box\": [200, 201]}", editor: circle))?.contains(
                "(a circle is locked 1:1)") == true)
    }

    @Test func theAngleIsWithinTheLimitAndNeedsAnAngleConstraint() throws {
        // straighten-flip: limit 45.
        #expect(try replay(Self.text(start: "{\"angle\": 45}")).frames[0].shown.a == 45)
        #expect(try replay(Self.text(start: "{\"angle\": -45}")).frames[0].shown.a == -45)
        #expect(
            Self.error(Self.text(start: "{\"angle\": 45.000001}"))
                == "test.json: start.angle: expected an angle within +-45 degrees (rotation.limit), got 45.000001")
        #expect(
            Self.error(Self.text("wide-16x9-zoom10", start: "{\"angle\": 1}"))
                == "test.json: start.angle: expected 0 with constraint \"viewport\" (an angle needs constraint \"frame\" or \"none\"), got 1"
        )
        #expect(Self.error(Self.text("wide-16x9-zoom10", start: "{\"angle\": 0}")) == nil)
        // -0 is 0.
        #expect(try replay(Self.text(start: "{\"angle\": -0}")).frames[0].shown.a.sign == .plus)
    }

    @Test func errorsComeBeforeAnythingIsWritten() throws {
        let dir = temporaryDirectory("start-errors")
        let file = dir + "/bad.json"
        try Self.text("fixed-frame-rollback", start: "{\"box\": [100, 100]}", script: "[{\"snapshot\": \"a\"}]")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let r = runCLI(["run", file, "--out", dir + "/out"])
        #expect(r.code == 2)
        #expect(
            r.err
                == "Error: \(file): start.box: expected no box: this editor's box is fixed (frame.resizable is false)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
        #expect(runCLI(["validate", file]).code == 2)
    }

    // MARK: frame 0, the stores, restore

    @Test func frameZeroShowsAnInvalidStartUnprojected() throws {
        for policy in PolicyKind.allCases {
            let t = try replay(
                Self.text(
                    "fixed-frame-rollback", start: "{\"zoom\": 0.5, \"at\": [0, 0]}",
                    editor: "{\"policy\": {\"kind\": \"\(policy)\"}, \"zoom\": {\"min\": 1}}"))
            let f = t.frames[0]
            #expect(f.zoom == 0.5, "\(policy)")
            #expect(!f.valid, "\(policy)")
            // The image's top-left corner is at the frame centre: nothing was projected.
            #expect(abs(f.imageRect.x - f.box.midX) < 1e-9 && abs(f.imageRect.y - f.box.midY) < 1e-9, "\(policy)")
        }
    }

    @Test func storesHoldTheStartStateValidOrNot() throws {
        for start in [
            StartState(zoom: 2, at: Point(400, 300)),  // valid
            StartState(zoom: 0.5, at: Point(0, 0)),  // invalid
        ] {
            let engine = Engine(builtIn: EditorConfig.preset("fixed-frame-rollback")!, fps: 60)
            let s = try engine.initialState(imageWidth: 1600, imageHeight: 1200, start: start)
            #expect(s.raw == s.shown)
            #expect(
                s.lastValid == s.shown && s.panStore == s.shown && s.pinchStore == s.shown && s.rotationStore == s.shown
            )
            #expect(s.settle == nil && s.refit == .idle && s.focal == nil && !s.isTouching)
        }
        // Behaviour: a drag out under whole rollback comes back to the (valid) start, not to the fit.
        let t = try replay(
            Self.text(
                "fixed-frame-rollback", start: "{\"zoom\": 2, \"at\": [400, 300]}",
                editor: "{\"policy\": {\"kind\": \"rollback\", \"rollback\": \"whole\"}}",
                script: "[{\"pan\": {\"by\": [2000, 0], \"duration\": 0}}, {\"until\": \"settled\"}]"))
        #expect(!t.frames[2].valid || t.frames[2].shown == t.frames[0].shown)
        #expect(t.frames.last!.shown == t.frames[0].shown)
        #expect(try t.frames.last!.shown != replay("{\"preset\": \"fixed-frame-rollback\"}").frames[0].shown)
    }

    @Test func theFirstEventActsOnTheStartAsOnAnInvalidFit() throws {
        // clamp: the first event projects the invalid start.
        let t = try replay(
            Self.text(
                "fixed-frame-rollback", start: "{\"at\": [0, 0]}", editor: "{\"policy\": {\"kind\": \"clamp\"}}",
                script: "[{\"pan\": {\"by\": [0, 0], \"duration\": 0.05}}]"))
        #expect(!t.frames[0].valid)
        #expect(t.frames[1].valid)
        // snapNearest: shown = raw while touching, settles on release.
        let s = try replay(
            Self.text(
                "fixed-frame-rollback", start: "{\"at\": [0, 0]}", editor: "{\"policy\": {\"kind\": \"snapNearest\"}}",
                script: "[{\"pan\": {\"by\": [0, 0], \"duration\": 0.05}}, {\"until\": \"settled\"}]"))
        #expect(s.frames[1].shown == s.frames[0].shown)
        #expect(s.frames.last!.valid)
    }

    @Test func restoreReturnsToTheFitBeforeTheStart() throws {
        let start =
            "{\"mirrored\": true, \"turns\": 1, \"box\": [200, 300], \"angle\": 10, \"zoom\": 2, \"at\": [100, 100]}"
        let t = try replay(Self.text(start: start, script: "[{\"restore\": true}]"))
        let plain = try replay("{\"preset\": \"straighten-flip\"}").frames[0]
        let restored = t.frames[1]
        #expect(t.frames[0].orientation == ImageOrientation(turns: 1, mirrored: true))
        #expect(restored.shown == plain.shown)
        #expect(restored.box == plain.box)
        #expect(restored.orientation == plain.orientation)
    }

    // MARK: Swift

    @Test func theModelAndTheScenarioStartAlike() throws {
        let editor = EditorConfig.preset("straighten-flip")!
        let start = StartState(
            mirrored: true, turns: 2, box: Size(300, 200), angle: 12, zoom: 1.5, at: Point(1000, 400))
        let s = try Scenario(name: "swift-start", editor: editor, start: start, script: [.snapshot("a")]).validated()
        let trace = try replay(s)
        let model = try CropEditorModel(editor: editor, imageWidth: 1600, imageHeight: 1200, start: start)
        #expect(model.current == trace.frames[0])
        // Out of range from code: the same message as from a file.
        #expect(throws: ScenarioError.self) {
            try Scenario(name: "bad", editor: editor, start: StartState(turns: 5), script: []).validated()
        }
        #expect {
            try CropEditorModel(editor: editor, imageWidth: 1600, imageHeight: 1200, start: StartState(zoom: 0))
        } throws: { error in
            "\(error)" == "start.zoom: expected a zoom from 0.001 to 1000, got 0"
        }
        #expect {
            try CropEditorModel(editor: editor, imageWidth: 1600, imageHeight: 1200, start: StartState(angle: 50))
        } throws: { error in
            "\(error)" == "start.angle: expected an angle within +-45 degrees (rotation.limit), got 50"
        }
    }
}

/// The committed start scenarios show what they claim (their goldens hold the pixels).
@Suite struct StartScenarioTests {
    static func trace(_ name: String) throws -> Trace {
        try LoadedScenario.load(path: packageRoot + "/scenarios/\(name).json").replay()
    }

    static func frame(_ t: Trace, _ snapshot: String) throws -> FrameRecord {
        t.frames[try #require(t.snapshots.first { $0.name == snapshot }).frame]
    }

    @Test func anInvalidStartUnderEachPolicy() throws {
        var reopened: FrameRecord?
        for policy in ["rollback", "clamp", "rubberband", "snapnearest", "none"] {
            let t = try Self.trace("start-invalid-\(policy)")
            let first = try Self.frame(t, "reopened")
            // Every policy opens on the same invalid start, unprojected.
            #expect(!first.valid, "\(policy)")
            if let reopened { #expect(first.shown == reopened.shown, "\(policy)") }
            reopened = first
            let touch = try Self.frame(t, "first-touch")
            let settled = try Self.frame(t, "settled")
            switch policy {
            case "clamp":
                // The first event projects: valid at once.
                #expect(touch.valid)
            case "rollback":
                // The stores hold the start: the release comes back to it, invalid.
                #expect(settled.shown == first.shown)
            case "none":
                #expect(!settled.valid && settled.shown != first.shown)
            default:
                // snapNearest and rubberBand settle to the projection.
                #expect(settled.valid, "\(policy)")
            }
        }
    }

    @Test func aReopenedStraightenedFlippedEditPinched() throws {
        let t = try Self.trace("start-straightened-flipped-pinch")
        let reopened = try Self.frame(t, "reopened")
        #expect(
            reopened.valid && reopened.shown.a == -12
                && reopened.orientation == ImageOrientation(turns: 1, mirrored: true))
        let pinched = try Self.frame(t, "pinched")
        #expect(abs(pinched.zoom - 1.8 * 1.5) < 1e-9)
        #expect(pinched.shown.a == -12 && pinched.orientation == reopened.orientation)
    }

    @Test func aReopenedResizedBoxDraggedByItsCorner() throws {
        let t = try Self.trace("start-resized-box-corner-drag")
        let reopened = try Self.frame(t, "reopened")
        #expect(reopened.box == Rect(x: 75, y: 262, width: 240, height: 320))
        // The bottom-right corner (315, 582) grabbed: the box grows from its top-left corner.
        let dragged = try Self.frame(t, "dragged")
        #expect(
            dragged.box.minX == 75 && dragged.box.minY == 262 && dragged.box.width > 240 && dragged.box.height > 320)
        #expect(dragged.shown == reopened.shown)
        // Then the re-fit: the largest box of its aspect inside the bounds, centred.
        let refitted = try Self.frame(t, "refitted")
        #expect(abs(refitted.box.midX - 195) < 1e-9 && abs(refitted.box.midY - 422) < 1e-9)
        #expect(abs(refitted.box.width / refitted.box.height - dragged.box.width / dragged.box.height) < 1e-9)
    }
}
