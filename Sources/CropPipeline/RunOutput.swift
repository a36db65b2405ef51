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
    /// Downscale factor for sequences, in (0, 1].
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
        // Animations and the sheet: frames are rendered a batch at a time and streamed into
        // the encoders, so memory does not grow with the frame count (the sheet keeps its
        // quarter-size tiles). A GIF's palette comes from every frame: a first pass renders
        // the frames for their colours only.
        let loop: EncodeLoop = { count, body in try? Parallel.forEach(count: count, jobs: options.jobs) { body($0) } }
        let ticks = max(1, options.every)
        var palette: GIFPalette?
        // Frames the first pass keeps for the second when they are small (up to 192 MB).
        var cache: [RGBFrame]?
        if options.gif {
            let histogram = try GIFPalette.Histogram()
            let keep = kept.count * size.0 * size.1 * 3 <= 192 << 20
            var frames: [RGBFrame] = []
            try forEachBatch(session, kept, canvas: canvas, size: size, jobs: options.jobs) { _, batch in
                for f in batch { histogram.add(f) }
                if keep { frames += batch }
            }
            palette = histogram.palette()
            if keep { cache = frames }
        }
        let apngFile = options.apng ? try AtomicFile(dir + "/animation.png") : nil
        let gifFile = options.gif ? try AtomicFile(dir + "/animation.gif") : nil
        let webpFile = options.webp ? try AtomicFile(dir + "/animation.webp") : nil
        let webp = try webpFile.map {
            try WebPWriter(width: size.0, height: size.1, fps: trace.fps, sink: $0, lossless: options.webpLossless)
        }
        let apng = try apngFile.map { try APNGWriter(width: size.0, height: size.1, fps: trace.fps, sink: $0) }
        let gif =
            try gifFile.map { file in
                try palette.map {
                    try GIFWriter(
                        width: size.0, height: size.1, fps: trace.fps, sink: file, palette: $0, dither: options.dither)
                }
            } ?? nil
        var tiles: [(RGBFrame, String)] = []
        try forEachBatch(
            session, kept, canvas: canvas, size: size, jobs: options.jobs, cache: cache,
            each: { n, fitted in
                if options.frames { try FileIO.writeAtomically(framePath(n), PNGCodec.encode(fitted, .fast)) }
                options.progress?(done.increment(), kept.count)
            }
        ) { batch, frames in
            try apng?.append(frames, ticks: ticks, loop: loop)
            try gif?.append(frames, ticks: ticks, loop: loop)
            try webp?.append(frames, ticks: ticks)
            if options.sheet {
                for (n, f) in zip(batch, frames) {
                    tiles.append(
                        (
                            Downscale.resize(f, width: max(1, f.width / 4), height: max(1, f.height / 4)),
                            label(trace.frames[n])
                        ))
                }
            }
        }
        try apng?.finish()
        try gif?.finish(loop: loop)
        try webp?.finish()
        for file in [apngFile, gifFile, webpFile].compactMap({ $0 }) {
            let size = file.count
            try file.commit()
            if let w = AnimationSize.warning(shown(file.path), bytes: size, every: options.every, thumb: options.thumb)
            {
                options.warn?(w)
            }
        }
        if options.sheet {
            let columns = max(1, Int(Double(tiles.count).squareRoot().rounded(.up)))
            try FileIO.writeAtomically(
                dir + "/sheet.png", PNGCodec.encode(Tiling.sheet(tiles, columns: columns), .shared))
        }
    }

    /// Renders `kept` in batches (each batch in parallel), pads and scales each frame to
    /// `size`, calls `each` for every frame (from the rendering threads) and `body` with each
    /// batch in order. Memory holds one batch. With `cache` (the fitted frames of `kept`,
    /// from an earlier pass) nothing is rendered again.
    static func forEachBatch(
        _ session: RenderSession, _ kept: [Int], canvas: (Int, Int), size: (Int, Int), jobs: Int,
        cache: [RGBFrame]? = nil,
        each: (@Sendable (Int, RGBFrame) throws -> Void)? = nil, body: ([Int], [RGBFrame]) throws -> Void
    ) throws {
        let batchSize = max(8, jobs * 4)
        for start in stride(from: 0, to: kept.count, by: batchSize) {
            let batch = Array(kept[start..<min(kept.count, start + batchSize)])
            if let cache, cache.count == kept.count {
                let frames = Array(cache[start..<(start + batch.count)])
                try Parallel.forEach(count: batch.count, jobs: jobs) { i in try each?(batch[i], frames[i]) }
                try body(batch, frames)
                continue
            }
            let rendered = LockedDictionary<Int, RGBFrame>()
            try session.renderAll(batch, jobs: jobs) { n, frame in
                let fitted = Downscale.resize(pad(frame, to: canvas), width: size.0, height: size.1)
                try each?(n, fitted)
                rendered.set(n, fitted)
            }
            try body(batch, batch.compactMap { rendered.get($0) })
        }
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

/// Animations larger than a pull request or chat wants: a one-line warning with a smaller
/// `--every` or `--thumb` that would bring them under the limit.
package enum AnimationSize {
    package static let limit = 20 * 1024 * 1024

    package static func warning(_ path: String, bytes: Int, every: Int, thumb: Double) -> String? {
        guard bytes > limit else { return nil }
        let factor = Double(bytes) / Double(limit)
        let suggestedEvery = max(2, Int((Double(max(1, every)) * factor).rounded(.up)))
        let suggestedThumb = max(0.05, (thumb / factor.squareRoot() * 100).rounded(.down) / 100)
        return
            "warning: \(path) is \(bytes >> 20) MB, large for a pull request; try --every \(suggestedEvery)"
            + " or --thumb \(suggestedThumb)"
    }
}

/// Contact sheets keep their tiles in memory: refuse sizes that would not fit.
package enum MemoryBudget {
    package static let bytes = 4 << 30

    package static func check(frames: Int, width: Int, height: Int, what: String) throws(ReplayFailure) {
        let need = frames * width * height * 3
        guard need <= bytes else {
            throw .badInput(
                "\(what) would hold \(frames) frames of \(width)x\(height) pixels (\(need >> 20) MB) in"
                    + " memory; the limit is \(bytes >> 20) MB: use --every N or --thumb F"
            )
        }
    }
}

/// An animated WebP is assembled in memory (libwebp's encoder keeps every encoded frame until
/// the file is complete): refuse, before anything is written, animations whose frames total
/// more than `WebPWriter.memoryLimit` bytes uncompressed or whose side exceeds WebP's.
package enum WebPBudget {
    package static func check(frames: Int, width: Int, height: Int, what: String) throws(ReplayFailure) {
        guard width <= WebPWriter.maxSide, height <= WebPWriter.maxSide else {
            throw .badInput(
                "\(what): frames of \(width)x\(height) pixels exceed WebP's \(WebPWriter.maxSide) a side: use --thumb F"
            )
        }
        let need = frames * width * height * 3
        guard need <= WebPWriter.memoryLimit else {
            throw .badInput(
                "\(what) would assemble \(frames) frames of \(width)x\(height) pixels (\(need >> 20) MB"
                    + " uncompressed) in memory; the limit is \(WebPWriter.memoryLimit >> 20) MB: use --every N or --thumb F"
            )
        }
    }
}
