import CropBitmap
import CropImageIO
import CropRender

/// The files one sequence of frames makes (docs/outputs.md, Animations): an APNG, a GIF, a
/// WebP and a contact sheet, each optional. `run` asks for them over a replay's frames,
/// `compare` over its side-by-side frames.
package struct AnimationFiles: Sendable {
    package var apng: String?
    package var gif: String?
    package var webp: String?
    /// Lossless frames in the WebP.
    package var webpLossless = false
    /// Ordered (Bayer 4x4) dithering in the GIF.
    package var gifDither = false
    package var sheet: ContactSheet?

    package init() {}
}

/// A contact sheet: some of the sequence's frames, shrunk, labelled, in a grid.
package struct ContactSheet: Sendable {
    package var path: String
    /// Each tile is its frame at 1/`shrink` of its width and height.
    package var shrink: Int
    /// Every `step`-th frame of the sequence, from its first.
    package var step: Int
    /// Columns; nil for about as many as rows.
    package var columns: Int?
    /// A tile's label, from its frame number.
    package var label: @Sendable (Int) -> String

    package init(
        path: String, shrink: Int, step: Int = 1, columns: Int? = nil, label: @escaping @Sendable (Int) -> String
    ) {
        self.path = path
        self.shrink = shrink
        self.step = step
        self.columns = columns
        self.label = label
    }
}

/// Writes `AnimationFiles` from a sequence of frames rendered a batch at a time: memory holds
/// one batch (and the sheet's tiles), never the whole sequence. A GIF's palette comes from
/// every frame, so it takes a first pass for the colours; that pass keeps its first batches
/// for the second, up to `cacheBytes`, when they spare at least a quarter of the second
/// pass's renders. A longer sequence keeps none: its first 192 MB (48 of 3000 frames of
/// 780x1688) spared 1.6% of the renders for the whole budget of memory, and were what held
/// `run --apng --gif`'s memory (258 MB at the peak where 141 MB had sufficed). Every file is
/// written through `AtomicFile`: nothing is in place until it is complete.
package struct AnimationWriter {
    /// Renders a batch of the sequence's frame numbers (in parallel), calls `each` with every
    /// frame as it is ready (from the rendering threads), and returns the frames in order.
    package typealias Render = ([Int], _ each: Each?) throws -> [RGBFrame]
    package typealias Each = @Sendable (Int, RGBFrame) throws -> Void

    package var files: AnimationFiles
    /// The sequence's frame numbers, in order.
    package var kept: [Int]
    package var fps: Int
    /// Each kept frame lasts this many frame periods (`--every`).
    package var every: Int
    /// The `--thumb` factor the frames were scaled by (size warnings suggest a smaller one).
    package var thumb: Double
    package var jobs: Int
    /// The scenario file, named when a WebP would not fit in memory.
    package var scenarioFile: String
    /// The first pass keeps at most this many bytes of frames for the second, and none when
    /// the sequence is more than four times as large.
    package var cacheBytes = 192 << 20

    package init(
        files: AnimationFiles, kept: [Int], fps: Int, every: Int, thumb: Double, jobs: Int, scenarioFile: String
    ) {
        self.files = files
        self.kept = kept
        self.fps = fps
        self.every = every
        self.thumb = thumb
        self.jobs = jobs
        self.scenarioFile = scenarioFile
    }

    var batchSize: Int { max(8, jobs * 4) }

    /// Writes every requested file, calling `each` once with every frame of the sequence.
    /// Returns one-line warnings for animations too large to share, naming each file as
    /// `shown` gives its path.
    package func write(render: Render, each: Each? = nil, shown: (String) -> String = { $0 }) throws -> [String] {
        let apngFile = try files.apng.map { try AtomicFile($0) }
        let gifFile = try files.gif.map { try AtomicFile($0) }
        let webpFile = try files.webp.map { try AtomicFile($0) }
        let jobs = self.jobs
        let loop: EncodeLoop = { count, body in try? Parallel.forEach(count: count, jobs: jobs) { body($0) } }
        let ticks = max(1, every)
        let starts = Array(stride(from: 0, to: kept.count, by: batchSize))
        func batch(_ start: Int) -> [Int] { Array(kept[start..<min(kept.count, start + batchSize)]) }

        var palette: GIFPalette?
        var cache: [Int: [RGBFrame]] = [:]
        if gifFile != nil {
            let histogram = try GIFPalette.Histogram()
            // Every frame of a sequence has the first one's size: the first batch tells
            // whether the budget covers a quarter of the sequence.
            var keep = true
            var cached = 0
            for start in starts {
                let frames = try render(batch(start), nil)
                for f in frames { histogram.add(f) }
                if let f = frames.first, f.pixels.count * kept.count > 4 * cacheBytes { keep = false }
                let bytes = frames.reduce(0) { $0 + $1.pixels.count }
                if keep && cached + bytes <= cacheBytes {
                    cache[start] = frames
                    cached += bytes
                }
            }
            palette = histogram.palette()
        }

        var apng: APNGWriter?
        var gif: GIFWriter?
        var webp: WebPWriter?
        var opened = false
        var tiles: [(RGBFrame, String)] = []
        for start in starts {
            let numbers = batch(start)
            let frames: [RGBFrame]
            if let cached = cache.removeValue(forKey: start) {
                frames = cached
                if let each {
                    try Parallel.forEach(count: numbers.count, jobs: jobs) { try each(numbers[$0], cached[$0]) }
                }
            } else {
                frames = try render(numbers, each)
            }
            guard let first = frames.first else { continue }
            if !opened {
                // Every frame of a sequence has the first one's size.
                opened = true
                let (width, height) = (first.width, first.height)
                apng = try apngFile.map { try APNGWriter(width: width, height: height, fps: fps, sink: $0) }
                if let gifFile, let palette {
                    gif = try GIFWriter(
                        width: width, height: height, fps: fps, sink: gifFile, palette: palette, dither: files.gifDither
                    )
                }
                if let webpFile {
                    try WebPBudget.check(
                        frames: kept.count, width: width, height: height, what: "\(scenarioFile): --webp")
                    webp = try WebPWriter(
                        width: width, height: height, fps: fps, sink: webpFile, lossless: files.webpLossless)
                }
            }
            try apng?.append(frames, ticks: ticks, loop: loop)
            try gif?.append(frames, ticks: ticks, loop: loop)
            try webp?.append(frames, ticks: ticks)
            if let sheet = files.sheet {
                for (i, f) in frames.enumerated() where (start + i) % sheet.step == 0 {
                    let tile = Downscale.resize(
                        f, width: max(1, f.width / sheet.shrink), height: max(1, f.height / sheet.shrink))
                    tiles.append((tile, sheet.label(numbers[i])))
                }
            }
        }
        try apng?.finish()
        try gif?.finish(loop: loop)
        try webp?.finish()
        var warnings: [String] = []
        for file in [apngFile, gifFile, webpFile].compactMap({ $0 }) {
            let bytes = file.count
            try file.commit()
            if let w = AnimationSize.warning(shown(file.path), bytes: bytes, every: every, thumb: thumb) {
                warnings.append(w)
            }
        }
        if let sheet = files.sheet {
            let columns = sheet.columns ?? max(1, Int(Double(tiles.count).squareRoot().rounded(.up)))
            try FileIO.writeAtomically(sheet.path, PNGCodec.encode(Tiling.sheet(tiles, columns: columns), .shared))
        }
        return warnings
    }
}

/// Animations larger than a pull request or chat wants: a one-line warning with a smaller
/// `--every` or `--thumb` that would bring them under the limit.
package enum AnimationSize {
    package static let limit = 20 * 1024 * 1024
    /// The scales `--thumb` takes (`run` and `compare`), declared once for the parsers and the help.
    package static let thumbRange = 0.01...1.0

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
