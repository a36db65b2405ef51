import CCropKernels
import CropBitmap
import CropCompare
import CropEngine
import CropFit
import CropGoldens
import CropImageIO
import CropPipeline
import CropRender
import CropScenario
// cropreplay-bench: measures the pipeline stage by stage and end to end, and
// compares with a Pillow peer when Python with Pillow and numpy is installed.
// Run: swift run -c release cropreplay-bench [--quick]
// (--trace: only the trace-only replay, and one per built-in policy)
import Foundation

let quick = CommandLine.arguments.contains("--quick")
let reps = quick ? 3 : 9

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// The best (smallest) milliseconds of `body` over `n` runs: on a shared machine the least
/// disturbed run estimates the cost; the Pillow peer reports its best run the same way.
func bestMs(_ n: Int = reps, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<n {
        let t = now()
        try body()
        best = min(best, Double(now() - t) / 1e6)
    }
    return best
}

func f(_ d: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", d) }

func scenarioText(_ preset: String, scale: Int, frames: Int) -> String {
    let seconds = Double(frames) / 60
    return """
        {"name": "bench", "preset": "\(preset)", "editor": {"viewport": {"width": 390, "height": 844, "scale":\
         \(scale)}},
         "script": [{"pan": {"by": [40, 25], "duration": \(seconds / 2)}}, {"snapshot": "mid"}, {"pinch":\
         {"scale": 1.3, "duration": \(seconds / 2)}}, {"snapshot": "end"}]}
        """
}

func load(_ text: String) -> LoadedScenario {
    do { return try LoadedScenario.load(text: text, file: "<bench>", name: "bench") } catch {
        print("bench scenario failed: \(error)")
        exit(3)
    }
}

let presets = Preset.all.map { $0.name }

/// A twist of 10 degrees at scale 3 (1170x2532 frames): the first frame upright, the last at 10 degrees.
let angleScenario = """
    {"name": "bench", "preset": "twist-doubletap", "editor": {"viewport": {"width": 390, "height": 844, "scale": 3}},
     "script": [{"rotation": {"by": 10, "at": [195, 422], "duration": 0.2}}, {"until": "settled"}]}
    """

/// The photo at an angle: the same 1170x2532 frame at a = 0 and a = 10 degrees (docs/scenarios.md).
/// Returns the two composite times (ms).
func printAngle() throws -> (upright: Double, atAngle: Double) {
    print("\n## Angle (twist-doubletap at scale 3: 1170x2532 frames; best of \(reps) runs, ms)\n")
    let angleLoaded = load(angleScenario)
    let angleTrace = try angleLoaded.replay()
    let angleSession = RenderSession(loaded: angleLoaded, trace: angleTrace)
    let turned = angleTrace.frames.count - 1
    let upright = bestMs { _ = angleSession.render(frame: 0) }
    let atAngle = bestMs { _ = angleSession.render(frame: turned) }
    let degrees = f(angleTrace.frames[turned].angle, 1)
    print("- composite at a = 0: \(f(upright, 2)) ms")
    print(
        "- composite at a = \(degrees): \(f(atAngle, 2)) ms = \(f(atAngle / upright, 2))x the upright frame"
            + " (the widest vector path)"
    )
    // The turned sampler's narrower paths on this CPU (the same bytes, chosen by CPUID).
    defer { _ = crk_set_wide_vectors(2) }
    for (level, name) in [(Int32(1), "AVX2, eight columns"), (0, "baseline, four columns")]
    where crk_set_wide_vectors(level) == level {
        let narrower = bestMs { _ = angleSession.render(frame: turned) }
        print("  - with the \(name) path: \(f(narrower, 2)) ms = \(f(narrower / upright, 2))x")
    }
    return (upright, atAngle)
}

// --angle: only the angle section.
if CommandLine.arguments.contains("--angle") {
    _ = try printAngle()
    exit(0)
}

// --decode: only scenario decoding (a 100000-frame `touches` scenario).
if CommandLine.arguments.contains("--decode") {
    try ScenarioDecoding.measure(reps: quick ? 3 : 5)
    exit(0)
}

// --formats: only the animation formats (APNG, GIF, WebP) on one clip; --tune adds WebP settings.
if CommandLine.arguments.contains("--formats") {
    _ = try AnimationFormats.measure(
        jobs: Parallel.defaultJobs, reps: quick ? 1 : 3, tune: CommandLine.arguments.contains("--tune"))
    exit(0)
}

// --animations: only the animations section (run's and compare's animation files).
if CommandLine.arguments.contains("--animations") {
    printAnimations()
    exit(0)
}

// --fit: only the fit of three parameters over three 2-second recordings.
if CommandLine.arguments.contains("--fit") {
    try FitTiming.measure(reps: quick ? 1 : 3)
    exit(0)
}

// --latency: only the playground's latency section.
if CommandLine.arguments.contains("--latency") {
    printLatency()
    exit(0)
}

// --loop STAGE PRESET [SCALE]: repeats one stage (composite, encode, decode, trace; tracejson,
// tracedecode and tracediff: the trace file's writer, reader and golden comparison; run,
// animations: run with --apng --gif --webp --sheet --thumb 0.5; compare: three policies) on a frame of
// PRESET (scale 3 unless given; "angle": the angle section's 10-degree frame) for 5 seconds, for a
// profiler.
if let i = CommandLine.arguments.firstIndex(of: "--loop"), i + 2 < CommandLine.arguments.count {
    let stage = CommandLine.arguments[i + 1]
    let scale = i + 3 < CommandLine.arguments.count ? Int(CommandLine.arguments[i + 3]) ?? 3 : 3
    // PRESET "angle": the last (10 degree) frame of the angle section's twist.
    let angle = CommandLine.arguments[i + 2] == "angle"
    let loaded = load(angle ? angleScenario : scenarioText(CommandLine.arguments[i + 2], scale: scale, frames: 30))
    let trace = try loaded.replay()
    let session = RenderSession(loaded: loaded, trace: trace)
    let shown = angle ? trace.frames.count - 1 : trace.frames.count / 2
    let frame = session.render(frame: shown)
    let golden = try PNGCodec.encode(frame, .golden)
    let traceBytes = Array(TraceCodec.encode(trace).utf8)
    let traceFile = try TraceCodec.decode(traceBytes, file: "<bench>")
    let start = now()
    var count = 0
    // The fastest single run too: on a shared machine the least disturbed run estimates the cost.
    var best = UInt64.max
    while now() - start < 5_000_000_000 {
        let runStart = now()
        defer { best = min(best, now() - runStart) }
        switch stage {
        case "encode": _ = try PNGCodec.encode(frame, .fast)
        case "trace": _ = try loaded.replay()
        case "tracejson": _ = TraceCodec.encode(trace)
        case "tracedecode": _ = try TraceCodec.decode(traceBytes, file: "<bench>")
        case "tracediff": _ = TraceDiff.compare(expected: traceFile, actual: TraceFile(trace))
        case "session": _ = RenderSession(loaded: loaded, trace: trace)
        case "run":
            var options = RunOptions()
            options.outDir = NSTemporaryDirectory() + "bench-loop-run"
            _ = try RunOutput.run(loaded, options: options)
        case "animations":
            var options = RunOptions()
            options.outDir = NSTemporaryDirectory() + "bench-loop-animations"
            (options.apng, options.gif, options.webp, options.sheet, options.thumb) = (true, true, true, true, 0.5)
            _ = try RunOutput.run(loaded, options: options)
        case "compare":
            let variants = try Variation.policy.variants(
                of: loaded.scenario.editor, values: ["clamp", "rubberBand", "snapNearest"])
            let rows = try Comparison.rows(loaded, variants: variants)
            _ = try ComparisonOutput.write(
                loaded, rows: rows, variants: variants, dir: NSTemporaryDirectory() + "bench-loop-compare",
                options: ComparisonOutput.Options())
        case "decode": _ = try PNGCodec.decodeRGB(golden)
        default: _ = session.render(frame: shown)
        }
        count += 1
    }
    print("\(stage): \(count) runs, \(f(5000 / Double(count), 2)) ms each, best \(f(Double(best) / 1e6, 3)) ms")
    exit(0)
}
/// Replays `text` with no rendering, best of `runs`, and prints one line under `label`.
func traceOnly(_ label: String, _ text: String, runs: Int = 3) throws {
    let loaded = load(text)
    var frames = 0
    let ms = try bestMs(runs) { frames = try loaded.replay().frames.count }
    print("\(label): \(frames) frames in \(f(ms)) ms = \(f(Double(frames) / ms * 1000, 0)) frames/s")
}

/// The trace-only scenario: 500 pans of one second each, back and forth and down.
let traceOnlyText: String = {
    var steps: [String] = []
    for i in 0..<500 { steps.append("{\"pan\": {\"by\": [\(i % 2 == 0 ? 30 : -30), 10], \"duration\": 1}}") }
    return "{\"preset\": \"circle-avatar-bounce\", \"script\": [\(steps.joined(separator: ","))]}"
}()

// --trace [NAME]: only the trace-only replay, then the same editor under each built-in policy with
// pans, pinches and twists that overshoot and come back (each released into its settle, which the
// next gesture stops). NAME: only that policy's line, or "pans" for the first line alone.
if let i = CommandLine.arguments.firstIndex(of: "--trace") {
    let only = i + 1 < CommandLine.arguments.count ? CommandLine.arguments[i + 1] : nil
    if only == nil || only == "pans" { try traceOnly("trace-only replay", traceOnlyText, runs: 10) }
    var steps: [String] = []
    for i in 0..<500 {
        let sign = i % 2 == 0 ? 1 : -1
        steps.append("{\"pan\": {\"by\": [\(60 * sign), 40], \"duration\": 0.5}}")
        steps.append("{\"pinch\": {\"scale\": \(i % 2 == 0 ? 0.5 : 2), \"duration\": 0.3}}")
        steps.append("{\"rotation\": {\"by\": \(10 * sign), \"duration\": 0.2}}")
    }
    for policy in PolicyKind.allCases where only == nil || only == policy.rawValue {
        let text = """
            {"preset": "circle-avatar-bounce", "editor": {"rotation": {"gesture": true},\
             "policy": {"kind": "\(policy)"}}, "script": [\(steps.joined(separator: ","))]}
            """
        try traceOnly("trace-only replay, \(policy)", text, runs: 10)
    }
    exit(0)
}

/// The frame layers (mask, border, grid, handles) of a dashed circle and a dashed rect at scale
/// 3 (1170x2532 pixels): built once per box geometry, and on every frame while a box is resized.
func printLayers() {
    print("\n## Frame layers (1170x2532 pixels, dashed borders; best of \(reps) runs, ms)\n")
    let cases = [
        ("circle-avatar-bounce (dashed circle)", #"{"preset": "circle-avatar-bounce"}"#),
        (
            "resizable-box-refit, dash [4, 4] (rect)",
            #"{"preset": "resizable-box-refit", "editor": {"border": {"width": 2, "dash": [4, 4]}}}"#
        ),
        (
            "rounded rect, radius 24, dash [6, 3]",
            #"{"preset": "resizable-box-refit", "editor": {"frame": {"shape": "roundedRect", "cornerRadius": 24}, "border": {"width": 2, "dash": [6, 3]}}}"#
        ),
    ]
    for (label, text) in cases {
        let editor = load(text).scenario.editor
        let rect = editor.frame.rect(viewportWidth: 390, viewportHeight: 844)
        var built: FrameLayers?
        let ms = bestMs {
            built = FrameLayers(editor: editor, scale: 3, viewportWidth: 390, viewportHeight: 844, frameRect: rect)
        }
        print("- \(label): \(f(ms, 2)) ms (border area \(f(built?.border?.totalArea ?? 0, 0)) px)")
    }
}

if CommandLine.arguments.contains("--layers") {
    printLayers()
    exit(0)
}

let cores = Parallel.defaultJobs
print("# cropreplay-bench (\(cores) cores\(quick ? ", quick" : ""))\n")

// 1. Trace-only replay.
try traceOnly("trace-only replay", traceOnlyText)
print()

struct Row {
    var preset: String
    var scale: Int
    var memcpy, composite, encFast, encZlib, encGolden, decode, decodeLibpng, compare: Double
    var bytesFast, bytesZlib, bytesGolden: Int
}
var rows: [Row] = []
var scratch = [UInt8](repeating: 1, count: 64 << 20)
var compositeByScale: [Int: [Double]] = [:]
for scale in [1, 2, 3] {
    for preset in presets {
        if scale == 2 && preset != presets[0] { continue }
        let loaded = load(scenarioText(preset, scale: scale, frames: 30))
        let trace = try loaded.replay()
        let session = RenderSession(loaded: loaded, trace: trace)
        let n = trace.frames.count / 2
        let frame = session.render(frame: n)
        let bytes = frame.pixels.count
        var copy = [UInt8](repeating: 0, count: bytes)
        // memcpy of the frame from and to memory that is not in cache (as a frame being
        // produced is not): a 64 MB scratch buffer is written between repetitions.
        var sink = 0
        var times: [Double] = []
        for _ in 0..<reps {
            scratch.withUnsafeMutableBytes { s in
                var i = 0
                while i < s.count {
                    s[i] = UInt8(truncatingIfNeeded: i &+ sink)
                    i += 64
                }
            }
            let t = now()
            copy.withUnsafeMutableBytes { d in frame.pixels.withUnsafeBytes { s in d.copyMemory(from: s) } }
            times.append(Double(now() - t) / 1e6)
            sink &+= Int(copy[bytes / 2])
        }
        if sink == -1 { print(sink) }
        let memcpyMs = times.min()!
        let composite = bestMs { _ = session.render(frame: n) }
        compositeByScale[scale, default: []].append(composite)
        if scale == 2 { continue }
        var fast: [UInt8] = []
        var zl: [UInt8] = []
        var golden: [UInt8] = []
        let encFast = try bestMs { fast = try PNGCodec.encode(frame, .fast) }
        let encZlib = try bestMs { zl = try PNGCodec.encode(frame, .zlibFast) }
        let encGolden = try bestMs(max(1, reps / 3)) { golden = try PNGCodec.encode(frame, .golden) }
        var decoded = RGBFrame(width: 1, height: 1)
        let decode = try bestMs { decoded = try PNGCodec.decodeRGB(golden) }
        let decodeLibpng = try bestMs { _ = try PNGCodec.decodeRGB(golden, fastPath: false) }
        let compare = bestMs { _ = ImageDiff.compare(expected: decoded, actual: frame, tolerance: 0) }
        rows.append(
            Row(
                preset: preset, scale: scale, memcpy: memcpyMs, composite: composite, encFast: encFast,
                encZlib: encZlib,
                encGolden: encGolden,
                decode: decode, decodeLibpng: decodeLibpng, compare: compare, bytesFast: fast.count,
                bytesZlib: zl.count,
                bytesGolden: golden.count))
    }
}

print("## Per frame (390x844 points; best of \(reps) runs, ms)\n")
print(
    "| preset | scale | memcpy | composite | composite / memcpy | encode fast (own) | MB/s | bytes | encode"
        + " zlib 1, Up | bytes | encode golden (9, Up) | bytes | decode golden (fast path) | decode golden (libpng) | compare |"
)
print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
for r in rows {
    let mb = Double(390 * r.scale * 844 * r.scale * 3) / 1e6
    print(
        "| \(r.preset) | \(r.scale) | \(f(r.memcpy, 2)) | \(f(r.composite, 2)) |"
            + " \(f(r.composite / r.memcpy, 1))x | \(f(r.encFast)) | \(f(mb / r.encFast * 1000, 0)) | \(r.bytesFast) | \(f(r.encZlib)) | \(r.bytesZlib) | \(f(r.encGolden)) | \(r.bytesGolden) | \(f(r.decode)) | \(f(r.decodeLibpng)) | \(f(r.compare, 2)) |"
    )
}

print("\n## Cost against pixels (composite, median over presets)\n")
for scale in [1, 2, 3] {
    let v = (compositeByScale[scale] ?? [0]).sorted()
    let ms = v[v.count / 2]
    let px = Double(390 * scale * 844 * scale)
    print("- scale \(scale): \(f(ms, 2)) ms/frame, \(f(ms * 1e6 / px, 2)) ns/pixel")
}

let (upright, atAngle) = try printAngle()
printLayers()

// End to end: run --frames and check, one job and all cores.
print("\n## End to end (circle-avatar-bounce at scale 3, 240 frames)\n")
let e2e = load(scenarioText("circle-avatar-bounce", scale: 3, frames: 238))
let e2eFrames = try e2e.replay().frames.count
var runFps: [Int: Double] = [:]
// One job and all cores alternate, and each keeps its best time (as everywhere here).
let jobCounts = Array(Set([1, cores])).sorted()
var bestMs: [Int: Double] = [:]
for _ in 0..<(quick ? 2 : 9) {
    for jobs in jobCounts {
        let dir = NSTemporaryDirectory() + "bench-\(UUID().uuidString)"
        var options = RunOptions()
        options.outDir = dir
        options.frames = true
        options.jobs = jobs
        let ms = try bestMs(1) { try RunOutput.run(e2e, options: options) }
        try? FileManager.default.removeItem(atPath: dir)
        bestMs[jobs] = min(bestMs[jobs] ?? .infinity, ms)
    }
}
for jobs in jobCounts {
    let ms = bestMs[jobs]!
    runFps[jobs] = Double(e2eFrames) / ms * 1000
    print(
        "- run --frames --jobs \(jobs): \(f(runFps[jobs]!)) frames/s (\(f(ms / Double(e2eFrames), 1))"
            + " ms/frame incl. trace, snapshots, crops)"
    )
}
if cores > 1, let one = runFps[1], let all = runFps[cores] { print("- all cores vs one job: \(f(all / one, 2))x") }
// check: render + decode golden + compare per snapshot.
let goldenDir = NSTemporaryDirectory() + "bench-golden-\(UUID().uuidString)"
_ = try GoldenRecord.write(GoldenRecord.prepare(e2e, goldenDir: goldenDir, onlyMissing: false, jobs: cores))
var checkOptions = CheckOptions()
checkOptions.goldenDir = goldenDir
let snapshots = 2.0
let replayMs = try bestMs { _ = try e2e.replay() }
var perSnapshot = 0.0
var bestCheck: [Int: Double] = [:]
for _ in 0..<(quick ? 3 : 9) {
    for jobs in jobCounts {
        checkOptions.jobs = jobs
        let ms = bestMs(1) { _ = GoldenCheck.check(e2e, options: checkOptions) }
        bestCheck[jobs] = min(bestCheck[jobs] ?? .infinity, ms)
    }
}
for jobs in jobCounts {
    let checkMs = bestCheck[jobs]!
    let per = (checkMs - replayMs) / snapshots
    if jobs == 1 { perSnapshot = per }
    print(
        "- check (2 snapshots, --jobs \(jobs)): \(f(checkMs)) ms, \(f(per)) ms per snapshot (render + decode"
            + " golden + compare) = \(f(1000 / per, 1)) snapshots/s"
    )
}
try? FileManager.default.removeItem(atPath: goldenDir)

printAnimations()

// The playground.
printLatency()

func printLatency() {
    print("\n## Playground latency (390x844 at scale 2: 780x1688 frames, 600 tick requests on one connection)\n")
    for preset in ["circle-avatar-bounce", "resizable-box-refit"] {
        if let l = PlaygroundLatency.measure(preset: preset, events: quick ? 200 : 600) {
            print(
                "- \(preset): server (request read -> last byte sent) p50"
                    + " \(f(PlaygroundLatency.percentile(l.server, 0.5), 2)) ms, p99 \(f(PlaygroundLatency.percentile(l.server, 0.99), 2)) ms; client round trip p50 \(f(PlaygroundLatency.percentile(l.roundTrip, 0.5), 2)) ms, p99 \(f(PlaygroundLatency.percentile(l.roundTrip, 0.99), 2)) ms; \(l.meanFrameBytes / 1024) KiB per frame"
            )
        } else {
            print("- \(preset): the playground server did not start")
        }
    }
}

// Peer.
print("\n## Peer: Pillow + numpy (Benchmarks/peer_pillow.py)\n")
let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("Benchmarks/peer_pillow.py").path
let p = Process()
p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
p.arguments = ["python3", script, "3", quick ? "3" : "5"]
let pipe = Pipe()
p.standardOutput = pipe
p.standardError = FileHandle.nullDevice
var peer: [String: Any]?
if (try? p.run()) != nil {
    p.waitUntilExit()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    peer = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
}
if let peer, peer["error"] == nil, let renderSave = peer["rect_render_save_ms"] as? Double,
    let check = peer["check_ms"] as? Double
{
    let r3 = rows.filter { $0.scale == 3 }
    let ours = r3.map { $0.composite + $0.encFast }.sorted()[r3.count / 2]
    print("- Pillow render + save (level 1), scale 3: \(f(renderSave)) ms/frame = \(f(1000 / renderSave, 2)) frames/s")
    print(
        "- CropReplay render + encode, one job, scale 3: \(f(ours)) ms/frame = \(f(1000 / ours, 1)) frames/s"
            + " -> \(f(renderSave / ours, 1))x"
    )
    if let one = runFps[1] {
        print(
            "- CropReplay run --frames (render + encode + write), one job: \(f(one, 1)) frames/s ->"
                + " \(f(one / (1000 / renderSave), 1))x"
        )
    }
    print(
        "- Pillow + numpy check (render + decode + compare): \(f(check)) ms; CropReplay: \(f(perSnapshot))"
            + " ms -> \(f(check / perSnapshot, 1))x"
    )
    if let turnedPeer = peer["rect_render_angle10_ms"] as? Double {
        print(
            "- Pillow composite at 10 degrees (AFFINE, BILINEAR, mask, border), scale 3: \(f(turnedPeer))"
                + " ms; CropReplay: \(f(atAngle, 2)) ms -> \(f(turnedPeer / atAngle, 1))x"
        )
    }
} else {
    let why = (peer?["error"] as? String) ?? "python3 did not run it"
    print("- peer not measured: \(why) (pip install pillow numpy to include it)")
}

/// Animations: run's and compare's, both through the one animation writer.
func printAnimations() {
    let e2e = load(scenarioText("circle-avatar-bounce", scale: 3, frames: 238))
    do {
        let e2eFrames = try e2e.replay().frames.count
        print("\n## Animations (every 2nd frame at half size; best of \(quick ? 2 : 5) runs)\n")
        let dir = NSTemporaryDirectory() + "bench-animations-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var options = RunOptions()
        options.outDir = dir
        (options.apng, options.gif, options.webp, options.sheet) = (true, true, true, true)
        (options.every, options.thumb) = (2, 0.5)
        let runMs = try bestMs(quick ? 2 : 5) { try RunOutput.run(e2e, options: options) }
        let kept = (e2eFrames + 1) / 2
        print(
            "- run --apng --gif --webp --sheet (circle-avatar-bounce at scale 3, \(kept) of \(e2eFrames) frames):"
                + " \(f(runMs)) ms = \(f(Double(kept) / runMs * 1000)) frames/s")
        let compared = load(scenarioText("circle-avatar-bounce", scale: 2, frames: 118))
        let variants = try Variation.policy.variants(
            of: compared.scenario.editor, values: ["clamp", "rubberBand", "snapNearest"])
        var compareOptions = ComparisonOutput.Options()
        compareOptions.every = 2
        var frames = 0
        let compareMs = try bestMs(quick ? 2 : 5) {
            let rows = try Comparison.rows(compared, variants: variants)
            frames = ((rows.map(\.trace.frames.count).max() ?? 0) + 1) / 2
            _ = try ComparisonOutput.write(compared, rows: rows, variants: variants, dir: dir, options: compareOptions)
        }
        print(
            "- compare --every 2 (3 policies side by side at scale 2 and half size, \(frames) frames, APNG, GIF, sheet):"
                + " \(f(compareMs)) ms = \(f(Double(frames) / compareMs * 1000)) frames/s")
    } catch {
        print("animations failed: \(error)")
        exit(3)
    }
}
