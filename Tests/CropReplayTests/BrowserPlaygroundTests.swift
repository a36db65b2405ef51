import CropEngine
import CropHTTP
import CropImageIO
import CropJSON
import CropPipeline
import CropPlay
import CropScenario
import Foundation
import TestSupport
import XCTest

/// `cropreplay play` in a real browser: headless Chromium, driven over the DevTools protocol
/// by Tests/Browser/playground_cdp.py (standard library only), sends touch events to the
/// page. The page's image moves and springs back; the recorded scenario replayed by `run`
/// ends in the live session's state; the page's CDP log imports to the same scenario.
final class BrowserPlaygroundTests: XCTestCase {
    /// A preset served as `cropreplay play --preset` serves it (over the sample photo).
    func serve(preset: String) throws -> (background: HTTPServer.Background, routes: PlayRoutes) {
        let (loaded, label) = try PlayScenario.preset(preset)
        let routes = PlayRoutes(session: try PlaySession(base: loaded, imageLabel: label))
        return (try HTTPServer(port: 0, handler: routes.handle).serveInBackground(), routes)
    }

    /// Chromium and python3, or a loud skip (a failure under CROPREPLAY_REQUIRE_BROWSER=1).
    func browser() throws -> String? {
        guard let chromium = findChromium() else {
            if browserRequired {
                XCTFail("CROPREPLAY_REQUIRE_BROWSER=1 but no Chromium is installed")
                return nil
            }
            throw XCTSkip(
                skippedLoudly(
                    "chromium is not installed (apt-get install chromium): the playground is not tested in a browser here"
                ))
        }
        guard hasCommand("python3") else {
            if browserRequired {
                XCTFail("CROPREPLAY_REQUIRE_BROWSER=1 but python3 is missing")
                return nil
            }
            throw XCTSkip(skippedLoudly("python3 is not installed: the playground is not tested in a browser here"))
        }
        return chromium
    }

    /// Runs Tests/Browser/playground_cdp.py on the served page; true when it succeeded.
    func drive(
        _ serving: (background: HTTPServer.Background, routes: PlayRoutes), chromium: String, dir: String,
        _ extra: [String] = []
    )
        throws -> Bool
    {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Browser/playground_cdp.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", script, "http://127.0.0.1:\(serving.background.server.port)/", chromium, dir] + extra
        let errPipe = Pipe()
        process.standardError = errPipe
        try process.run()
        let deadline = Date().addingTimeInterval(180)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        serving.background.stop()
        let stderr = String(decoding: errPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, stderr)
        return process.terminationStatus == 0
    }

    func testDragAndPinchInChromiumSpringBackAndRecordAScenarioThatReplays() throws {
        guard let chromium = try browser() else { return }
        let dir = temporaryDirectory("browser-play")
        let serving = try serve(preset: "circle-avatar-bounce")
        guard try drive(serving, chromium: chromium, dir: dir) else { return }

        let result = try JSONParser.parse(try String(contentsOfFile: dir + "/result.json", encoding: .utf8))
        XCTAssertEqual(result["errors"]?.serialized(), "[]", "the page showed no error")
        // The image moves under the finger, springs back, and the pinch does too.
        func picture(_ name: String) throws -> [UInt8] {
            try PNGCodec.decode(try FileIO.read(dir + "/\(name).png", limit: 1 << 26)).pixels
        }
        func changed(_ a: [UInt8], _ b: [UInt8]) -> Double {
            guard a.count == b.count, !a.isEmpty else { return 1 }
            var n = 0
            for i in stride(from: 0, to: a.count, by: 4)
            where abs(Int(a[i]) - Int(b[i])) + abs(Int(a[i + 1]) - Int(b[i + 1])) > 24 {
                n += 1
            }
            return Double(n) / Double(a.count / 4)
        }
        let start = try picture("start")
        let dragged = try picture("dragged")
        let dragSettled = try picture("drag-settled")
        let pinched = try picture("pinched")
        let pinchSettled = try picture("pinch-settled")
        XCTAssertGreaterThan(changed(start, dragged), 0.2, "the drag moved the image")
        XCTAssertGreaterThan(changed(dragged, dragSettled), 0.2, "the image sprang back")
        XCTAssertGreaterThan(changed(dragSettled, pinched), 0.2, "the pinch zoomed out")
        XCTAssertGreaterThan(changed(pinched, pinchSettled), 0.2, "and sprang back")

        XCTAssertEqual(result["validMidDrag"]?.serialized(), "false", "rubberBand: past the edge while dragged")
        // The side panel's generated form switched the policy to clamp: the drag stops at the edge.
        XCTAssertEqual(result["clampPan"]?.serialized(), "\"changed\"", "the clamped drag was under way")
        XCTAssertEqual(result["clampValidMidDrag"]?.serialized(), "true", "clamp never shows an invalid state")
        XCTAssertEqual(serving.routes.session.editor.policy.kind, .clamp)
        // Desktop input: ctrl + wheel zoomed in, a mouse drag panned right.
        func pair(_ key: String) -> (Double, Double)? {
            guard case .array(let v)? = result[key]?.value, v.count == 2, case .number(let a, _) = v[0].value,
                case .number(let b, _) = v[1].value
            else { return nil }
            return (a, b)
        }
        let wheel = try XCTUnwrap(pair("wheelZoom"))
        XCTAssertGreaterThan(wheel.1, wheel.0 * 1.1, "ctrl + wheel zoomed in")
        let drag = try XCTUnwrap(pair("mouseDragCx"))
        XCTAssertGreaterThan(drag.1, drag.0 + 20, "the mouse drag moved the image right")

        // The recording replays with `run` to the live session's final state.
        let live = try XCTUnwrap(serving.routes.session.lastRecordingEnd)
        XCTAssertTrue(live.valid)
        guard case .string(let scenario)? = result["recorded"]?["scenario"]?.value,
            case .string(let cdp)? = result["recorded"]?["cdp"]?.value
        else { return XCTFail("a recorded scenario and CDP log") }
        try scenario.write(toFile: dir + "/recorded.json", atomically: true, encoding: .utf8)
        let run = runCLI(["run", dir + "/recorded.json", "--out", dir + "/out"])
        XCTAssertEqual(run.code, 0, run.err)
        let trace = try JSONParser.parse(try String(contentsOfFile: dir + "/out/recorded/trace.json", encoding: .utf8))
        guard case .array(let frames)? = trace["frames"]?.value, let last = frames.last else {
            return XCTFail("frames in the trace")
        }
        func number(_ node: JSONNode?) -> Double? {
            if case .number(let d, _)? = node?.value { return d }
            return nil
        }
        XCTAssertEqual(try XCTUnwrap(number(last["k"])), live.shown.k, accuracy: 1e-9)
        guard case .array(let shownRect)? = last["imageRect"]?.value, shownRect.count == 4 else {
            return XCTFail("imageRect in the trace")
        }
        let liveRect = [live.imageRect.x, live.imageRect.y, live.imageRect.width, live.imageRect.height]
        for (node, value) in zip(shownRect, liveRect) {
            XCTAssertEqual(try XCTUnwrap(number(node)), value, accuracy: 1e-6)
        }
        // The page's CDP log imports to the same scenario.
        try cdp.write(toFile: dir + "/session.cdp.jsonl", atomically: true, encoding: .utf8)
        let imported = runCLI([
            "import", "cdp", dir + "/session.cdp.jsonl", "--editor", dir + "/recorded.json", "--name", "recorded",
        ])
        XCTAssertEqual(imported.code, 0, imported.err)
        XCTAssertEqual(imported.out, scenario)
        // Kept as a regression test: record its golden, and check passes.
        let record = runCLI(["record", dir + "/recorded.json", "--golden", dir + "/golden"])
        XCTAssertEqual(record.code, 0, record.err)
        XCTAssertTrue(record.out.contains("new golden"), record.out)
        let check = runCLI(["check", dir + "/recorded.json", "--golden", dir + "/golden"])
        XCTAssertEqual(check.code, 0, check.out + check.err)
        // The events Chromium was sent (in CSS pixels, the image at the page's padding) import too.
        let rect = result["rect"]
        guard case .array(let r)? = rect?.value, let left = number(r.first), let top = number(r.dropFirst().first)
        else {
            return XCTFail("the image's rectangle")
        }
        let sent = runCLI([
            "import", "cdp", dir + "/sent.cdp.jsonl", "--preset", "circle-avatar-bounce", "--offset",
            "\(JSONNumber.format(-left)),\(JSONNumber.format(-top))",
        ])
        XCTAssertEqual(sent.code, 0, sent.err)
    }

    /// The page as a visitor sees it: typed controls (colour pickers, ranged number fields,
    /// toggles, selects, nullable keys as a checkbox and a value; no JSON in a text field), the
    /// validator's one-line error in the page, a labelled frame-rate readout, the sample photo.
    /// With CROPREPLAY_UPDATE_SCREENSHOTS=1 the screenshot becomes docs/playground.png.
    func testThePageIsUnderstoodFromAScreenshotAndItsControlsAreTyped() throws {
        guard let chromium = try browser() else { return }
        let dir = temporaryDirectory("browser-product")
        let serving = try serve(preset: "resizable-box-refit")
        guard try drive(serving, chromium: chromium, dir: dir, ["--product"]) else { return }
        let result = try JSONParser.parse(try String(contentsOfFile: dir + "/product.json", encoding: .utf8))
        let controls = try XCTUnwrap(result["controls"])
        func strings(_ node: JSONNode?) -> [String] {
            guard case .array(let items)? = node?.value else { return [] }
            return items.compactMap { if case .string(let s) = $0.value { return s } else { return nil } }
        }
        func number(_ node: JSONNode?) -> Double? {
            if case .number(let d, _)? = node?.value { return d }
            return nil
        }
        // Colour pickers for the background, the mask, the border and the grid, each with an opacity slider.
        XCTAssertEqual(strings(controls["colours"]), ["#000000", "#000000", "#ffffff", "#ffffff"])
        XCTAssertEqual(number(controls["opacities"]), 4)
        XCTAssertGreaterThan(number(controls["numbers"]) ?? 0, 20)
        XCTAssertEqual(
            number(controls["numbers"]), number(controls["numbersWithRange"]),
            "every number field has min, max and step")
        for text in strings(controls["texts"]) {
            XCTAssertFalse(
                text.contains("\"") || text.contains("null") || text.contains("["), "JSON in a text field: \(text)")
        }
        XCTAssertEqual(
            strings(controls["nullables"]),
            [
                "editor.policy.momentum", "editor.zoom.max", "editor.rotation.limit", "start.box", "start.zoom",
                "start.at",
            ])
        XCTAssertEqual(
            controls["kinds"]?.serialized(),
            """
            {"editor.policy.kind":"select","editor.policy.rubberBand":"number","editor.frame.resizable":"checkbox",\
            "editor.mask.color":"color","editor.mask.opacity":"range","editor.policy.momentum":"number","editor.background":"color",\
            "editor.viewport.scale":"number"}
            """)
        XCTAssertEqual(strings(controls["rubberBand"]), ["0", "1000000", "0.05", "0.55"])
        XCTAssertEqual(
            strings(controls["groups"]), ["Recording", "Current frame", "Buttons", "Policy", "Editor", "Start state"])
        XCTAssertEqual(strings(controls["record"]), ["\u{25CF} Record", "\u{25A0} Stop"])
        XCTAssertEqual(
            controls["hint"]?.serialized(),
            "\"1Drag one finger or the mouse 2Pinch two fingers, ctrl/\u{2318} + wheel or a trackpad \u{21BB}Twist two fingers, or shift + drag\""
        )
        XCTAssertEqual(controls["title"]?.serialized(), "\"CropReplay playground\"")
        // The validator's message, in the page, on the control it names; gone once fixed.
        XCTAssertEqual(
            result["error"]?.serialized(),
            "\"the form: editor.policy.rubberBand: expected a rubber-band constant above 0 and at most 1000000, got 0\""
        )
        XCTAssertEqual(strings(result["errorRow"]), ["editor.policy.rubberBand"])
        XCTAssertEqual(result["errorAfterFix"]?.serialized(), "\"\"")
        // The nullable momentum off and on again through its checkbox; a colour and an opacity applied.
        XCTAssertEqual(result["momentumOn"]?.serialized(), "null", "the preset's momentum switched off")
        XCTAssertEqual(result["momentumOff"]?.serialized(), "0.998", "and on again at its value")
        // A start key that may be left out: on at its starting value, moved, off leaves it out
        // (no start key given: the initial fit).
        XCTAssertEqual(result["startAtOn"]?["at"]?.serialized(), "[800, 600]")
        XCTAssertEqual(result["startAtMoved"]?.serialized(), "[700, 600]")
        XCTAssertEqual(
            result["startAtRange"]?.serialized(), #"[["-1000000","1000000","1"],["-1000000","1000000","1"]]"#)
        XCTAssertEqual(result["startAtOff"]?.serialized(), "null")
        XCTAssertEqual(result["mask"]?["color"]?.serialized(), "\"#203040\"")
        XCTAssertEqual(result["mask"]?["opacity"]?.serialized(), "0.3")
        XCTAssertEqual(
            result["maskRestored"]?.serialized(),
            ScenarioEncoder.editor(serving.routes.session.base.scenario.editor)["mask"]?.serialized())
        // A pinch zoomed in; mid-drag the readout says what it measures.
        guard case .array(let zoom)? = result["zoom"]?.value, zoom.count == 2 else { return XCTFail("zoom") }
        XCTAssertGreaterThan(try XCTUnwrap(number(zoom[1])), try XCTUnwrap(number(zoom[0])) * 1.3)
        XCTAssertEqual(result["midDrag"]?["pan"]?.serialized(), "\"changed\"")
        XCTAssertEqual(number(result["fingers"]), 1, "the finger is drawn on the frame")
        guard case .string(let stats)? = result["stats"]?.value, case .string(let rest)? = result["statsAtRest"]?.value
        else {
            return XCTFail("the readout")
        }
        XCTAssertNotNil(stats.range(of: #"shown\d+ frames? in the last second"#, options: .regularExpression), stats)
        XCTAssertNotNil(
            stats.range(
                of: #"server\d+\.\d ms median to advance, render and encode a frame \(last \d+\)"#,
                options: .regularExpression),
            stats)
        XCTAssertTrue(rest.contains("at rest"), rest)
        // The screenshot: the whole window, the sample photo on the stage (not the test card's red edge or white grid).
        let shot = try PNGCodec.decode(try FileIO.read(dir + "/page.png", limit: 1 << 26))
        XCTAssertEqual([shot.width, shot.height], [1280, 1040])
        if ProcessInfo.processInfo.environment["CROPREPLAY_UPDATE_SCREENSHOTS"] == "1" {
            let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
                .appendingPathComponent("docs/playground.png").path
            try FileIO.writeAtomically(docs, try FileIO.read(dir + "/page.png", limit: 1 << 26))
            print("wrote \(docs)")
        }
    }
}
