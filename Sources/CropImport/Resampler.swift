import CropGeometry
import CropJSON

/// Turns a touch log into frames of finger positions (sample and hold): frame n, at time
/// t0 + n/fps (t0 = the first landing), holds for each finger down at that time
/// (`down <= t < up`) its latest position at or before it, fingers in landing order. A
/// finger that lands and lifts between two frame times shows on the first frame at or after
/// its landing, at its last position.
package struct Resampler {
    package var fps: Int
    package var mapping: PointMapping
    /// Keep at most this many fingers per frame (the first ones to land), or nil: more than
    /// two fingers is then an error.
    package var maxFingers: Int?
    /// The largest coordinate a scenario takes (points, either sign): a mapped position past
    /// it is an error naming the log's line and the mapping options.
    package var coordinateLimit: Double

    package init(fps: Int, mapping: PointMapping, maxFingers: Int? = nil, coordinateLimit: Double = 1_000_000) {
        self.fps = fps
        self.mapping = mapping
        self.maxFingers = maxFingers
        self.coordinateLimit = coordinateLimit
    }

    /// Every frame from the first landing to the last frame with a finger down.
    package func frames(_ log: TouchLog) throws(ImportError) -> [[Point]] {
        guard let t0 = log.contacts.map(\.down).min() else { throw ImportError(line: 1, "no touches in the log") }
        let f = Double(fps)
        // Every time within 100000 frames of the first landing (so frame numbers fit).
        for c in log.contacts {
            guard c.down.isFinite, c.up.isFinite, c.up >= c.down, (c.up - t0) * f <= 100_000 else {
                throw ImportError(line: c.line, "the recording is longer than 100000 frames at \(fps) fps")
            }
        }
        func time(_ n: Int) -> Double { t0 + Double(n) / f }
        /// The first frame at or after t.
        func firstFrame(atOrAfter t: Double) -> Int {
            var n = max(0, Int(((t - t0) * f).rounded(.down)) - 1)
            while time(n) < t { n += 1 }
            return n
        }
        // Each contact's frames: [first, last], and whether it is a short one (no frame time
        // inside its life).
        var spans: [(first: Int, last: Int, short: Bool)] = []
        var count = 0
        for c in log.contacts {
            let first = firstFrame(atOrAfter: c.down)
            let short = !(time(first) < c.up)
            let last = short ? first : firstFrame(atOrAfter: c.up) - 1
            spans.append((first, last, short))
            count = max(count, last + 1)
        }
        guard count <= 100_000 else {
            throw ImportError(line: 1, "the recording is longer than 100000 frames at \(fps) fps")
        }
        var out = [[Point]](repeating: [], count: count)
        var fingerCount = [Int](repeating: 0, count: count)
        for (c, span) in zip(log.contacts, spans) {
            for n in span.first...span.last {
                fingerCount[n] += 1
                if let maxFingers, out[n].count >= maxFingers { continue }
                let t = span.short ? c.up : time(n)
                let p = c.position(at: t)
                let m = mapping.map(p)
                guard m.x.isFinite, m.y.isFinite, abs(m.x) <= coordinateLimit, abs(m.y) <= coordinateLimit else {
                    throw ImportError(
                        line: c.line(at: t),
                        "the touch at (\(JSONNumber.format(p.x)), \(JSONNumber.format(p.y))) maps to"
                            + " (\(JSONNumber.format(m.x)), \(JSONNumber.format(m.y))) points\(mapping.optionsWords), outside the scenario's range of +-\(JSONNumber.format(coordinateLimit)): check the options"
                    )
                }
                out[n].append(m)
            }
        }
        if maxFingers == nil, let n = fingerCount.firstIndex(where: { $0 > 2 }) {
            let t = time(n) - t0
            throw ImportError(
                line: log.contacts.first { c in c.down <= time(n) && time(n) < c.up }?.line ?? 1,
                "\(fingerCount[n]) fingers down at \(formatSeconds(t)) s after the first touch: the engine"
                    + " simulates one and two (--max-fingers 2 keeps the first two)"
            )
        }
        return out
    }

    func formatSeconds(_ t: Double) -> String {
        let ms = (t * 1000).rounded() / 1000
        return "\(ms)"
    }
}
