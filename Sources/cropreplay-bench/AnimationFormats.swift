import CropBitmap
import CropEngine
import CropImageIO
import CropPipeline
import CropScenario
import Foundation

/// `--formats`: APNG, GIF and WebP (lossy and lossless) of one clip side by side: bytes, PSNR
/// against the rendered frames and encode time (docs/outputs.md's table). The clip: 157
/// frames of a 390x844 circle-avatar replay (scale 1) of the 3000x2000 sample photo.
enum AnimationFormats {
    static let scenario = """
        {"name": "formats", "preset": "circle-avatar-bounce", "editor": {"viewport": {"width": 390, "height":\
         844, "scale": 1},
         "image": {"file": "photo.png"}},
         "script": [{"wait": 0.1}, {"pan": {"by": [120, 80], "duration": 0.6}}, {"pinch": {"scale": 1.8, "at":\
         [195, 422], "duration": 0.6}},
                    {"pan": {"by": [-150, -60], "duration": 0.6}}, {"wait": 0.65}]}
        """

    /// The clip's frames, rendered.
    static func frames(jobs: Int) throws -> (frames: [RGBFrame], fps: Int) {
        let decoded: Scenario
        do {
            decoded = try ScenarioDecoder.decode(
                text: scenario, file: "<formats>", defaultName: "formats", directory: ".")
        } catch {
            throw ReplayFailure.scenario(error)
        }
        let photo = SamplePhoto.image(width: 3000, height: 2000) { bands, draw in
            try? Parallel.forEach(count: bands, jobs: jobs) { draw($0) }
        }
        let loaded = LoadedScenario(scenario: decoded, image: photo)
        let trace = try loaded.replay()
        let session = RenderSession(loaded: loaded, trace: trace)
        let rendered = session.render(frames: Array(0..<trace.frames.count), jobs: jobs)
        return ((0..<trace.frames.count).compactMap { rendered[$0] }, trace.fps)
    }

    /// PSNR in dB of two frames of one size (infinity when equal).
    static func psnr(_ a: RGBFrame, _ b: RGBFrame) -> Double {
        var sum = 0
        a.pixels.withUnsafeBufferPointer { x in
            b.pixels.withUnsafeBufferPointer { y in
                for i in 0..<x.count {
                    let d = Int(x[i]) - Int(y[i])
                    sum += d * d
                }
            }
        }
        if sum == 0 { return .infinity }
        let mse = Double(sum) / Double(a.pixels.count)
        return 10 * log10(255 * 255 / mse)
    }

    /// For each source frame (each `1/fps` long), the PSNR of the decoded WebP frame on screen
    /// at its start.
    static func webpPSNR(_ bytes: [UInt8], frames: [RGBFrame], fps: Int) throws -> [Double] {
        let decoded = try WebPAnimation.decode(bytes)
        var k = 0
        var out: [Double] = []
        for (i, f) in frames.enumerated() {
            let start = WebPWriter.milliseconds(ticks: i, fps: fps)
            while k < decoded.count - 1 && decoded[k].endMs <= start { k += 1 }
            out.append(psnr(decoded[k].frame, f))
        }
        return out
    }

    struct Row {
        var format: String
        var bytes: Int
        var ms: Double
        var minPSNR: Double
        var meanPSNR: Double
    }

    static func webp(_ frames: [RGBFrame], fps: Int, lossless: Bool, quality: Float, method: Int32) throws -> [UInt8] {
        let buffer = ByteBuffer()
        let writer = try WebPWriter(
            width: frames[0].width, height: frames[0].height, fps: fps, sink: buffer, lossless: lossless,
            quality: quality,
            method: method)
        try writer.append(frames, ticks: 1)
        try writer.finish()
        return buffer.bytes
    }

    static func measure(jobs: Int, reps: Int, tune: Bool) throws -> [Row] {
        let (frames, fps) = try frames(jobs: jobs)
        let size = "\(frames[0].width)x\(frames[0].height)"
        print(
            "\n## Animation formats (\(frames.count) frames of \(size), 3000x2000 sample photo; best of"
                + " \(reps), --jobs \(jobs))\n"
        )
        let loop: EncodeLoop = { count, body in try? Parallel.forEach(count: count, jobs: jobs) { body($0) } }
        func best(_ body: () throws -> [UInt8]) rethrows -> ([UInt8], Double) {
            var out: [UInt8] = []
            var ms = Double.infinity
            for _ in 0..<reps {
                let t = DispatchTime.now().uptimeNanoseconds
                out = try body()
                ms = min(ms, Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6)
            }
            return (out, ms)
        }
        let batch = max(8, jobs * 4)
        let (apng, apngMs) = try best {
            let buffer = ByteBuffer()
            let w = try APNGWriter(width: frames[0].width, height: frames[0].height, fps: fps, sink: buffer)
            for s in stride(from: 0, to: frames.count, by: batch) {
                try w.append(Array(frames[s..<min(frames.count, s + batch)]), ticks: 1, loop: loop)
            }
            try w.finish()
            return buffer.bytes
        }
        var rows = [Row(format: "APNG", bytes: apng.count, ms: apngMs, minPSNR: .infinity, meanPSNR: .infinity)]
        var gifPalette: GIFPalette?
        let (gif, gifMs) = try best {
            let histogram = try GIFPalette.Histogram()
            for f in frames { histogram.add(f) }
            guard let palette = histogram.palette() else { throw ImageError.encodeFailed("no colours") }
            gifPalette = palette
            let buffer = ByteBuffer()
            let w = try GIFWriter(
                width: frames[0].width, height: frames[0].height, fps: fps, sink: buffer, palette: palette)
            for s in stride(from: 0, to: frames.count, by: batch) {
                try w.append(Array(frames[s..<min(frames.count, s + batch)]), ticks: 1, loop: loop)
            }
            try w.finish(loop: loop)
            return buffer.bytes
        }
        // The GIF shows each frame's nearest palette colours (no dithering).
        var gifPSNR: [Double] = []
        if let palette = gifPalette {
            for f in frames {
                let indices = palette.map(f, dither: false)
                var mapped = RGBFrame(width: f.width, height: f.height)
                for (i, index) in indices.enumerated() {
                    let c = palette.colors[Int(index)]
                    mapped.pixels[3 * i] = UInt8(c >> 16)
                    mapped.pixels[3 * i + 1] = UInt8((c >> 8) & 255)
                    mapped.pixels[3 * i + 2] = UInt8(c & 255)
                }
                gifPSNR.append(psnr(mapped, f))
            }
        }
        rows.append(
            Row(
                format: "GIF", bytes: gif.count, ms: gifMs, minPSNR: gifPSNR.min() ?? 0,
                meanPSNR: gifPSNR.reduce(0, +) / Double(max(1, gifPSNR.count))))
        var settings: [(String, Bool, Float, Int32)] = [
            (
                "WebP lossy (default: quality \(Int(WebPWriter.defaultQuality)), method \(WebPWriter.defaultMethod))",
                false,
                WebPWriter.defaultQuality, WebPWriter.defaultMethod
            ),
            ("WebP lossless (--webp-lossless)", true, 75, WebPWriter.defaultMethod),
        ]
        if tune {
            for q in [70, 80, 90] as [Float] {
                for m in [0, 2, 4] as [Int32] { settings.append(("WebP q\(Int(q)) m\(m)", false, q, m)) }
            }
        }
        for (name, lossless, quality, method) in settings {
            let (bytes, ms) = try best {
                try webp(frames, fps: fps, lossless: lossless, quality: quality, method: method)
            }
            let p = try webpPSNR(bytes, frames: frames, fps: fps)
            rows.append(
                Row(
                    format: name, bytes: bytes.count, ms: ms, minPSNR: p.min() ?? 0,
                    meanPSNR: p.reduce(0, +) / Double(max(1, p.count))))
        }
        func db(_ v: Double) -> String { v.isInfinite ? "lossless" : String(format: "%.1f dB", v) }
        print("| format | bytes | / APNG | min PSNR | mean PSNR | encode ms | / APNG |")
        print("|---|---|---|---|---|---|---|")
        for r in rows {
            print(
                "| \(r.format) | \(r.bytes) |"
                    + " \(String(format: "%.3f", Double(r.bytes) / Double(apng.count)))x | \(db(r.minPSNR)) | \(db(r.meanPSNR)) | \(String(format: "%.0f", r.ms)) | \(String(format: "%.2f", r.ms / apngMs))x |"
            )
        }
        return rows
    }
}
