import CropBitmap
import CropCompare
import CropEngine
import CropImageIO
import CropPipeline
import CropRender
import Foundation
import TestSupport
import XCTest

/// `AnimationWriter` writes what `run` and `compare` wrote with their own loops: each file
/// equals its encoder fed the whole sequence at once, whatever is cached between the GIF's
/// two passes, and the two commands' files equal their frames put through the encoders.
final class AnimationWriterTests: XCTestCase {
    /// A 24x16 frame with a square at a place that depends on `n`.
    static func frame(_ n: Int) -> RGBFrame {
        var f = RGBFrame(width: 24, height: 16)
        for y in 0..<16 {
            for x in 0..<24 {
                let inside = x >= n % 20 && x < n % 20 + 4 && y >= n % 12 && y < n % 12 + 4
                let i = (y * 24 + x) * 3
                f.pixels[i] = inside ? 220 : UInt8(x * 8)
                f.pixels[i + 1] = inside ? 40 : UInt8(y * 12)
                f.pixels[i + 2] = UInt8((n * 17) % 256)
            }
        }
        return f
    }

    func apng(_ frames: [RGBFrame], fps: Int, ticks: Int) throws -> [UInt8] {
        let buffer = ByteBuffer()
        let writer = try APNGWriter(width: frames[0].width, height: frames[0].height, fps: fps, sink: buffer)
        try writer.append(frames, ticks: ticks)
        try writer.finish()
        return buffer.bytes
    }

    func gif(_ frames: [RGBFrame], fps: Int, ticks: Int, dither: Bool = false) throws -> [UInt8] {
        let histogram = try GIFPalette.Histogram()
        for f in frames { histogram.add(f) }
        let buffer = ByteBuffer()
        let writer = try GIFWriter(
            width: frames[0].width, height: frames[0].height, fps: fps, sink: buffer,
            palette: try XCTUnwrap(histogram.palette()), dither: dither)
        try writer.append(frames, ticks: ticks)
        try writer.finish()
        return buffer.bytes
    }

    func webp(_ frames: [RGBFrame], fps: Int, ticks: Int, lossless: Bool = false) throws -> [UInt8] {
        let buffer = ByteBuffer()
        let writer = try WebPWriter(
            width: frames[0].width, height: frames[0].height, fps: fps, sink: buffer, lossless: lossless)
        try writer.append(frames, ticks: ticks)
        try writer.finish()
        return buffer.bytes
    }

    func sheet(_ tiles: [(RGBFrame, String)], columns: Int, shrink: Int) throws -> [UInt8] {
        let shrunk = tiles.map { f, label in
            (Downscale.resize(f, width: max(1, f.width / shrink), height: max(1, f.height / shrink)), label)
        }
        return try PNGCodec.encode(Tiling.sheet(shrunk, columns: columns), .shared)
    }

    func read(_ path: String) throws -> [UInt8] { try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) }

    func testEachFileIsItsEncoderOverTheWholeSequenceWhateverIsCached() throws {
        let batchBytes = 8 * 24 * 16 * 3
        // 12 frames (batches of 8 and 4 with 2 jobs): all batches kept between the passes,
        // the first only, none. 40 frames (5 batches): the budget of one batch spares less
        // than a quarter of the second pass, so nothing is kept; that of two batches, two.
        let cases = [
            (12, 192 << 20, 2), (12, batchBytes, 3), (12, 0, 4), (40, batchBytes, 10), (40, 2 * batchBytes, 8),
        ]
        for (count, cacheBytes, renders) in cases {
            let kept = Array(stride(from: 0, to: 2 * count, by: 2))
            let frames = kept.map(Self.frame)
            let dir = temporaryDirectory("animation-writer")
            var files = AnimationFiles()
            files.apng = dir + "/a.png"
            files.gif = dir + "/a.gif"
            files.webp = dir + "/a.webp"
            files.sheet = ContactSheet(path: dir + "/sheet.png", shrink: 2, step: 3, label: { "#\($0)" })
            var writer = AnimationWriter(
                files: files, kept: kept, fps: 30, every: 2, thumb: 1, jobs: 2, scenarioFile: "s.json")
            writer.cacheBytes = cacheBytes
            var batches = 0
            let seen = LockedDictionary<Int, Int>()
            let warnings = try writer.write(
                render: { batch, each in
                    batches += 1
                    let out = batch.map(Self.frame)
                    for (n, f) in zip(batch, out) { try each?(n, f) }
                    return out
                },
                each: { n, f in
                    XCTAssertEqual(f, Self.frame(n))
                    seen.set(n, (seen.get(n) ?? 0) + 1)
                })
            let label = "\(count) frames, cache \(cacheBytes)"
            XCTAssertEqual(warnings, [], label)
            XCTAssertEqual(batches, renders, label)
            XCTAssertEqual(kept.map { seen.get($0) }, kept.map { _ in 1 }, "\(label): each frame once")
            XCTAssertEqual(try read(dir + "/a.png"), try apng(frames, fps: 30, ticks: 2), label)
            XCTAssertEqual(try read(dir + "/a.gif"), try gif(frames, fps: 30, ticks: 2), label)
            XCTAssertEqual(try read(dir + "/a.webp"), try webp(frames, fps: 30, ticks: 2), label)
            // Every third position (0, 3, 6, 9 of 12: four tiles, two columns).
            let tiles = stride(from: 0, to: count, by: 3).map { (frames[$0], "#\(kept[$0])") }
            let columns = Int(Double(tiles.count).squareRoot().rounded(.up))
            XCTAssertEqual(try read(dir + "/sheet.png"), try sheet(tiles, columns: columns, shrink: 2), label)
            let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
            XCTAssertEqual(names, ["a.gif", "a.png", "a.webp", "sheet.png"], "\(label): no temporary file left")
        }
    }

    /// `run --apng --gif --webp-lossless --dither --sheet --every 2 --thumb 0.5`: the replay's
    /// kept frames scaled to half, through the encoders; the sheet's tiles a quarter of
    /// those, labelled with frame, time and phases.
    func testRunWritesItsFramesThroughTheEncoders() throws {
        let dir = temporaryDirectory("run-animations")
        let path = dir + "/r.json"
        try
            #"{"editor": {"viewport": {"width": 60, "height": 80}, "image": {"testcard": [120, 160]}, "frame": {"size": [40, 40]}}, "script": [{"pan": {"by": [30, 10], "duration": 0.2}}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let r = runCLI([
            "run", path, "--out", dir + "/out", "--apng", "--gif", "--webp-lossless", "--dither", "--sheet",
            "--every", "2", "--thumb", "0.5",
        ])
        XCTAssertEqual(r.code, 0, r.err)
        let loaded = try LoadedScenario.load(path: path)
        let trace = try loaded.replay()
        let session = RenderSession(loaded: loaded, trace: trace)
        let kept = Array(stride(from: 0, to: trace.frames.count, by: 2))
        let frames = kept.map { n in
            let f = session.render(frame: n)
            return Downscale.resize(
                f, width: Int((Double(f.width) * 0.5).rounded()), height: Int((Double(f.height) * 0.5).rounded()))
        }
        let out = dir + "/out/r"
        XCTAssertEqual(try read(out + "/animation.png"), try apng(frames, fps: 60, ticks: 2))
        XCTAssertEqual(try read(out + "/animation.gif"), try gif(frames, fps: 60, ticks: 2, dither: true))
        XCTAssertEqual(try read(out + "/animation.webp"), try webp(frames, fps: 60, ticks: 2, lossless: true))
        let first = trace.frames[kept[0]]
        XCTAssertEqual(first.frame, 0)
        let labels = kept.map { n -> String in
            let f = trace.frames[n]
            let t = String(format: "%.2f", (f.t * 100).rounded() / 100)
            func letter(_ p: RecognizerPhase) -> String {
                p == .possible ? "-" : p == .cancelled ? "X" : String(p.rawValue.prefix(1)).uppercased()
            }
            return "#\(n) \(t)s\nP:\(letter(f.pan)) Z:\(letter(f.pinch)) R:\(letter(f.rotation))"
        }
        let columns = Int(Double(kept.count).squareRoot().rounded(.up))
        XCTAssertEqual(
            try read(out + "/sheet.png"), try sheet(Array(zip(frames, labels)), columns: columns, shrink: 4))
    }

    /// `compare --every 2 --thumb 0.5 --webp`: each kept frame is the variants' frames at half
    /// size side by side (a shorter replay holds its last frame); the sheet every
    /// (frames / 12)-th of those at half size in three columns.
    func testCompareWritesTheSideBySideFramesThroughTheEncoders() throws {
        let dir = temporaryDirectory("compare-animations")
        let path = dir + "/c.json"
        try
            #"{"editor": {"viewport": {"width": 60, "height": 80}, "image": {"testcard": [120, 160]}, "frame": {"size": [40, 40]}, "policy": {"animation": {"curve": "linear", "duration": 0.1}}}, "script": [{"pan": {"by": [40, 0], "duration": 0.1}}, {"until": "settled"}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let r = runCLI([
            "compare", path, "--policies", "clamp,snapNearest", "--every", "2", "--thumb", "0.5", "--webp", "--out",
            dir,
        ])
        XCTAssertEqual(r.code, 0, r.err)
        let loaded = try LoadedScenario.load(path: path)
        let variants = try Variation.policy.variants(of: loaded.scenario.editor, values: ["clamp", "snapNearest"])
        let rows = try Comparison.rows(loaded, variants: variants)
        let sessions = zip(rows, variants).map { row, variant in
            var s = loaded.scenario
            s.editor = variant.editor
            return RenderSession(loaded: loaded.with(s), trace: row.trace)
        }
        let longest = rows.map(\.trace.frames.count).max() ?? 0
        XCTAssertNotEqual(rows[0].trace.frames.count, rows[1].trace.frames.count, "one replay holds its last frame")
        let kept = Array(stride(from: 0, to: longest, by: 2))
        let frames = kept.map { n in
            Tiling.sideBySide(
                zip(sessions, rows).map { session, row in
                    let f = session.render(frame: min(n, row.trace.frames.count - 1))
                    return Downscale.resize(f, width: f.width / 2, height: f.height / 2)
                }, titles: ["clamp", "snapNearest"])
        }
        let out = dir + "/c-compare"
        let fps = loaded.scenario.fps
        XCTAssertEqual(try read(out + "/comparison.png"), try apng(frames, fps: fps, ticks: 2))
        XCTAssertEqual(try read(out + "/comparison.gif"), try gif(frames, fps: fps, ticks: 2))
        XCTAssertEqual(try read(out + "/comparison.webp"), try webp(frames, fps: fps, ticks: 2))
        let step = max(1, kept.count / 12)
        let tiles = kept.indices.filter { $0 % step == 0 }.map { (frames[$0], "FRAME \(kept[$0])") }
        XCTAssertEqual(try read(out + "/sheet.png"), try sheet(tiles, columns: 3, shrink: 2))
    }
}
