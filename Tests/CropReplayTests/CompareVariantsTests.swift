import CropCompare
import CropEngine
import CropGeometry
import CropImageIO
import CropJSON
import CropPipeline
import CropReplayCLI
import CropScenario
import Foundation
import TestSupport
import XCTest

/// A user's policy with a parameter: the rubber band while touching, with the constant
/// `band`; on release, the projection.
struct BandedPolicy: SnapBackPolicy {
    var band: Double
    func touch(_ raw: ViewState, in geometry: PolicyGeometry) -> TouchResponse { .band(band) }
    func resume(from shown: ViewState, in geometry: PolicyGeometry) -> Resumption { .unband(band) }
    func release(_ release: Release, in geometry: PolicyGeometry) -> ViewState? { geometry.project(release.shown) }
}

/// A user's editor whose pans drag the box (by half the fingers' move) and leave the photo.
struct BoxDraggingModel: EditorModel {
    var display: EditorDisplay
    var translation = Point.zero

    init(_ setup: ModelSetup) { display = setup.initial }

    mutating func apply(_ action: EngineAction, in context: ModelContext) throws {
        guard case .gesture(let e) = action, e.gesture == .pan else { return }
        if e.phase == .began { translation = e.translation }
        guard e.phase == .changed || e.phase == .ended else { return }
        display.box.x += (e.translation.x - translation.x) / 2
        display.box.y += (e.translation.y - translation.y) / 2
        translation = e.translation
    }
}

/// `compare` of any variant (issue 35): any declared editor key, a registered policy's params,
/// registered curves with their params, editor models side by side, two-key grids; and its
/// trust items (issue 38): a legal wide viewport, a WebP over budget, `--thumb`'s range.
final class CompareVariantsTests: XCTestCase {
    func registrations() throws -> Registrations {
        var r = Registrations()
        try r.register(policy: "banded") { params, _ in
            try params.only(["band"])
            return BandedPolicy(band: try params.number("band", default: 0.55, in: 0.01...10))
        }
        try r.register(curve: "critical") { params in
            try params.only(["response"])
            return CriticalCurve(response: try params.number("response", default: 0.3, in: 0.01...10))
        }
        try r.register(model: "clamping") { ClampingModel($0) }
        try r.register(model: "refusing") { _ in throw FaultyModel.Refusal() }
        return r
    }

    /// A drag 220 pt down out of cover, released, settled (comparisons/drag-out.json), with `editor`.
    func dragOut(_ editor: String = "{}") -> String {
        #"{"name": "s", "preset": "circle-avatar-bounce", "editor": \#(editor), "script": [{"pan": {"by": [0, 220], "duration": 0.4}}, {"until": "settled"}]}"#
    }

    /// Writes `json` as `s.json` in a new folder; returns the folder.
    func folder(_ json: String, _ name: String) throws -> String {
        let dir = temporaryDirectory(name)
        try json.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        return dir
    }

    /// `compare dir/s.json --out dir args...` with the registrations.
    func compare(_ dir: String, _ args: [String]) throws -> CLIResult {
        runCLI(
            ["compare", dir + "/s.json", "--out", dir, "--every", "4", "--jobs", "2"] + args,
            registrations: try registrations())
    }

    /// metrics.json's variants: each label and its metrics.
    func variants(_ dir: String) throws -> [(label: String, metrics: JSONNode)] {
        let node = try JSONParser.parse(String(contentsOfFile: dir + "/s-compare/metrics.json", encoding: .utf8))
        guard case .array(let items)? = node["variants"]?.value else { return [] }
        return items.compactMap { item in
            guard case .string(let label)? = item["variant"]?.value else { return nil }
            return (label, item)
        }
    }

    func number(_ node: JSONNode, _ key: String) -> Double? {
        if case .number(let d, _)? = node[key]?.value { return d }
        return nil
    }

    /// Every variant has its page, metrics, and its own trace and fingers.
    func assertWritten(_ dir: String, folders: [String], file: StaticString = #filePath, line: UInt = #line) {
        let out = dir + "/s-compare/"
        for f in [
            "index.html", "comparison.png", "comparison.gif", "sheet.png", "metrics.md", "metrics.csv", "metrics.json",
        ] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: out + f), f, file: file, line: line)
        }
        for f in folders {
            XCTAssertTrue(FileManager.default.fileExists(atPath: out + f + "/trace.json"), f, file: file, line: line)
            XCTAssertTrue(FileManager.default.fileExists(atPath: out + f + "/fingers.json"), f, file: file, line: line)
        }
    }

    func assertOneLineError(_ r: CLIResult, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(r.code, 2, r.err, file: file, line: line)
        XCTAssertTrue(r.err.contains(expected), r.err, file: file, line: line)
        XCTAssertEqual(r.err.split(separator: "\n").count, 1, r.err, file: file, line: line)
    }

    func testModelsStandSideBySideWithTheSameMetrics() throws {
        // The reference with the clamp policy and the clamping model hold the photo the same way.
        let dir = try folder(dragOut(#"{"policy": {"kind": "clamp"}}"#), "models")
        let r = try compare(dir, ["--models", "reference,clamping"])
        XCTAssertEqual(r.code, 0, r.err)
        assertWritten(dir, folders: ["reference", "clamping"])
        let v = try variants(dir)
        XCTAssertEqual(v.map(\.label), ["reference", "clamping"])
        let tracking = v.compactMap { number($0.metrics, "trackingError") }
        XCTAssertEqual(tracking.count, 2)
        // The photo stops at the edge: the finger runs ahead of it by the same distance.
        XCTAssertGreaterThan(tracking[0], 100)
        XCTAssertEqual(tracking[1], tracking[0], accuracy: 1e-6)
        let trace = try String(contentsOfFile: dir + "/s-compare/clamping/trace.json", encoding: .utf8)
        XCTAssertTrue(trace.contains("model clamping"), String(trace.prefix(300)))
        let page = try String(contentsOfFile: dir + "/s-compare/index.html", encoding: .utf8)
        XCTAssertTrue(page.contains("editor models compared"))

        assertOneLineError(
            try compare(dir, ["--models", "reference,nope"]),
            "\"nope\" is not a value of model: expected one of reference, clamping, refusing")
        // A variant whose replay fails is named, and nothing is written.
        let failing = try folder(dragOut(), "models-failing")
        assertOneLineError(
            try compare(failing, ["--models", "reference,refusing"]),
            "the model \"refusing\" failed in its factory: the model refuses (variant \"refusing\")")
        XCTAssertFalse(FileManager.default.fileExists(atPath: failing + "/s-compare"))
    }

    func testAModelsFingersAreItsRecognizersAndABoxDragIsNoImagePan() throws {
        var r = try registrations()
        try r.register(model: "boxDragging") { BoxDraggingModel($0) }
        let loaded = try LoadedScenario.load(text: dragOut(), file: "s.json", name: "s", registrations: r)
        let (_, referenceFingers) = try Comparison.replay(loaded, editor: loaded.scenario.editor)
        let (_, clampedFingers) = try Comparison.replay(
            loaded.driving("clamping"), editor: loaded.scenario.editor)
        // The fingers are the script's: the reference and the clamping model see the same pan.
        XCTAssertFalse(referenceFingers.frames.isEmpty)
        XCTAssertEqual(clampedFingers.frames, referenceFingers.frames)
        // A model that drags the box: only the pan's began frame (the box not yet moved) is an image pan.
        let (_, dragged) = try Comparison.replay(loaded.driving("boxDragging"), editor: loaded.scenario.editor)
        XCTAssertEqual(dragged.frames.compactMap(\.pan).count, 1)
        XCTAssertEqual(dragged.frames.first?.frame, referenceFingers.frames.first?.frame)
    }

    func testVaryingTheRubberBandConstantChangesHowFarThePhotoLags() throws {
        let dir = try folder(dragOut(), "rubber")
        let r = try compare(dir, ["--vary", "policy.rubberBand=0.3,0.55,0.8"])
        XCTAssertEqual(r.code, 0, r.err)
        let labels = ["policy.rubberBand=0.3", "policy.rubberBand=0.55", "policy.rubberBand=0.8"]
        assertWritten(dir, folders: labels)
        let v = try variants(dir)
        XCTAssertEqual(v.map(\.label), labels)
        let tracking = v.compactMap { number($0.metrics, "trackingError") }
        // A stiffer band (smaller constant) holds the photo further behind the finger.
        XCTAssertGreaterThan(tracking[0], tracking[1])
        XCTAssertGreaterThan(tracking[1], tracking[2])

        for (value, expected) in [
            ("-1", "\"-1\" is not a value of policy.rubberBand: expected a rubber-band constant above 0"),
            ("abc", "\"abc\" is not a value of policy.rubberBand: expected a number, got a string"),
            ("1e999", "\"1e999\" is not a value of policy.rubberBand: expected a finite number"),
            ("0.5\u{1b}[31m", "\"0.5\\u001b[31m\" is not a value of policy.rubberBand"),
        ] {
            assertOneLineError(try compare(dir, ["--vary", "policy.rubberBand=0.3," + value]), expected)
        }
        assertOneLineError(
            try compare(dir, ["--policies", "clamp,x\nError: forged\u{1b}[31m"]),
            "\"x\\nError: forged\\u001b[31m\" is not a value of policy: unknown policy \"x\\nError: forged\\u001b[31m\""
        )
        assertOneLineError(
            try compare(dir, ["--vary", "zoom.anchor=focal,middle"]),
            "\"middle\" is not a value of zoom.anchor: expected one of \"focal\", \"center\", got \"middle\"")
    }

    func testEveryDeclaredKeyOfANumberABooleanOrAChoiceCanVary() throws {
        let names = Variation.declaredKeys.map(\.name)
        for key in [
            "policy.rubberBand", "policy.momentum", "policy.animation", "policy.animation.response",
            "policy.animation.dampingRatio", "zoom.max", "zoom.min", "zoom.anchor", "mask.fade", "refit.delay",
            "doubleTap.factor", "frame.resizable", "constraint",
        ] {
            XCTAssertTrue(names.contains(key), key)
        }
        // Colours, sizes and the image are not a number, a boolean or a choice.
        for key in ["background", "mask.color", "frame.size", "image", "faces"] {
            XCTAssertFalse(names.contains(key), key)
        }
        // Each value is read back through the editor's validator.
        let base = EditorConfig.defaults
        let max = try XCTUnwrap(Variation(key: "zoom.max")).variants(of: base, values: ["2", "null"])
        XCTAssertEqual(max.map(\.editor.zoom.max), [2, nil])
        let fade = try XCTUnwrap(Variation(key: "mask.fade")).variants(of: base, values: ["0", "0.5"])
        XCTAssertEqual(fade.map(\.editor.mask.fade), [0, 0.5])
        let resizable = try XCTUnwrap(Variation(key: "frame.resizable")).variants(of: base, values: ["true"])
        XCTAssertEqual(resizable.first?.editor.frame.resizable, true)
        XCTAssertThrowsError(try XCTUnwrap(Variation(key: "doubleTap.factor")).variants(of: base, values: ["0"]))
        XCTAssertNil(Variation(key: "mask.color"))
        // A value equal to the editor's gives the editor back, whatever the preset; a box
        // whose turn is left to the editor still follows frame.resizable.
        for preset in Preset.all {
            let editor = try preset.editor()
            let same = try XCTUnwrap(Variation(key: "mask.fade")).variants(of: editor, values: ["\(editor.mask.fade)"])
            XCTAssertEqual(same.first?.editor, editor, preset.name)
            let turned = try XCTUnwrap(Variation(key: "frame.resizable")).variants(
                of: editor, values: ["true", "false"])
            XCTAssertEqual(
                turned.map(\.editor.boxTurns),
                editor.turnBox == nil ? [true, false] : [editor.boxTurns, editor.boxTurns], preset.name)
        }
    }

    func testARegisteredPolicysParamVaries() throws {
        let dir = try folder(dragOut(#"{"policy": {"kind": "banded", "params": {"band": 0.55}}}"#), "params")
        let r = try compare(dir, ["--vary", "policy.params.band=0.3,0.6"])
        XCTAssertEqual(r.code, 0, r.err)
        assertWritten(dir, folders: ["policy.params.band=0.3", "policy.params.band=0.6"])
        let tracking = try variants(dir).compactMap { number($0.metrics, "trackingError") }
        XCTAssertEqual(tracking.count, 2)
        XCTAssertGreaterThan(tracking[0], tracking[1])
        // The policy's factory checks the value, before anything is written.
        let bad = try folder(dragOut(#"{"policy": {"kind": "banded"}}"#), "params-bad")
        assertOneLineError(
            try compare(bad, ["--vary", "policy.params.band=0.3,20"]),
            "\"20\" is not a value of policy.params.band: expected a number from 0.01 to 10, got 20")
        assertOneLineError(
            try compare(bad, ["--vary", "policy.params.stiffness=1"]),
            "\"1\" is not a value of policy.params.stiffness: unknown key \"stiffness\"; expected one of: band")
        XCTAssertFalse(FileManager.default.fileExists(atPath: bad + "/s-compare"))
        // A built-in policy takes no params.
        assertOneLineError(
            try compare(dir, ["--policies", "clamp", "--vary", "policy.params.band=0.3"]),
            "\"0.3\" is not a value of policy.params.band: policy.params: \"params\" are for registered policies")
    }

    func testARegisteredCurveVariesWithItsParams() throws {
        let dir = try folder(dragOut(#"{"policy": {"kind": "snapNearest"}}"#), "curve")
        let r = try compare(
            dir,
            [
                "--vary",
                "policy.animation=critical(response=0.2),critical(response=0.6),spring:0.35:1,spring(response=0.2)",
            ])
        XCTAssertEqual(r.code, 0, r.err)
        let labels = [
            "policy.animation=critical(response=0.2)", "policy.animation=critical(response=0.6)",
            "policy.animation=spring:0.35:1", "policy.animation=spring(response=0.2)",
        ]
        let v = try variants(dir)
        XCTAssertEqual(v.map(\.label), labels)
        assertWritten(dir, folders: Comparison.folders(labels))
        let ends = v.compactMap { number($0.metrics, "animationEnds") }
        XCTAssertEqual(ends.count, 4)
        // A slower curve settles later.
        XCTAssertLessThan(ends[0], ends[1])
        XCTAssertLessThan(ends[3], ends[2])
        for (value, expected) in [
            ("critical(response=50)", "policy.animation.params.response: expected a number from 0.01 to 10, got 50"),
            ("critical(x=1)", "policy.animation.params.x: unknown key \"x\"; expected one of: response"),
            ("bezier(a=1)", "\"bezier(a=1)\" is not a value of policy.animation: expected none, linear:S"),
            ("spring(response=-1)", "policy.animation.response: expected a response in seconds"),
            ("critical(response=0.2", "expected none, linear:S"),
        ] {
            let e = try compare(dir, ["--vary", "policy.animation=" + value])
            assertOneLineError(e, expected)
            if value.hasPrefix("bezier") { XCTAssertTrue(e.err.contains("registered: critical"), e.err) }
        }
    }

    func testACurvesKeyIsGivenOnceAndTheCurveIsItsName() throws {
        let dir = try folder(dragOut(#"{"policy": {"kind": "snapNearest"}}"#), "curvekeys")
        for (value, expected) in [
            ("spring(curve=linear)", "the curve is the name before the parentheses, not a key inside them"),
            ("critical(curve=spring)", "the curve is the name before the parentheses, not a key inside them"),
            ("spring(response=0.3,response=0.9)", "key \"response\" is given twice"),
            ("critical(response=0.2, response=0.6)", "key \"response\" is given twice"),
        ] {
            assertOneLineError(
                try compare(dir, ["--vary", "policy.animation=" + value]),
                "\"\(value)\" is not a value of policy.animation: \(expected)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/s-compare"))
    }

    func testALongValueGetsAFolderAFileSystemTakes() throws {
        let dir = try folder(dragOut(), "long")
        let long = "0.3" + String(repeating: "0", count: 300) + "1"
        let r = try compare(dir, ["--vary", "policy.rubberBand=\(long),0.5"])
        XCTAssertEqual(r.code, 0, r.err)
        let folders = Comparison.folders(["policy.rubberBand=" + long, "policy.rubberBand=0.5"])
        XCTAssertEqual(folders[0].count, Comparison.longestFolder)
        XCTAssertTrue(folders[0].hasPrefix("policy.rubberBand=0.3000"), folders[0])
        XCTAssertNotEqual(Comparison.folder("a" + long), Comparison.folder("b" + long))
        assertWritten(dir, folders: folders)
    }

    func testTwoKeysMakeAGridReadAlongBothAxes() throws {
        let dir = try folder(dragOut(), "grid")
        let r = try compare(
            dir, ["--vary", "policy.rubberBand=0.3,0.8", "--vary", "policy.animation.response=0.2,0.4,0.6"])
        XCTAssertEqual(r.code, 0, r.err)
        let v = try variants(dir)
        XCTAssertEqual(v.count, 6)
        assertWritten(dir, folders: Comparison.folders(v.map(\.label)))
        let json = try JSONParser.parse(String(contentsOfFile: dir + "/s-compare/metrics.json", encoding: .utf8))
        XCTAssertEqual(json["grid"]?["rows"]?["key"].map { $0.serialized() }, "\"policy.rubberBand\"")
        XCTAssertEqual(json["grid"]?["columns"]?["values"]?.serialized(), #"["0.2","0.4","0.6"]"#)
        XCTAssertEqual(
            v[5].metrics["at"]?.serialized(), #"{"policy.rubberBand":"0.8","policy.animation.response":"0.6"}"#)
        // Rows are the first key, columns the second: the slower spring settles later along a row.
        let md = try String(contentsOfFile: dir + "/s-compare/metrics.md", encoding: .utf8)
        XCTAssertTrue(md.contains("| policy.rubberBand \\\\ policy.animation.response | 0.2 | 0.4 | 0.6 |"), md)
        let ends = v.compactMap { number($0.metrics, "animationEnds") }
        XCTAssertLessThan(ends[0], ends[2])
        XCTAssertLessThan(ends[3], ends[5])
        let csv = try String(contentsOfFile: dir + "/s-compare/metrics.csv", encoding: .utf8)
        XCTAssertTrue(csv.hasPrefix("variant,policy.rubberBand,policy.animation.response,frames,"), csv)
        let page = try String(contentsOfFile: dir + "/s-compare/index.html", encoding: .utf8)
        XCTAssertTrue(page.contains("policy.rubberBand by policy.animation.response"))
        XCTAssertEqual(page.components(separatedBy: "<table class=\"grid\">").count - 1, Comparison.gridColumns.count)
        // The plots too: a block per quantity, a plot per variant in it.
        XCTAssertTrue(page.contains("<h3>image centre x (pt)</h3>"), page)
        XCTAssertEqual(page.components(separatedBy: "<svg ").count - 1, 6 * 3)
        // The animation has a row per rubber-band constant and a column per response.
        let png = try PNGCodec.size(of: Array(FileManager.default.contents(atPath: dir + "/s-compare/comparison.png")!))
        XCTAssertGreaterThan(png.height * 2, png.width)

        // A policy by model grid.
        let models = try compare(dir, ["--policies", "clamp,rubberBand", "--models", "reference,clamping"])
        XCTAssertEqual(models.code, 0, models.err)
        XCTAssertEqual(
            try variants(dir).map(\.label),
            [
                "clamp reference", "clamp clamping", "rubberBand reference", "rubberBand clamping",
            ])

        assertOneLineError(
            try compare(dir, ["--vary", "zoom.max=1,2,3,4,5,6,7", "--vary", "mask.fade=0,1,2,3,4,5"]),
            "7 zoom.max by 6 mask.fade make 42 variants; at most 36")
        assertOneLineError(
            try compare(dir, ["--policies", "clamp", "--models", "reference", "--vary", "zoom.max=2"]),
            "compare varies one key (a list) or two (a grid), got 3")
    }

    func testAWideLegalViewportIsScaledToFitAndNeverExits3() throws {
        let dir = try folder(
            #"{"name": "s", "editor": {"viewport": {"width": 8192, "height": 200}, "frame": {"aspect": [1, 1]}, "image": {"testcard": [400, 300]}}, "script": [{"pan": {"by": [0, 60], "duration": 0.1}}, {"until": "settled"}]}"#,
            "wide")
        let r = try compare(dir, ["--policies", "rollback,clamp,rubberBand,snapNearest,none"])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.err.contains("would be 20504x122 pixels, over 16384 a side: scaled to --thumb 0.39"), r.err)
        XCTAssertEqual(r.err.split(separator: "\n").count, 1, r.err)
        assertWritten(dir, folders: ["rollback", "clamp", "rubberBand", "snapNearest", "none"])
        let png = try PNGCodec.size(of: Array(FileManager.default.contents(atPath: dir + "/s-compare/comparison.png")!))
        XCTAssertLessThanOrEqual(png.width, 16384)
        XCTAssertGreaterThan(png.width, 15000)
        // A 6 by 6 grid of it fits too.
        let grid = try compare(
            dir, ["--vary", "zoom.max=2,3,4,5,6,7", "--vary", "mask.fade=0,0.1,0.2,0.3,0.4,0.5", "--every", "20"])
        XCTAssertEqual(grid.code, 0, grid.err)
        let gridPNG = try PNGCodec.size(
            of: Array(FileManager.default.contents(atPath: dir + "/s-compare/comparison.png")!))
        XCTAssertLessThanOrEqual(max(gridPNG.width, gridPNG.height), 16384)
    }

    func testAWebPOverItsBudgetIsRefusedBeforeAnythingIsWritten() throws {
        // 3 columns of 1000x1000 at thumb 1 over 10 s: about 5.5 GB of frames, over WebP's 4 GB.
        let dir = try folder(
            #"{"name": "s", "editor": {"viewport": {"width": 1000, "height": 1000}, "frame": {"size": [500, 500]}, "image": {"testcard": [1000, 1000]}}, "script": [{"wait": 10}]}"#,
            "webp")
        let r = runCLI(
            ["compare", dir + "/s.json", "--out", dir, "--thumb", "1", "--webp", "--policies", "clamp,none,rollback"],
            registrations: try registrations())
        assertOneLineError(r, "s.json: --webp would assemble 601 frames of 3016x1022 pixels")
        XCTAssertTrue(r.err.contains("use --every N or --thumb F"), r.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/s-compare"))
    }

    func testThumbHelpAndParserAgreeAndHelpListsRegisteredNames() throws {
        let help = runCLI(["help", "compare"], registrations: try registrations())
        XCTAssertTrue(help.out.contains("0.01 to 1, area-averaged (default: 0.5"), help.out)
        XCTAssertTrue(help.out.contains("Registered policies (--policies, default included): banded"), help.out)
        XCTAssertTrue(help.out.contains("Registered curves"), help.out)
        XCTAssertTrue(help.out.contains("critical"), help.out)
        XCTAssertTrue(help.out.contains("Registered models (--models): reference, clamping, refusing"), help.out)
        let dir = try folder(dragOut(), "thumb")
        assertOneLineError(
            try compare(dir, ["--thumb", "0.005"]), "'--thumb' expects a number from 0.01 to 1, got '0.005'")
        let smallest = try compare(dir, ["--thumb", "0.01", "--policies", "clamp"])
        XCTAssertEqual(smallest.code, 0, smallest.err)
    }
}
