import CropBitmap
import CropEngine
import CropHTTP
import CropImageIO
import CropImport
// libFuzzer entry points. Built by Fuzz/run.sh with -sanitize=fuzzer and -DFUZZING;
// in a normal build this is a stub that says how to run it.
// CROPREPLAY_FUZZ_TARGET selects: scenario (decode + validate + expand + replay a
// few frames + render a few of them through small windows past every edge, with faces,
// handles and a grid: RenderWindows.swift), mutate (the same on valid scenarios mutated by
// a stream of choices: ScenarioMutator.swift), png (PNG and APNG decoding), jpeg (JPEG decoding
// through libjpeg-turbo and the EXIF orientation parser), cdp, webdriver and getevent (the
// import parsers and the resampler), session (an app's recording: parsed, made into a
// scenario, decoded and replayed), http (the playground's request parser), play (the
// playground's routes: a request line and body from the input, on one session), writers
// (APNG/GIF writers on random frames, read back and compared), numbers (scenarios built
// from extreme finite numbers: every trace must be JSON with finite numbers only).
import CropJSON
import CropPipeline
import CropPlay
import CropRender
import CropScenario

#if canImport(Glibc)
    import Glibc
#endif

enum FuzzTarget: String {
    case scenario, mutate, png, jpeg, writers, numbers, cdp, webdriver, getevent, session, http, play
}

/// Milliseconds on a monotonic clock.
func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
}

/// CROPREPLAY_FUZZ_VERBOSE=1 prints the time each phase takes and why the decoder refused a mutated scenario.
let verbose = getenv("CROPREPLAY_FUZZ_VERBOSE") != nil

func fuzzTarget() -> FuzzTarget {
    guard let raw = getenv("CROPREPLAY_FUZZ_TARGET") else { return .scenario }
    return FuzzTarget(rawValue: String(cString: raw)) ?? .scenario
}

func fuzzScenario(_ bytes: [UInt8]) {
    guard
        let scenario = try? ScenarioDecoder.decode(
            bytes: bytes, file: "fuzz.json", defaultName: "fuzz", directory: "/nonexistent")
    else {
        return
    }
    // The input's own bytes, read backwards, choose the windows to render.
    var choices = ByteChoices(bytes.reversed())
    replayAndRender(scenario, fullJSON: true, choices: &choices)
}

/// Replays a decoded scenario (a file image stands in as a 64 x 48 card), checks the trace is
/// finite JSON, and renders a few frames through small windows past every edge.
func replayAndRender(_ scenario: Scenario, fullJSON: Bool, choices: inout ByteChoices) {
    var w = 64
    var h = 48
    if case .testcard(let tw, let th) = scenario.editor.image {
        w = tw
        h = th
    }
    let start = now()
    guard let trace = try? Replayer.replay(scenario, imageWidth: w, imageHeight: h, frameLimit: 600) else { return }
    let replayed = now()
    // Encoding and parsing the trace costs more than the replay: the structure-aware target
    // does it for one input in eight and checks the numbers directly for the others.
    if fullJSON || choices.int(8) == 0 {
        assertFiniteJSON(TraceCodec.encode(trace))
    } else {
        for f in trace.frames {
            let numbers = [
                f.t, f.zoom, f.k, f.shown.cx, f.shown.cy, f.angle, f.imageRect.x, f.imageRect.y, f.imageRect.width,
                f.imageRect.height,
                f.mask, f.box.x, f.box.y, f.box.width, f.box.height, f.viewportWidth, f.viewportHeight,
            ]
            precondition(numbers.allSatisfy(\.isFinite), "frame \(f.frame) holds a number that is not finite")
        }
    }
    let encoded = now()
    renderWindows(scenario, trace: trace, imageWidth: w, imageHeight: h, choices: &choices)
    if verbose {
        print(
            "\(trace.frames.count) frames: replay \(replayed - start) ms, trace JSON \(encoded - replayed) ms, render \(now() - encoded) ms"
        )
    }
}

/// The structure-aware target: the bytes choose a base scenario and its mutations
/// (ScenarioMutator); whatever decodes is replayed and rendered like the scenario target's.
func fuzzMutate(_ bytes: [UInt8]) {
    var mutator = ScenarioMutator(choices: ByteChoices(bytes))
    guard let root = mutator.scenario() else { return }
    let text = root.serialized()
    let scenario: Scenario
    do { scenario = try ScenarioDecoder.decode(text: text, file: "mutated.json") } catch {
        if verbose { print("refused: \(error)") }
        return
    }
    var choices = ByteChoices(bytes.reversed())
    replayAndRender(scenario, fullJSON: false, choices: &choices)
}

/// The trace text is JSON (the strict parser rejects `inf` and `nan`) and every number in it is finite.
func assertFiniteJSON(_ text: String) {
    guard let root = try? JSONParser.parse(text) else { fatalError("a trace is not JSON") }
    func walk(_ n: JSONNode) {
        switch n.value {
        case .number(let d, _): precondition(d.isFinite, "a trace holds a number that is not finite")
        case .array(let items): items.forEach(walk)
        case .object(let members): members.forEach { walk($0.node) }
        default: break
        }
    }
    walk(root)
}

/// A scenario made of extreme finite numbers taken from the input's bytes (8 bytes each,
/// as IEEE bit patterns, non-finite ones skipped): pans, pinches, touches and raw events at
/// those values. Decoding may refuse them; whatever replays must write a finite trace.
func fuzzNumbers(_ bytes: [UInt8]) {
    var numbers: [Double] = []
    var i = 0
    while i + 8 <= bytes.count {
        var bits: UInt64 = 0
        for k in 0..<8 { bits = bits << 8 | UInt64(bytes[i + k]) }
        let d = Double(bitPattern: bits)
        if d.isFinite { numbers.append(d) }
        i += 8
    }
    guard numbers.count >= 4 else { return }
    func n(_ k: Int) -> String { JSONNumber.format(numbers[k % numbers.count]) }
    let noLimits = bytes[0] & 1 == 1 ? #", "zoom": {"min": null, "max": null}"# : ""
    let policy = ["rollback", "clamp", "rubberBand", "snapNearest", "none"][Int(bytes[1]) % 5]
    // Half the inputs also re-open a start state at extreme values.
    let start =
        bytes[0] & 2 == 2 ? #""start": {"angle": \#(n(17)), "zoom": \#(n(18)), "at": [\#(n(19)), \#(n(20))]},"# : ""
    let text = """
        {\(start)"editor": {"viewport": {"width": 64, "height": 48}, "image": {"testcard": [64, 48]}\(noLimits), "policy": {"kind": "\(policy)"}},
         "script": [
          {"pan": {"by": [\(n(0)), \(n(1))], "duration": 0.05, "velocity": [\(n(2)), \(n(3))]}},
          {"pinch": {"scale": \(n(4)), "at": [\(n(5)), \(n(6))], "duration": 0.05}},
          {"pinch": {"scale": \(n(7)), "duration": 0}},
          {"touches": [[[\(n(8)), \(n(9))], [\(n(10)), \(n(11))]], [[\(n(12)), \(n(13))]]]},
          {"events": [{"frame": 1, "gesture": "pinch", "phase": "began", "location": [\(n(14)), \(n(15))]},
                      {"frame": 2, "gesture": "pinch", "phase": "ended", "scale": \(n(16))}]},
          {"until": "settled"}]}
        """
    guard let scenario = try? ScenarioDecoder.decode(text: text, file: "numbers.json") else { return }
    guard let trace = try? Replayer.replay(scenario, imageWidth: 64, imageHeight: 48, frameLimit: 2000) else { return }
    assertFiniteJSON(TraceCodec.encode(trace))
}

func fuzzPNG(_ bytes: [UInt8]) {
    if let image = try? PNGCodec.decode(bytes) { precondition(image.pixels.count == image.width * image.height * 4) }
    _ = try? APNGReader.read(bytes)
    // The golden fast path (libdeflate), with every chunk CRC repaired so that damage
    // reaches the inflater instead of stopping at the CRC check.
    var repaired = bytes
    var at = 8
    while at + 12 <= repaired.count {
        let length = Int(PNGChunks.readBE32(repaired, at))
        guard length <= repaired.count - at - 12 else { break }
        let crc = PNGChunks.crc32(repaired[(at + 4)..<(at + 8 + length)]) ^ 0xFFFF_FFFF
        for (k, b) in PNGChunks.be32(crc).enumerated() { repaired[at + 8 + length + k] = b }
        at += 12 + length
    }
    if let frame = try? PNGCodec.decodeRGB(repaired) {
        precondition(frame.pixels.count == frame.width * frame.height * 3)
    }
}

func fuzzJPEG(_ bytes: [UInt8]) {
    // Any bytes after a JPEG signature: an error or an upright image of consistent size.
    let data = bytes.starts(with: [0xFF, 0xD8, 0xFF]) ? bytes : [0xFF, 0xD8, 0xFF] + bytes
    _ = ExifOrientation.read(data)
    if let image = try? ImageDecoder.decode(data) { precondition(image.pixels.count == image.width * image.height * 4) }
}

func fuzzImport(_ bytes: [UInt8], _ parse: (String) throws(ImportError) -> TouchLog) {
    // Any text: an error, or a log whose resampled frames hold at most two fingers each.
    guard let log = try? parse(String(decoding: bytes, as: UTF8.self)) else { return }
    if let frames = try? Resampler(fps: 60, mapping: PointMapping()).frames(log) {
        precondition(frames.allSatisfy { $0.count <= 2 })
    }
}

func fuzzSession(_ bytes: [UInt8]) {
    // Any text: an error, or a recording whose scenario decodes (or says why not) and replays
    // (or says why not); its frames are in increasing order, its callbacks on frames >= 1.
    guard let log = try? SessionLog.parse(String(decoding: bytes, as: UTF8.self)) else { return }
    precondition(zip(log.frames, log.frames.dropFirst()).allSatisfy { $0.frame < $1.frame })
    precondition(log.events.allSatisfy { $0.frame >= 1 })
    let text = log.scenarioText(name: "fuzz", preset: "circle-avatar-bounce", editorJSON: nil)
    guard let scenario = try? ScenarioDecoder.decode(text: text) else { return }
    _ = try? Replayer.replay(
        scenario, imageWidth: log.imageWidth, imageHeight: log.imageHeight, frameLimit: 2000, scenarioHash: "")
}

func fuzzHTTP(_ bytes: [UInt8]) {
    let parser = HTTPRequestParser()
    switch parser.parse(bytes) {
    case .incomplete: precondition(bytes.count <= parser.maxHead + parser.maxBody + 4)
    case .failure(let status, let reason): precondition(status >= 400 && status < 600 && !reason.isEmpty)
    case .request(let r, let consumed):
        precondition(consumed > 0 && consumed <= bytes.count && r.body.count <= parser.maxBody)
        precondition(r.path.hasPrefix("/") && !r.method.isEmpty)
        // The request alone parses to itself; the response head never carries a line break.
        guard case .request(let again, consumed)? = Optional(parser.parse(Array(bytes[0..<consumed]))) else {
            preconditionFailure("the request's own bytes parse differently")
        }
        precondition(again == r)
        let head = String(
            decoding: HTTPResponse(status: 200, headers: [("X", r.path + r.query)]).serialized(close: false),
            as: UTF8.self)
        precondition(head.components(separatedBy: "\r\n").count == 6)
    }
}

/// One session for every input (loading it per input would dominate the time).
nonisolated(unsafe) let playRoutes: PlayRoutes? = {
    guard
        let loaded = try? LoadedScenario.load(
            text: "{\"preset\": \"twist-doubletap\", \"script\": []}", file: "fuzz", name: "fuzz"),
        let session = try? PlaySession(base: loaded)
    else { return nil }
    return PlayRoutes(session: session)
}()

func fuzzPlay(_ bytes: [UInt8]) {
    guard let routes = playRoutes, let first = bytes.first else { return }
    let paths = [
        "/api/tick", "/api/button", "/api/editor", "/api/apply", "/api/reset", "/api/record", "/api/stop", "/api/state",
        "/",
        "/api/start",
    ]
    let path = paths[Int(first) % paths.count]
    let method = first & 0x80 != 0 ? "GET" : "POST"
    let response = routes.handle(HTTPRequest(method: method, path: path, body: Array(bytes.dropFirst())))
    precondition(
        response.status == 200 || (400..<500).contains(response.status), "status \(response.status) on \(path)")
    if let values = response.headers.first(where: { $0.0 == "X-Frame" })?.1 { assertFiniteJSON(values) }
}

func fuzzWriters(_ bytes: [UInt8]) {
    guard bytes.count >= 4 else { return }
    let w = 1 + Int(bytes[0] % 32)
    let h = 1 + Int(bytes[1] % 32)
    let count = 1 + Int(bytes[2] % 4)
    let fps = 1 + Int(bytes[3])
    var frames: [APNG.Input] = []
    var i = 4
    for _ in 0..<count {
        var f = RGBFrame(width: w, height: h)
        for p in 0..<f.pixels.count {
            f.pixels[p] = i < bytes.count ? bytes[i] : UInt8(truncatingIfNeeded: p)
            i += 1
        }
        frames.append(APNG.Input(frame: f, ticks: 1 + Int(bytes[(i / 7) % bytes.count] % 3)))
    }
    guard let apng = try? APNG.encode(frames, fps: fps), let anim = try? APNGReader.read(apng) else {
        fatalError("APNG writer failed on valid frames")
    }
    // Every decoded frame equals the last input frame it stands for.
    precondition(anim.frames.count == anim.controls.count && anim.frames.count <= frames.count)
    _ = try? GIF.encode(frames, fps: fps, dither: bytes[2] & 0x80 != 0)
}

/// Runs one input through the target CROPREPLAY_FUZZ_TARGET names.
func runTarget(_ bytes: [UInt8]) {
    switch fuzzTarget() {
    case .scenario: fuzzScenario(bytes)
    case .mutate: fuzzMutate(bytes)
    case .png: fuzzPNG(bytes)
    case .jpeg: fuzzJPEG(bytes)
    case .cdp: fuzzImport(bytes, CDPLog.parse)
    case .webdriver: fuzzImport(bytes, WebDriverLog.parse)
    case .getevent: fuzzImport(bytes, GeteventLog.parse)
    case .session: fuzzSession(bytes)
    case .writers: fuzzWriters(bytes)
    case .numbers: fuzzNumbers(bytes)
    case .http: fuzzHTTP(bytes)
    case .play: fuzzPlay(bytes)
    }
}

#if FUZZING
    // An executable target always has a Swift main, so it hands control to libFuzzer's
    // driver instead of relying on libFuzzer's own main.
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
    ) -> CInt

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        runTarget(Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }

    var fuzzArgc = CommandLine.argc
    var fuzzArgv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv, { data, size in fuzzOne(data, size) }))

#else
    // Without libFuzzer: run the files named on the command line through the target (to
    // reproduce a finding in a debug build); for `mutate`, print the scenario each one makes.
    let files = CommandLine.arguments.dropFirst()
    if files.isEmpty {
        print(
            "cropreplay-fuzz: build and run with Fuzz/run.sh (libFuzzer, -sanitize=fuzzer); or pass input files to replay them"
        )
    }
    for path in files {
        guard let bytes = try? FileIO.read(path, limit: 1 << 24) else {
            print("cropreplay-fuzz: cannot read \(path)")
            exit(2)
        }
        if fuzzTarget() == .mutate {
            var mutator = ScenarioMutator(choices: ByteChoices(bytes))
            print(mutator.scenario()?.serialized(indent: 2) ?? "(no base scenarios: run from the repository's root)")
        }
        runTarget(bytes)
        print("\(path): ran \(fuzzTarget().rawValue) without a failure")
    }
#endif
