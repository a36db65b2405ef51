import CCropKernels
import CropBitmap

/// A streaming animated GIF writer. Frames arrive in order, a batch at a time.
///
/// Timing: browsers show a delay under 2 centiseconds as 10, so the GIF is sampled at 50
/// frames per second: slot j starts at 2j cs and shows the frame visible at that time;
/// the last slot shows the last frame and ends at the replay's end rounded to a
/// centisecond (so it lasts 2 or 3 cs, and the total is exact). Consecutive slots showing
/// the same picture merge into one longer GIF frame.
///
/// Pixels: every frame uses one palette (`GIFPalette`, built from all frames' colours before
/// the first is written), so a colour maps to the same index in every frame. Each GIF frame
/// after the first stores only the rectangle whose indices changed, with unchanged indices
/// transparent (disposal "do not dispose"): a pixel that does not change in the replay
/// never changes in the GIF. A batch's frames are mapped and compressed in parallel;
/// memory holds the batch and the previous frame's indices, whatever the frame count.
package final class GIFWriter {
    package let width: Int
    package let height: Int
    package let fps: Int
    package let dither: Bool
    package let palette: GIFPalette
    private let sink: ByteSink
    /// Arrived frames that later slots may still show, with their start in ticks and number.
    private var window: [(frame: RGBFrame, start: Int, number: Int)] = []
    private var arrived = 0
    private var totalTicks = 0
    private var nextSlot = 0
    /// The latest GIF frame, encoded, waiting for its length; its indices and source frame.
    private var pending: Encoded?
    private var pendingCentiseconds = 0
    private var shown: [UInt8]?
    private var shownNumber = -1
    private var finished = false

    /// A GIF frame without its graphic control extension (which holds the delay).
    struct Encoded: Sendable {
        var transparent: Int?
        var body: [UInt8]
    }

    package init(width: Int, height: Int, fps: Int, sink: ByteSink, palette: GIFPalette, dither: Bool = false) throws {
        guard width > 0, height > 0, width <= 65535, height <= 65535 else {
            throw ImageError.encodeFailed("GIF frames are 1 to 65535 pixels a side, got \(width)x\(height)")
        }
        guard fps > 0 else { throw ImageError.encodeFailed("GIF frame rate \(fps) is not positive") }
        self.width = width
        self.height = height
        self.fps = fps
        self.dither = dither
        self.palette = palette
        self.sink = sink
        var head: [UInt8] = Array("GIF89a".utf8) + GIFWriter.le16(width) + GIFWriter.le16(height) + [0x00, 0, 0]
        // Loop forever (NETSCAPE2.0).
        head += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
        try sink.write(head)
    }

    /// Adds frames (each `ticks` periods of 1/fps long), encoding them with `loop`.
    package func append(_ frames: [RGBFrame], ticks: Int, loop: EncodeLoop = serialLoop) throws {
        guard !finished else { throw ImageError.encodeFailed("the GIF is already finished") }
        guard ticks > 0 else { throw ImageError.encodeFailed("a frame lasts at least one tick") }
        for f in frames {
            guard f.width == width, f.height == height else {
                throw ImageError.encodeFailed(
                    "frames differ in size: \(f.width)x\(f.height), expected \(width)x\(height)")
            }
            window.append((f, totalTicks, arrived))
            arrived += 1
            totalTicks += ticks
        }
        // Slots that cannot be the last one: 2j + 4 <= the time known so far, in cs.
        let known = totalTicks * 100 / fps
        var slots: [(frame: RGBFrame, number: Int)] = []
        while 2 * nextSlot + 4 <= known {
            slots.append(visible(at: nextSlot))
            nextSlot += 1
        }
        try emit(slots, loop: loop)
        // Keep only frames a later slot can show.
        if let keep = window.lastIndex(where: { $0.start * 100 <= 2 * nextSlot * fps }) { window.removeFirst(keep) }
    }

    /// Writes the remaining slots, the last frame and the trailer.
    package func finish(loop: EncodeLoop = serialLoop) throws {
        guard !finished else { return }
        guard let lastFrame = window.last else { throw ImageError.encodeFailed("no frames") }
        let end = max(2, (totalTicks * 200 + fps) / (2 * fps))
        let slotCount = max(1, end / 2)
        var slots: [(frame: RGBFrame, number: Int)] = []
        while nextSlot < slotCount - 1 {
            slots.append(visible(at: nextSlot))
            nextSlot += 1
        }
        slots.append((lastFrame.frame, lastFrame.number))
        try emit(slots, loop: loop, lastLength: end - 2 * (slotCount - 1))
        finished = true
        guard let p = pending else { throw ImageError.encodeFailed("no frames") }
        try write(p, centiseconds: pendingCentiseconds)
        try sink.write([0x3B])
    }

    /// The frame visible at slot j's start: the last one starting at or before 2j cs.
    private func visible(at slot: Int) -> (frame: RGBFrame, number: Int) {
        let i = window.lastIndex { $0.start * 100 <= 2 * slot * fps } ?? 0
        return (window[i].frame, window[i].number)
    }

    /// Maps the slots' new source frames in parallel, merges repeated pictures, compresses
    /// the new ones in parallel and writes all but the newest (whose length may still grow).
    /// Each slot lasts 2 cs; the very last `lastLength`.
    private func emit(_ slots: [(frame: RGBFrame, number: Int)], loop: EncodeLoop, lastLength: Int? = nil) throws {
        // Slots in a row showing one source frame become one run.
        var runs: [(frame: RGBFrame, number: Int, cs: Int)] = []
        for (k, slot) in slots.enumerated() {
            let cs = k == slots.count - 1 ? (lastLength ?? 2) : 2
            if let last = runs.last, last.number == slot.number {
                runs[runs.count - 1].cs += cs
            } else if runs.isEmpty && slot.number == shownNumber {
                pendingCentiseconds += cs
            } else {
                runs.append((slot.frame, slot.number, cs))
            }
        }
        let maps = LoopResults<[UInt8]>(count: runs.count)
        let palette = self.palette
        let dither = self.dither
        let frames = runs.map(\.frame)
        loop(frames.count) { i in maps.set(i, palette.map(frames[i], dither: dither)) }
        // Runs whose indices repeat the previous picture's lengthen it.
        var distinct: [[UInt8]] = []
        var lengths: [Int] = []
        for (i, run) in runs.enumerated() {
            guard let m = maps.get(i) else { throw ImageError.encodeFailed("GIF frame mapping failed") }
            if let previous = distinct.last ?? shown, GIFWriter.sameIndices(previous, m) {
                if distinct.isEmpty { pendingCentiseconds += run.cs } else { lengths[lengths.count - 1] += run.cs }
            } else {
                distinct.append(m)
                lengths.append(run.cs)
            }
        }
        let results = LoopResults<Encoded>(count: distinct.count)
        let before = shown
        let (w, h) = (width, height)
        let transparent = palette.transparent
        let table = palette.table
        let batch = distinct
        loop(batch.count) { i in
            results.set(
                i,
                GIFWriter.encode(
                    batch[i], after: i == 0 ? before : batch[i - 1], width: w, height: h, transparent: transparent,
                    table: table))
        }
        for i in batch.indices {
            guard let encoded = results.get(i) else { throw ImageError.encodeFailed("GIF frame encoding failed") }
            if let p = pending { try write(p, centiseconds: pendingCentiseconds) }
            pending = encoded
            pendingCentiseconds = lengths[i]
        }
        if let newest = batch.last { shown = newest }
        if let last = runs.last { shownNumber = last.number }
    }

    /// The graphic control extension (delay, do not dispose, transparency) and the frame; a
    /// delay field is 16 bits, so longer frames continue as transparent 1x1 frames.
    private func write(_ e: Encoded, centiseconds: Int) throws {
        var left = centiseconds
        var frame = e
        while left > 0 {
            let d = min(left, 65535)
            var out: [UInt8] = [0x21, 0xF9, 0x04, 0x04 | (frame.transparent == nil ? 0 : 1)] + GIFWriter.le16(d)
            out += [UInt8(frame.transparent ?? 0), 0x00]
            out += frame.body
            try sink.write(out)
            left -= d
            // 1x1 at (0, 0), a two-entry table, index 1 transparent.
            frame = Encoded(
                transparent: 1, body: GIFWriter.body(x: 0, y: 0, width: 1, height: 1, palette: [0, 0], indices: [1]))
        }
    }

    /// The rectangle of `indices` that changed since `previous` (all of it for the first
    /// frame), unchanged indices transparent. Pure: safe to call from several threads.
    static func encode(
        _ indices: [UInt8], after previous: [UInt8]?, width: Int, height: Int, transparent: Int, table: [UInt8]
    )
        -> Encoded
    {
        var region = FrameRegion(x: 0, y: 0, width: width, height: height)
        if let previous {
            var x0 = 0
            var y0 = 0
            var x1 = 0
            var y1 = 0
            if crk_index_box(previous, indices, width, height, &x0, &y0, &x1, &y1) != 0 {
                region = FrameRegion(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            }
        }
        var data = [UInt8](repeating: 0, count: region.width * region.height)
        let replaced =
            previous.map { p in
                crk_index_region(
                    p, indices, width, region.x, region.y, region.width, region.height, Int32(transparent), &data)
            }
            ?? crk_index_region(
                nil, indices, width, region.x, region.y, region.width, region.height, Int32(transparent), &data)
        return Encoded(
            transparent: replaced > 0 ? transparent : nil,
            body: body(
                x: region.x, y: region.y, width: region.width, height: region.height, palette: table, indices: data))
    }

    /// Image descriptor, local colour table (padded to a power of two) and LZW data in sub-blocks.
    static func body(x: Int, y: Int, width: Int, height: Int, palette: [UInt8], indices: [UInt8]) -> [UInt8] {
        let entries = max(2, palette.count / 3)
        var bits = 1
        while (1 << bits) < entries { bits += 1 }
        var out: [UInt8] = [0x2C] + le16(x) + le16(y) + le16(width) + le16(height) + [0x80 | UInt8(bits - 1)]
        out += palette
        out += [UInt8](repeating: 0, count: 3 * (1 << bits) - palette.count)
        let minCode = max(2, bits)
        out.append(UInt8(minCode))
        let data = LZW.encode(indices, minCodeSize: minCode)
        var i = 0
        while i < data.count {
            let n = min(255, data.count - i)
            out.append(UInt8(n))
            out += data[i..<(i + n)]
            i += n
        }
        out.append(0)
        return out
    }

    /// Whether two index maps are equal, by one memcmp (an array's `==` compares element by
    /// element through generic code in a debug build).
    static func sameIndices(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                guard let x = pa.baseAddress, let y = pb.baseAddress else { return true }
                return crk_same_bytes(x, y, pa.count) != 0
            }
        }
    }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8((v >> 8) & 255)] }
}

/// GIF's variable-width LZW (the kernel is `crk_lzw_encode`).
package enum LZW {
    package static func encode(_ input: [UInt8], minCodeSize: Int) -> [UInt8] {
        let capacity = input.count * 2 + 16
        var out = [UInt8](repeating: 0, count: capacity)
        let n = input.withUnsafeBufferPointer { i in
            out.withUnsafeMutableBufferPointer {
                crk_lzw_encode(i.baseAddress, i.count, Int32(minCodeSize), $0.baseAddress, capacity)
            }
        }
        out.removeSubrange(max(0, n)...)
        return out
    }
}
