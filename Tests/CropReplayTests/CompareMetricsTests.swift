import CropCompare
import CropPipeline
import CropScenario
import Foundation
import TestSupport
import XCTest

/// The comparison scripts in comparisons/ (the eight kinds of script docs/compare.md lists):
/// their metrics match the committed comparisons/golden/<name>/metrics.json, and a second,
/// plain implementation of docs/compare.md's definitions, reading only each variant's
/// trace.json and fingers.json (with Foundation's JSON reader, not the project's), gives the
/// same values. CROPREPLAY_UPDATE_METRICS=1 rewrites the goldens.
final class CompareMetricsTests: XCTestCase {
    static let scripts = [
        "drag-out", "fling", "pinch-below-min", "pinch-past-max", "two-drags", "pan-and-pinch", "twist-past-limit",
        "box-drag-refit",
    ]

    func testEveryComparisonScriptMatchesItsGoldenAndAnIndependentRecomputation() throws {
        let folder = packageRoot + "/comparisons"
        let present = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
            .sorted()
        XCTAssertEqual(present, Self.scripts.map { $0 + ".json" }.sorted(), "one script per kind, each with a golden")
        let update = ProcessInfo.processInfo.environment["CROPREPLAY_UPDATE_METRICS"] == "1"
        for name in Self.scripts {
            let loaded = try LoadedScenario.load(path: folder + "/\(name).json")
            let variants = try Variation.policy.variants(
                of: loaded.scenario.editor, values: PolicyKind.allCases.map(\.rawValue))
            let rows = try Comparison.rows(loaded, variants: variants)
            let dir = temporaryDirectory("metrics-\(name)")
            try ComparisonOutput.writeData(rows, scenario: loaded.scenario.name, dir: dir)
            let written = try object(dir + "/metrics.json")
            let golden = folder + "/golden/\(name)/metrics.json"
            if update {
                try FileManager.default.createDirectory(
                    atPath: folder + "/golden/\(name)", withIntermediateDirectories: true)
                try Data(contentsOf: URL(fileURLWithPath: dir + "/metrics.json")).write(
                    to: URL(fileURLWithPath: golden), options: .atomic)
            } else {
                XCTAssertTrue(
                    FileManager.default.fileExists(atPath: golden),
                    "\(golden) is missing (CROPREPLAY_UPDATE_METRICS=1 writes it)")
                if FileManager.default.fileExists(atPath: golden) {
                    assertSame(written, try object(golden), path: name)
                }
            }
            let editor = loaded.scenario.editor
            let fps = try XCTUnwrap(written["fps"] as? Int)
            let items = try XCTUnwrap(written["variants"] as? [[String: Any]])
            XCTAssertEqual(items.count, 5, name)
            var traces: [[Frame]] = []
            var fingers: [[Int: [String: (at: (Double, Double), since: Int)]]] = []
            for item in items {
                let label = try XCTUnwrap(item["variant"] as? String)
                traces.append(try frames(dir + "/\(label)/trace.json"))
                fingers.append(try touches(dir + "/\(label)/fingers.json"))
            }
            let longest = traces.map(\.count).max() ?? 0
            for (i, item) in items.enumerated() {
                let expected = Independent(
                    frames: traces[i], fingers: fingers[i], fps: Double(fps), longest: longest, editor: editor
                ).metrics
                XCTAssertEqual(
                    Set(item.keys).subtracting(["variant", "crops"]), Set(expected.keys), "every metric is recomputed")
                for (key, value) in expected {
                    let place = "\(name) \(item["variant"] ?? "?") \(key)"
                    assertSame(item[key] as Any, value, path: place)
                }
            }
        }
    }

    /// Recorded values are close to what the metrics mean on these scripts (so the goldens
    /// are not merely whatever the code gave): the fingers are followed exactly without
    /// resistance, clamp stops them, a spring bounces, a pinch past the maximum shows in zoom.
    func testTheGoldensSayWhatTheScriptsShow() throws {
        func variants(_ name: String) throws -> [String: [String: Any]] {
            let items = try XCTUnwrap(
                try object(packageRoot + "/comparisons/golden/\(name)/metrics.json")["variants"] as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: items.map { ($0["variant"] as? String ?? "", $0) })
        }
        let drag = try variants("drag-out")
        XCTAssertEqual(drag["none"]?["trackingError"] as? Double ?? 1, 0, accuracy: 1e-9)
        XCTAssertEqual(drag["none"]?["finalValid"] as? Bool, false, "none leaves the box uncovered")
        XCTAssertGreaterThan(
            drag["clamp"]?["trackingError"] as? Double ?? 0, 150, "clamp stops the image while the fingers go on")
        XCTAssertLessThan(
            drag["rubberBand"]?["settleWithin"] as? Double ?? 9, drag["rubberBand"]?["animationEnds"] as? Double ?? 0,
            "within 0.5 pt before the curve's tail ends")
        let pinch = try variants("pinch-past-max")
        for (label, v) in pinch {
            XCTAssertEqual(v["trackingError"] as? Double ?? 1, 0, accuracy: 1e-9, "\(label): the pinched point stays")
        }
        XCTAssertEqual(
            pinch["none"]?["zoomOvershoot"] as? Double ?? 0, log2(3.5 / 2), accuracy: 1e-3, "3.5 against a maximum of 2"
        )
        XCTAssertEqual(pinch["clamp"]?["zoomOvershoot"] as? Double, 0)
        let fling = try variants("fling")
        XCTAssertGreaterThan(
            fling["rubberBand"]?["reversals"] as? Int ?? 0, 0, "the spring overshoots the edge and comes back")
        let twist = try variants("twist-past-limit")
        XCTAssertEqual(twist["clamp"]?["finalAngle"] as? Double, 30)
    }

    func object(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any], path)
    }

    /// Equal JSON values; numbers within 1e-9 (relative above 1): the two implementations
    /// compute the same quantities in a different order.
    func assertSame(_ a: Any, _ b: Any, path: String) {
        switch (a, b) {
        case (let x as [String: Any], let y as [String: Any]):
            XCTAssertEqual(Set(x.keys), Set(y.keys), path)
            for (k, v) in x { if let w = y[k] { assertSame(v, w, path: path + "." + k) } }
        case (let x as [Any], let y as [Any]):
            XCTAssertEqual(x.count, y.count, path)
            for (i, (v, w)) in zip(x, y).enumerated() { assertSame(v, w, path: path + "[\(i)]") }
        case (let x as String, let y as String):
            XCTAssertEqual(x, y, path)
        case (let x as NSNumber, let y as NSNumber):
            XCTAssertEqual(x.doubleValue, y.doubleValue, accuracy: 1e-9 * max(1, abs(y.doubleValue)), path)
        case (let x as Bool, let y as Bool):
            XCTAssertEqual(x, y, path)
        case (let x as Double, let y as Double):
            XCTAssertEqual(x, y, accuracy: 1e-9 * max(1, abs(y)), path)
        case (let x as Int, let y as Int):
            XCTAssertEqual(x, y, path)
        case (let x as NSNumber, let y as Double):
            XCTAssertEqual(x.doubleValue, y, accuracy: 1e-9 * max(1, abs(y)), path)
        case (let x as NSNumber, let y as Int):
            XCTAssertEqual(x.intValue, y, path)
            XCTAssertEqual(x.doubleValue, Double(y), path)
        case (let x as NSNumber, let y as Bool):
            XCTAssertEqual(x.boolValue, y, path)
        default:
            XCTFail("\(path): \(a) vs \(b)")
        }
    }

    // MARK: - Reading the files

    struct Frame {
        var t: Double
        var pan: String
        var pinch: String
        var rotation: String
        var zoom: Double
        var k: Double
        var rect: [Double]
        var angle: Double
        var box: [Double]
        var valid: Bool
        var animating: Bool
        var events: [String]
        var frame: Int
    }

    func frames(_ path: String) throws -> [Frame] {
        let items = try XCTUnwrap(try object(path)["frames"] as? [[String: Any]], path)
        return try items.map { f in
            Frame(
                t: try XCTUnwrap(f["t"] as? Double), pan: f["pan"] as? String ?? "", pinch: f["pinch"] as? String ?? "",
                rotation: f["rotation"] as? String ?? "", zoom: try XCTUnwrap(f["zoom"] as? Double),
                k: try XCTUnwrap(f["k"] as? Double),
                rect: try XCTUnwrap(f["imageRect"] as? [Double]), angle: try XCTUnwrap(f["angle"] as? Double),
                box: try XCTUnwrap(f["box"] as? [Double]), valid: try XCTUnwrap(f["valid"] as? Bool),
                animating: try XCTUnwrap(f["animating"] as? Bool), events: try XCTUnwrap(f["events"] as? [String]),
                frame: try XCTUnwrap(f["frame"] as? Int))
        }
    }

    func touches(_ path: String) throws -> [Int: [String: (at: (Double, Double), since: Int)]] {
        var out: [Int: [String: (at: (Double, Double), since: Int)]] = [:]
        for entry in try XCTUnwrap(try object(path)["frames"] as? [[String: Any]], path) {
            let frame = try XCTUnwrap(entry["frame"] as? Int)
            for gesture in ["pan", "pinch"] {
                guard let touch = entry[gesture] as? [String: Any] else { continue }
                let at = try XCTUnwrap(touch["at"] as? [Double])
                out[frame, default: [:]][gesture] = ((at[0], at[1]), try XCTUnwrap(touch["since"] as? Int))
            }
        }
        return out
    }
}

/// docs/compare.md's definitions, implemented again as plainly as possible from the trace's
/// fields (and the editor's zoom limits, constraint and viewport, which the trace does not hold).
private struct Independent {
    var frames: [CompareMetricsTests.Frame]
    var fingers: [Int: [String: (at: (Double, Double), since: Int)]]
    var fps: Double
    var longest: Int
    var editor: EditorConfig

    func corners(_ f: CompareMetricsTests.Frame) -> [(Double, Double)] {
        let cx = f.rect[0] + f.rect[2] / 2
        let cy = f.rect[1] + f.rect[3] / 2
        let a = f.angle * Double.pi / 180
        return [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { sx, sy in
            let dx = sx * f.rect[2] / 2
            let dy = sy * f.rect[3] / 2
            return (cx + dx * cos(a) - dy * sin(a), cy + dx * sin(a) + dy * cos(a))
        }
    }

    func distance(_ p: (Double, Double), _ q: (Double, Double)) -> Double { hypot(p.0 - q.0, p.1 - q.1) }

    /// The largest corner move from frame i - 1 to frame i.
    func step(_ i: Int) -> Double {
        let before = corners(frames[i - 1])
        let after = corners(frames[i])
        var worst = 0.0
        for c in 0..<4 { worst = max(worst, distance(before[c], after[c])) }
        return worst
    }

    var releases: [Int] {
        var out: [Int] = []
        for (i, f) in frames.enumerated() {
            let down = [f.pan, f.pinch, f.rotation].contains { $0 == "began" || $0 == "changed" }
            let lifts = f.events.contains { $0.hasSuffix(".ended") || $0.hasSuffix(".cancelled") || $0 == "tap.double" }
            if !down && lifts { out.append(i) }
        }
        return out
    }

    /// Image pixels of the shown (oriented) image: its rect's size over k, whole pixels.
    func pixels(_ f: CompareMetricsTests.Frame) -> (Double, Double) {
        ((f.rect[2] / f.k).rounded(), (f.rect[3] / f.k).rounded())
    }

    /// The half extents along the image's turned axes of a rect [x, y, w, h].
    func halfExtents(_ r: [Double], angle: Double) -> (Double, Double) {
        let a = angle * Double.pi / 180
        let c = abs(cos(a))
        let s = abs(sin(a))
        return ((r[2] * c + r[3] * s) / 2, (r[2] * s + r[3] * c) / 2)
    }

    var viewport: [Double] { [0, 0, editor.viewport.width, editor.viewport.height] }

    /// The zoom limits on a frame: `cover` is the smallest zoom whose covering rect can
    /// contain the target (the box, or the viewport for constraint viewport).
    func limits(_ f: CompareMetricsTests.Frame) -> (Double?, Double?) {
        let (iw, ih) = pixels(f)
        let base = f.k / f.zoom
        var low: Double?
        switch editor.zoom.min {
        case .value(let v)?: low = v
        case nil: low = nil
        case .cover?:
            let target = editor.constraint == .viewport ? viewport : f.box
            var coverK: Double
            if f.angle == 0 && editor.constraint == .viewport {
                coverK = min(viewport[2] / iw, viewport[3] / ih)  // the content box is the viewport at the fit
            } else {
                let (hu, hv) = halfExtents(target, angle: f.angle)
                coverK = max(2 * hu / iw, 2 * hv / ih)
            }
            low = coverK / base
        }
        if let l = low, let u = editor.zoom.max, l > u { low = u }
        return (low, editor.zoom.max)
    }

    func overshoot(_ f: CompareMetricsTests.Frame) -> Double {
        guard editor.constraint != .none else { return 0 }
        let target = editor.constraint == .viewport ? viewport : f.box
        let cx = f.rect[0] + f.rect[2] / 2
        let cy = f.rect[1] + f.rect[3] / 2
        let (iw, ih) = pixels(f)
        if f.angle == 0 {
            var w = f.rect[2]
            var h = f.rect[3]
            if editor.constraint == .viewport {
                let fit = min(viewport[2] / iw, viewport[3] / ih)
                w = viewport[2] / fit * f.k
                h = viewport[3] / fit * f.k
            }
            return max(
                0, (cx - w / 2) - target[0], (target[0] + target[2]) - (cx + w / 2), (cy - h / 2) - target[1],
                (target[1] + target[3]) - (cy + h / 2))
        }
        let a = f.angle * Double.pi / 180
        let dx = target[0] + target[2] / 2 - cx
        let dy = target[1] + target[3] / 2 - cy
        let du = dx * cos(a) + dy * sin(a)
        let dv = -dx * sin(a) + dy * cos(a)
        let (hu, hv) = halfExtents(target, angle: f.angle)
        return max(0, abs(du) - (iw * f.k / 2 - hu), abs(dv) - (ih * f.k / 2 - hv))
    }

    func imagePoint(_ p: (Double, Double), _ f: CompareMetricsTests.Frame) -> (Double, Double) {
        let cx = f.rect[0] + f.rect[2] / 2
        let cy = f.rect[1] + f.rect[3] / 2
        let a = -f.angle * Double.pi / 180
        let dx = p.0 - cx
        let dy = p.1 - cy
        return ((dx * cos(a) - dy * sin(a)) / f.k, (dx * sin(a) + dy * cos(a)) / f.k)
    }

    func viewPoint(_ u: (Double, Double), _ f: CompareMetricsTests.Frame) -> (Double, Double) {
        let cx = f.rect[0] + f.rect[2] / 2
        let cy = f.rect[1] + f.rect[3] / 2
        let a = f.angle * Double.pi / 180
        return (cx + f.k * (u.0 * cos(a) - u.1 * sin(a)), cy + f.k * (u.0 * sin(a) + u.1 * cos(a)))
    }

    var metrics: [String: Any] {
        let last = frames.count - 1
        let end = frames[last]
        var out: [String: Any] = [:]
        out["frames"] = frames.count
        out["finalValid"] = end.valid
        var invalid = frames.filter { !$0.valid }.count
        if !end.valid { invalid += longest - frames.count }
        out["framesInvalid"] = invalid
        out["framesInvalidShare"] = Double(invalid) / Double(longest)
        out["maxJump"] = frames.count > 1 ? (1...last).map(step).max()! : 0.0
        out["worstOvershoot"] = frames.map(overshoot).max()!
        out["zoomOvershoot"] = frames.map { f -> Double in
            let (low, high) = limits(f)
            var clamped = f.zoom
            if let low { clamped = max(clamped, low) }
            if let high { clamped = min(clamped, high) }
            return abs(log2(f.zoom / clamped))
        }.max()!
        let releases = self.releases
        if let first = releases.first {
            var peak = 0.0
            var i = first + 1
            while i <= last {
                peak = max(peak, step(i))
                i += 1
            }
            out["peakSpeedAfterRelease"] = peak * fps
            var flips = 0
            let channels: [(threshold: Double, value: (CompareMetricsTests.Frame) -> Double)] = [
                (0.05, { $0.rect[0] + $0.rect[2] / 2 }), (0.05, { $0.rect[1] + $0.rect[3] / 2 }),
                (1e-4, { log2($0.zoom) }),
            ]
            for (threshold, value) in channels {
                var direction = 0.0
                var j = first + 1
                while j <= last {
                    let move = value(frames[j]) - value(frames[j - 1])
                    if abs(move) >= threshold {
                        if direction != 0 && (move > 0) != (direction > 0) { flips += 1 }
                        direction = move
                    }
                    j += 1
                }
            }
            out["reversals"] = flips
        } else {
            out["peakSpeedAfterRelease"] = 0.0
            out["reversals"] = 0
        }
        if let r = releases.last {
            if end.animating {
                out["settleWithin"] = "never"
            } else {
                // The first frame from which every later frame stays near the last one.
                let endCorners = corners(end)
                var settled = last
                for i in stride(from: last, through: r, by: -1) {
                    let c = corners(frames[i])
                    let near =
                        (0..<4).allSatisfy { distance(c[$0], endCorners[$0]) <= 0.5 }
                        && abs(frames[i].zoom - end.zoom) <= 0.001 * end.zoom
                    if !near { break }
                    settled = i
                }
                out["settleWithin"] = Double(settled - r) / fps
            }
            // The animation: until the next gesture begins (a settle it stops ends there), or
            // the first frame from which nothing animates and nothing changes.
            var bound = frames.count
            for i in (r + 1)..<max(r + 1, frames.count)
            where frames[i].events.contains(where: { $0.hasSuffix(".began") }) {
                bound = i
                break
            }
            if frames[bound - 1].animating {
                out["animationEnds"] = bound == frames.count ? "never" as Any : Double(bound - r) / fps as Any
            } else {
                let hold = frames[bound - 1]
                var s = bound - 1
                while s > r && !frames[s - 1].animating && frames[s - 1].rect == hold.rect
                    && frames[s - 1].angle == hold.angle
                    && frames[s - 1].box == hold.box
                {
                    s -= 1
                }
                out["animationEnds"] = Double(s - r) / fps
            }
        } else {
            out["settleWithin"] = end.animating ? "never" as Any : 0.0 as Any
            out["animationEnds"] = end.animating ? "never" as Any : 0.0 as Any
        }
        var tracking = 0.0
        for (i, f) in frames.enumerated() {
            for (gesture, touch) in fingers[f.frame] ?? [:] {
                guard let began = frames.firstIndex(where: { $0.frame == touch.since }),
                    let landing = fingers[touch.since]?[gesture]?.at
                else { continue }
                let shown = viewPoint(imagePoint(landing, frames[began]), frames[i])
                tracking = max(tracking, distance(shown, touch.at))
            }
        }
        out["trackingError"] = tracking
        out["finalZoom"] = end.zoom
        out["finalCenter"] = [end.rect[0] + end.rect[2] / 2, end.rect[1] + end.rect[3] / 2]
        out["finalAngle"] = end.angle
        return out
    }
}
