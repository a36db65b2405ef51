import Foundation
import CropScenario
import CropEngine
import CropRender
import CropImageIO

/// What `cropreplay run` writes for one scenario (SPEC section 11).
public struct RunOptions: Sendable {
    public var outDir: String = "out"
    public var frames = false
    public var jobs = Parallel.defaultJobs
    public init() {}
}

public enum RunOutput {
    /// Replays, renders and writes trace.json, snapshots/, crops/ and (optionally) frames/.
    /// Returns the scenario's output folder.
    @discardableResult
    public static func run(_ loaded: LoadedScenario, options: RunOptions) throws(ReplayFailure) -> String {
        let trace = try loaded.replay()
        let dir = options.outDir + "/" + loaded.scenario.name
        let session = RenderSession(loaded: loaded, trace: trace)
        do {
            try FileIO.writeAtomically(dir + "/trace.json", TraceJSON.encode(trace))
            for crop in trace.crops {
                let png = try PNGCodec.encode(session.cropImage(crop), .golden)
                try FileIO.writeAtomically(dir + "/" + crop.file, png)
            }
            // Snapshots: each distinct frame rendered once.
            let snapFrames = Array(Set(trace.snapshots.map { $0.frame })).sorted()
            let rendered = LockedDictionary<Int, RGBFrame>()
            try session.renderAll(snapFrames, jobs: options.jobs) { n, frame in rendered.set(n, frame) }
            for (name, frame) in trace.snapshots {
                guard let image = rendered.get(frame) else { continue }
                try FileIO.writeAtomically(dir + "/snapshots/\(name).png", PNGCodec.encode(image, .fast))
            }
            if options.frames {
                let digits = max(4, String(trace.frames.count - 1).count)
                try session.renderAll(Array(0..<trace.frames.count), jobs: options.jobs) { n, frame in
                    let name = String(n)
                    let padded = String(repeating: "0", count: max(0, digits - name.count)) + name
                    try FileIO.writeAtomically(dir + "/frames/\(padded).png", PNGCodec.encode(frame, .fast))
                }
            }
        } catch let e as FileError {
            throw .badInput("cannot write output: \(e.description)")
        } catch let e as ImageError {
            throw .internal("\(loaded.scenario.file): \(e.description)")
        } catch let e as ReplayFailure {
            throw e
        } catch {
            throw .internal("\(loaded.scenario.file): \(error)")
        }
        return dir
    }
}

/// A dictionary behind a lock, for results gathered from worker threads.
public final class LockedDictionary<K: Hashable, V>: @unchecked Sendable {
    private var storage: [K: V] = [:]
    private let lock = NSLock()
    public init() {}
    public func set(_ key: K, _ value: V) { lock.lock(); storage[key] = value; lock.unlock() }
    public func get(_ key: K) -> V? { lock.lock(); defer { lock.unlock() }; return storage[key] }
}
