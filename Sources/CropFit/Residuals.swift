import CropEngine
import CropGeometry
import CropGoldens
import CropScenario

/// How far a replay is from what an app showed (docs/fit.md): on each recorded frame, the
/// distances between the photo's four corners as recorded and as the model shows them (the
/// rect turned by its angle about its centre), summed up per phase of the interaction and over
/// the whole recording, and the first frame where the two part by more than a tolerance.
package struct Residuals: Sendable {
    /// What the interaction does on a frame, as the model's replay says.
    package enum Phase: String, Sendable, CaseIterable {
        /// Fingers down and the photo valid: it follows the fingers.
        case following
        /// Fingers down past the edge or the zoom limits: the rubber band while dragging.
        case stretching
        /// Released and animating: the momentum and the settle after release.
        case returning
        /// Released, nothing animating.
        case resting

        /// How the honesty note names the phase.
        package var meaning: String {
            switch self {
            case .following: return "while the photo follows the fingers"
            case .stretching: return "while dragging past the edge (the rubber band)"
            case .returning: return "after release (the momentum and the settle)"
            case .resting: return "at rest"
            }
        }
    }

    /// One recorded frame's error.
    package struct FrameError: Sendable {
        package var frame: Int
        /// Seconds: frame / fps.
        package var time: Double
        /// The root mean square of the four corners' distances, in points.
        package var error: Double
        /// The largest of the four.
        package var worst: Double
        package var phase: Phase
    }

    /// Errors over a set of frames.
    package struct Summary: Sendable, Equatable {
        package var frames = 0
        package var sumSquares = 0.0
        /// The largest corner distance and its frame.
        package var max = 0.0
        package var maxFrame: Int?

        /// The root mean square of every corner distance, in points (0 for no frames).
        package var rms: Double { frames == 0 ? 0 : (sumSquares / Double(frames)).squareRoot() }

        mutating func add(_ e: FrameError) {
            frames += 1
            sumSquares += e.error * e.error
            if e.worst > max || maxFrame == nil {
                max = e.worst
                maxFrame = e.frame
            }
        }

        /// Several recordings' frames together.
        package static func + (a: Summary, b: Summary) -> Summary {
            var out = a
            out.frames += b.frames
            out.sumSquares += b.sumSquares
            if b.max > a.max || a.maxFrame == nil {
                out.max = b.max
                out.maxFrame = b.maxFrame
            }
            return out
        }
    }

    package var frames: [FrameError]
    package var overall: Summary
    /// Per phase, in `Phase.allCases` order (phases with no frame included, empty).
    package var phases: [Phase: Summary]
    /// The first recorded frame where a corner of the photo or of the box is more than the
    /// tolerance away, or the turns or the mirror differ; the field with the largest difference,
    /// recorded value first (as `conform` words it).
    package var departure: TraceDifference?
    /// Recorded frames past the replay's last frame (not compared).
    package var unmatched: Int

    /// Compares a replay with the recording, frame by frame where the recording has a frame
    /// (`findDeparture: false` leaves `departure` nil, for the search's many evaluations).
    package static func compare(
        _ trace: Trace, _ recorded: RecordedTrace, tolerance: Double = 1, findDeparture: Bool = true
    ) -> Residuals {
        var out = Residuals(frames: [], overall: Summary(), phases: [:], departure: nil, unmatched: 0)
        for r in recorded.frames {
            guard r.frame < trace.frames.count else {
                out.unmatched += 1
                continue
            }
            let m = trace.frames[r.frame]
            let a = corners(r.imageRect, angle: r.angle)
            let b = corners(m.imageRect, angle: m.angle)
            var sum = 0.0
            var worst = 0.0
            for i in 0..<4 {
                let d = (a[i] - b[i]).length
                sum += d * d
                worst = Swift.max(worst, d)
            }
            let e = FrameError(
                frame: r.frame, time: Double(r.frame) / Double(trace.fps), error: (sum / 4).squareRoot(), worst: worst,
                phase: phase(m))
            out.frames.append(e)
            out.overall.add(e)
            out.phases[e.phase, default: Summary()].add(e)
            if findDeparture, out.departure == nil {
                out.departure = difference(recorded: r, model: m, trace: trace, tolerance: tolerance, worst: worst)
            }
        }
        return out
    }

    /// The phase a model frame is in.
    static func phase(_ f: FrameRecord) -> Phase {
        if f.isTouching { return f.valid ? .following : .stretching }
        return f.animating ? .returning : .resting
    }

    /// The photo's corners: the rect turned by `angle` degrees clockwise about its centre,
    /// top-left first, clockwise.
    package static func corners(_ r: Rect, angle: Double) -> [Point] {
        let (s, c) = DetMath.sinCosDegrees(angle)
        let centre = r.center
        return [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { sx, sy in
            let dx = sx * r.width / 2
            let dy = sy * r.height / 2
            return Point(centre.x + dx * c - dy * s, centre.y + dx * s + dy * c)
        }
    }

    /// The departing field of a frame, if it departs: the turns or the mirror, else the number
    /// (a rect's value or the angle, weighed by how far it moves a corner) that differs most.
    static func difference(
        recorded r: RecordedTrace.Frame, model m: FrameRecord, trace: Trace, tolerance: Double, worst: Double
    ) -> TraceDifference? {
        func make(_ field: String, _ e: Double, _ a: Double) -> TraceDifference {
            TraceDifference(
                frame: r.frame, field: field, expected: .number(e), actual: .number(a),
                gesture: TraceDiff.gestureContext(
                    upTo: r.frame, frames: trace.frames.prefix(r.frame + 1).map(TraceFile.Frame.init)))
        }
        if r.turns != m.orientation.turns {
            return make(TraceField.turns.name, Double(r.turns), Double(m.orientation.turns))
        }
        if r.mirrored != m.orientation.mirrored {
            return TraceDifference(
                frame: r.frame, field: TraceField.mirrored.name, expected: .flag(r.mirrored),
                actual: .flag(m.orientation.mirrored), gesture: nil)
        }
        let boxWorst = zip(corners(r.box, angle: 0), corners(m.box, angle: 0)).map { ($0 - $1).length }.max() ?? 0
        guard worst > tolerance || boxWorst > tolerance else { return nil }
        let halfDiagonal =
            0.5 * (r.imageRect.width * r.imageRect.width + r.imageRect.height * r.imageRect.height).squareRoot()
        var candidates: [(String, Double, Double, Double)] = []
        let rects: [(String, Rect, Rect)] = [
            (TraceField.imageRect.name, r.imageRect, m.imageRect), (TraceField.box.name, r.box, m.box),
        ]
        for (name, a, b) in rects {
            for (part, x, y) in [("x", a.x, b.x), ("y", a.y, b.y), ("w", a.width, b.width), ("h", a.height, b.height)] {
                candidates.append(("\(name).\(part)", x, y, abs(y - x)))
            }
        }
        candidates.append(
            (TraceField.angle.name, r.angle, m.angle, abs(m.angle - r.angle) * Double.pi / 180 * halfDiagonal))
        let top = candidates.max { $0.3 < $1.3 } ?? candidates[0]
        return make(top.0, top.1, top.2)
    }
}
