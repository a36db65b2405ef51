import CropEngine
import CropHTTP
import CropImageIO
import CropJSON
import CropPipeline
import CropPlay
import Foundation
import TestSupport
import XCTest

/// `cropreplay play` in a real browser: headless Chromium, driven over the DevTools protocol
/// by Tests/Browser/playground_cdp.py (standard library only), sends touch events to the
/// page. The page's image moves and springs back; the recorded scenario replayed by `run`
/// ends in the live session's state; the page's CDP log imports to the same scenario.
final class BrowserPlaygroundTests: XCTestCase {
    func serve(preset: String) throws -> (background: HTTPServer.Background, routes: PlayRoutes) {
        let text = "{\"name\": \"\(preset)\", \"preset\": \"\(preset)\", \"script\": []}"
        let routes = PlayRoutes(session: try PlaySession(base: try LoadedScenario.load(text: text, file: "test", name: preset)))
        return (try HTTPServer(port: 0, handler: routes.handle).serveInBackground(), routes)
    }

    func testDragAndPinchInChromiumSpringBackAndRecordAScenarioThatReplays() throws {
        guard let chromium = findChromium() else {
            if browserRequired { return XCTFail("CROPREPLAY_REQUIRE_BROWSER=1 but no Chromium is installed") }
            throw XCTSkip(
                skippedLoudly("chromium is not installed (apt-get install chromium): the playground is not tested in a browser here"))
        }
        guard hasCommand("python3") else {
            if browserRequired { return XCTFail("CROPREPLAY_REQUIRE_BROWSER=1 but python3 is missing") }
            throw XCTSkip(skippedLoudly("python3 is not installed: the playground is not tested in a browser here"))
        }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Browser/playground_cdp.py").path
        let dir = temporaryDirectory("browser-play")
        let serving = try serve(preset: "circle-avatar-bounce")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "http://127.0.0.1:\(serving.background.server.port)/", chromium, dir]
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
        guard process.terminationStatus == 0 else { return }

        let result = try JSONParser.parse(try String(contentsOfFile: dir + "/result.json", encoding: .utf8))
        XCTAssertEqual(result["errors"]?.serialized(), "[]", "the page showed no error")
        // The image moves under the finger, springs back, and the pinch does too.
        func picture(_ name: String) throws -> [UInt8] { try PNGCodec.decode(try FileIO.read(dir + "/\(name).png", limit: 1 << 26)).pixels }
        func changed(_ a: [UInt8], _ b: [UInt8]) -> Double {
            guard a.count == b.count, !a.isEmpty else { return 1 }
            var n = 0
            for i in stride(from: 0, to: a.count, by: 4) where abs(Int(a[i]) - Int(b[i])) + abs(Int(a[i + 1]) - Int(b[i + 1])) > 24 {
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
        guard case .array(let frames)? = trace["frames"]?.value, let last = frames.last else { return XCTFail("frames in the trace") }
        func number(_ node: JSONNode?) -> Double? {
            if case .number(let d, _)? = node?.value { return d }
            return nil
        }
        XCTAssertEqual(try XCTUnwrap(number(last["k"])), live.shown.k, accuracy: 1e-9)
        guard case .array(let shownRect)? = last["imageRect"]?.value, shownRect.count == 4 else { return XCTFail("imageRect in the trace") }
        let liveRect = [live.imageRect.x, live.imageRect.y, live.imageRect.width, live.imageRect.height]
        for (node, value) in zip(shownRect, liveRect) { XCTAssertEqual(try XCTUnwrap(number(node)), value, accuracy: 1e-6) }
        // The page's CDP log imports to the same scenario.
        try cdp.write(toFile: dir + "/session.cdp.jsonl", atomically: true, encoding: .utf8)
        let imported = runCLI(["import", "cdp", dir + "/session.cdp.jsonl", "--editor", dir + "/recorded.json", "--name", "recorded"])
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
        guard case .array(let r)? = rect?.value, let left = number(r.first), let top = number(r.dropFirst().first) else {
            return XCTFail("the image's rectangle")
        }
        let sent = runCLI([
            "import", "cdp", dir + "/sent.cdp.jsonl", "--preset", "circle-avatar-bounce", "--offset",
            "\(JSONNumber.format(-left)),\(JSONNumber.format(-top))",
        ])
        XCTAssertEqual(sent.code, 0, sent.err)
    }
}
