import CropBitmap
import CropEngine
import CropImageIO
import CropRender
import Foundation

/// What `cropreplay run` writes for one scenario (docs/outputs.md).
package struct RunOptions: Sendable {
    package var outDir: String = "out"
    /// frames/NNNN.png for every kept frame.
    package var frames = false
    package var apng = false
    package var gif = false
    /// animation.webp (lossy unless `webpLossless`).
    package var webp = false
    package var webpLossless = false
    package var sheet = false
    /// Ordered (Bayer 4x4) dithering in animation.gif.
    package var dither = false
    /// Keep every N-th frame in sequences.
    package var every = 1
    /// Downscale factor for sequences, within `AnimationSize.thumbRange`.
    package var thumb = 1.0
    package var jobs = Parallel.defaultJobs
    /// Progress on stderr (only when it is a terminal).
    package var progress: (@Sendable (Int, Int) -> Void)?
    /// One-line warnings (an animation too large to share).
    package var warn: (@Sendable (String) -> Void)?
    package init() {}

    var wantsSequence: Bool { frames || apng || gif || webp || sheet }
}

package enum RunOutput {
    /// Replays, renders and writes trace.json, snapshots/, crops/ and the requested
    /// sequences. Returns the scenario's output folder.
    @discardableResult
    package static func run(_ loaded: LoadedScenario, options: RunOptions) throws(ReplayFailure) -> String {
        try run(loaded, trace: try loaded.replay(), options: options)
    }

    /// `run` for a replay already made: the outputs are staged, then published together
    /// (`StagedOutput`): a failure on the way leaves the scenario's folder as it was.
    @discardableResult
    package static func run(_ loaded: LoadedScenario, trace: Trace, options: RunOptions) throws(ReplayFailure) -> String
    {
        let output = try stage(loaded, trace: trace, options: options)
        try publish(output)
        return output.folder
    }

    /// Writes a scenario's outputs into a staged folder inside `DIR/<name>/`; nothing is
    /// visible until `publish`. Errors name the outputs' final paths, never the staged folder.
    package static func stage(_ loaded: LoadedScenario, trace: Trace, options: RunOptions) throws(ReplayFailure)
        -> StagedOutput
    {
        let folder = options.outDir + "/" + loaded.scenario.name
        let plan = SequencePlan(trace: trace, options: options, scale: loaded.scenario.editor.viewport.scale)
        try checkBudget(loaded, trace: trace, options: options)
        let output: StagedOutput
        do { output = try StagedOutput(folder: folder) } catch { throw .unwritable(error) }
        let dir = output.staged
        let shown: @Sendable (String) -> String = { path in
            path.hasPrefix(dir) ? folder + path.dropFirst(dir.count) : path
        }
        let session = RenderSession(loaded: loaded, trace: trace)
        do {
            try ReplayFailure.writingOutputs(of: loaded.scenario.file) {
                try FileIO.writeAtomically(dir + "/trace.json", TraceCodec.encode(trace))
                for crop in trace.crops {
                    try FileIO.writeAtomically(dir + "/" + crop.file, PNGCodec.encode(session.cropImage(crop), .shared))
                }
                // Snapshot frames are rendered into the encoder in parallel, then written by name.
                let snapFrames = Array(Set(trace.snapshots.map { $0.frame })).sorted()
                let encoded = LockedDictionary<Int, [UInt8]>()
                session.prepareLayers(snapFrames)
                try Parallel.forEach(count: snapFrames.count, jobs: options.jobs) { i in
                    encoded.set(snapFrames[i], session.renderPNG(frame: snapFrames[i]))
                }
                for snapshot in trace.snapshots {
                    let (name, frame) = (snapshot.name, snapshot.frame)
                    guard let png = encoded.get(frame) else { continue }
                    try FileIO.writeAtomically(dir + "/snapshots/\(name).png", png)
                }
                if options.wantsSequence {
                    try writeSequences(session, plan: plan, dir: dir, shown: shown, options: options)
                }
            }
        } catch {
            output.discard()
            if case .unwritable(let e) = error { throw .unwritable(FileError(path: shown(e.path), message: e.message)) }
            throw error
        }
        return output
    }

    /// Moves staged outputs into place (errors name the scenario's folder).
    package static func publish(_ output: StagedOutput) throws(ReplayFailure) {
        do { try output.publish() } catch { throw .unwritable(error) }
    }

    /// Refuses (before anything is written) a contact sheet that would not fit in memory:
    /// its tiles are a quarter of the frame a side; and an animated WebP, which is assembled
    /// in memory (`WebPBudget`). APNG and GIF stream and have no bound.
    package static func checkBudget(_ loaded: LoadedScenario, trace: Trace, options: RunOptions) throws(ReplayFailure) {
        let plan = SequencePlan(trace: trace, options: options, scale: loaded.scenario.editor.viewport.scale)
        if options.webp {
            try WebPBudget.check(
                frames: plan.kept.count, width: plan.size.0, height: plan.size.1,
                what: "\(loaded.scenario.file): --webp")
        }
        guard options.sheet else { return }
        try MemoryBudget.check(
            frames: plan.kept.count, width: max(1, plan.size.0 / 4), height: max(1, plan.size.1 / 4),
            what: "\(loaded.scenario.file): --sheet")
    }

    /// Which frames a sequence keeps and at what size.
    struct SequencePlan {
        let kept: [Int]
        let canvas: (Int, Int)
        let size: (Int, Int)
        init(trace: Trace, options: RunOptions, scale: Int) {
            kept = Array(stride(from: 0, to: trace.frames.count, by: max(1, options.every)))
            canvas = RunOutput.canvasSize(trace, kept: kept, scale: scale)
            size = (
                max(1, Int((Double(canvas.0) * options.thumb).rounded())),
                max(1, Int((Double(canvas.1) * options.thumb).rounded()))
            )
        }
    }

    /// frames/ and the animation files: frames/ alone straight from the renderer to the
    /// encoder; with animations or the sheet, through `AnimationWriter`, frames/ written as
    /// its frames go by.
    static func writeSequences(
        _ session: RenderSession, plan: SequencePlan, dir: String, shown: (String) -> String, options: RunOptions
    ) throws {
        let trace = session.trace
        let kept = plan.kept
        let canvas = plan.canvas
        let size = plan.size
        let digits = max(4, String(trace.frames.count - 1).count)
        let done = Counter()
        @Sendable func framePath(_ n: Int) -> String {
            let name = String(n)
            return dir + "/frames/" + String(repeating: "0", count: max(0, digits - name.count)) + name + ".png"
        }
        if options.frames && !(options.apng || options.gif || options.webp || options.sheet) && size == canvas {
            // Only frames/: each frame goes from the renderer to the encoder a band of rows
            // at a time (frames smaller than the canvas are padded whole, as below).
            session.prepareLayers(kept)
            try Parallel.forEach(count: kept.count, jobs: options.jobs) { i in
                let n = kept[i]
                let whole = session.size(of: n) == canvas
                try FileIO.writeAtomically(
                    framePath(n),
                    whole
                        ? session.renderPNG(frame: n)
                        : PNGCodec.encode(pad(session.render(frame: n), to: canvas), .fast))
                options.progress?(done.increment(), kept.count)
            }
            return
        }
        // Animations and the sheet: frames/ are written as the writer's frames go by.
        var files = AnimationFiles()
        files.apng = options.apng ? dir + "/animation.png" : nil
        files.gif = options.gif ? dir + "/animation.gif" : nil
        files.webp = options.webp ? dir + "/animation.webp" : nil
        files.webpLossless = options.webpLossless
        files.gifDither = options.dither
        if options.sheet {
            files.sheet = ContactSheet(path: dir + "/sheet.png", shrink: 4, label: { label(trace.frames[$0]) })
        }
        let writer = AnimationWriter(
            files: files, kept: kept, fps: trace.fps, every: options.every, thumb: options.thumb, jobs: options.jobs,
            scenarioFile: session.loaded.scenario.file)
        let warnings = try writer.write(
            render: { batch, each in
                // Each frame centred on the canvas and scaled to the sequence's size.
                let rendered = LockedDictionary<Int, RGBFrame>()
                try session.renderAll(batch, jobs: options.jobs) { n, frame in
                    let fitted = Downscale.resize(pad(frame, to: canvas), width: size.0, height: size.1)
                    try each?(n, fitted)
                    rendered.set(n, fitted)
                }
                return batch.compactMap { rendered.get($0) }
            },
            each: { n, fitted in
                if options.frames { try FileIO.writeAtomically(framePath(n), PNGCodec.encode(fitted, .fast)) }
                options.progress?(done.increment(), kept.count)
            }, shown: shown)
        for w in warnings { options.warn?(w) }
    }

    /// Two lines: `#12 0.20s` (frame and time) and the recognizers' phases by first letter
    /// (`P` pan, `Z` pinch, `R` rotation; `-` possible, `B` began, `C` changed, `E` ended,
    /// `X` cancelled), e.g. `P:C Z:- R:-`.
    static func label(_ f: FrameRecord) -> String {
        func letter(_ p: RecognizerPhase) -> String {
            switch p {
            case .possible: return "-"
            case .cancelled: return "X"
            default: return String(p.rawValue.prefix(1)).uppercased()
            }
        }
        let t = (f.t * 100).rounded() / 100
        let seconds = String(format: "%.2f", t)
        return "#\(f.frame) \(seconds)s\nP:\(letter(f.pan)) Z:\(letter(f.pinch)) R:\(letter(f.rotation))"
    }

    /// The largest frame size among the kept frames (viewports can change on resize).
    static func canvasSize(_ trace: Trace, kept: [Int], scale: Int) -> (Int, Int) {
        var w = 1
        var h = 1
        for n in kept {
            let f = trace.frames[n]
            w = max(w, Int((f.viewportWidth * Double(scale)).rounded()))
            h = max(h, Int((f.viewportHeight * Double(scale)).rounded()))
        }
        return (w, h)
    }

    /// Centres a smaller frame on a black canvas of the given size.
    static func pad(_ f: RGBFrame, to size: (Int, Int)) -> RGBFrame {
        if f.width == size.0 && f.height == size.1 { return f }
        var out = RGBFrame(width: size.0, height: size.1)
        Tiling.blit(f, into: &out, x: (size.0 - f.width) / 2, y: (size.1 - f.height) / 2)
        return out
    }
}
