import Foundation
import CropScenario
import CropEngine
import CropRender
import CropImageIO

/// Options of `cropreplay check`.
public struct CheckOptions: Sendable {
    public var goldenDir = "golden"
    public var tolerance = 0
    public var maxDiffRatio = 0.0
    public var artifactsDir: String?
    public var jobs = Parallel.defaultJobs
    public init() {}
}

/// The outcome of checking one scenario against its goldens.
public struct CheckResult: Sendable {
    public enum Status: String, Sendable { case passed, failed, stale, missing }
    public var scenario: String
    public var file: String
    public var status: Status
    /// Domain message first, then pixel figures; one entry per problem.
    public var problems: [String]
    /// Snapshot artifacts written: (snapshot, expected path, actual path, diff path).
    public var artifacts: [(snapshot: String, expected: String, actual: String, diff: String, figures: String)]
    public var frames: Int
}

public enum GoldenCheck {
    /// Checks one loaded scenario. Never writes into the golden folder.
    public static func check(_ loaded: LoadedScenario, options: CheckOptions) throws(ReplayFailure) -> CheckResult {
        let scenario = loaded.scenario
        let trace = try loaded.replay()
        let goldenDir = options.goldenDir + "/" + scenario.name
        var result = CheckResult(scenario: scenario.name, file: scenario.file, status: .passed, problems: [], artifacts: [], frames: trace.frames.count)
        let tracePath = goldenDir + "/trace.json"
        guard FileIO.exists(tracePath) else {
            result.status = .missing
            result.problems.append("no golden at \(tracePath) (run `cropreplay record \(scenario.file)`)")
            return result
        }
        let golden: JSONNode
        do {
            golden = try JSONParser.parse(bytes: FileIO.read(tracePath))
        } catch let e as JSONSyntaxError {
            throw .badInput("\(tracePath):\(e.line):\(e.column): \(e.message)")
        } catch {
            throw .badInput("\(error)")
        }
        if case .string(let hash)? = golden["scenarioHash"]?.value, hash != scenario.sourceHash {
            result.status = .stale
            result.problems.append("stale golden: \(tracePath) was recorded from a different text of \(scenario.file) (run `cropreplay record \(scenario.file)`)")
            return result
        }
        if case .string(let engine)? = golden["engine"]?.value, engine != EngineVersion.current {
            result.status = .stale
            result.problems.append("stale golden: \(tracePath) was recorded by \(engine), this is \(EngineVersion.current) (run `cropreplay record`)")
            return result
        }
        let actualNode: JSONNode
        do { actualNode = try JSONParser.parse(TraceJSON.encode(trace)) } catch { throw .internal("trace JSON does not parse: \(error.message)") }
        if let diff = TraceDiff.firstDifference(expected: golden, actual: actualNode) {
            result.status = .failed
            result.problems.append("trace: " + diff.message)
        }
        // Snapshots, compared in memory: nothing is encoded unless it fails.
        let session = RenderSession(loaded: loaded, trace: trace)
        let frames = Array(Set(trace.snapshots.map { $0.frame })).sorted()
        let rendered = LockedDictionary<Int, RGBFrame>()
        do {
            try session.renderAll(frames, jobs: options.jobs) { n, f in rendered.set(n, f) }
        } catch {
            throw .internal("\(error)")
        }
        for (name, frame) in trace.snapshots {
            guard let actual = rendered.get(frame) else { continue }
            let path = goldenDir + "/\(name).png"
            guard FileIO.exists(path) else {
                result.status = .failed
                result.problems.append("snapshot \"\(name)\" (frame \(frame)): no golden image at \(path) (run `cropreplay record`)")
                continue
            }
            let expected: RGBFrame
            let goldenBytes: [UInt8]
            do {
                goldenBytes = try FileIO.read(path)
                expected = try PNGCodec.decodeRGB(goldenBytes)
            } catch let e as ImageError {
                throw .badInput("\(path): golden image is \(e.description)")
            } catch {
                throw .badInput("\(error)")
            }
            let diff = ImageDiff.compare(expected: expected, actual: actual, tolerance: options.tolerance)
            let failed = diff.sizeMismatch != nil || diff.ratio > options.maxDiffRatio
            guard failed else { continue }
            result.status = .failed
            result.problems.append("snapshot \"\(name)\" (frame \(frame)): \(diff.summary)")
            if let dir = options.artifactsDir {
                let base = "\(dir)/\(scenario.name)/\(name)"
                do {
                    try FileIO.writeAtomically(base + ".expected.png", goldenBytes)
                    try FileIO.writeAtomically(base + ".actual.png", PNGCodec.encode(actual, .fast))
                    let picture = ImageDiff.picture(expected: RGBAImage(rgb: expected), actual: actual, tolerance: options.tolerance)
                    try FileIO.writeAtomically(base + ".diff.png", PNGCodec.encode(picture, .fast))
                } catch {
                    throw .badInput("cannot write artifacts: \(error)")
                }
                result.artifacts.append((name, "\(scenario.name)/\(name).expected.png", "\(scenario.name)/\(name).actual.png",
                                         "\(scenario.name)/\(name).diff.png", diff.summary))
            }
        }
        return result
    }

    /// Writes or updates the goldens of one scenario; returns lines saying what changed.
    public static func record(_ loaded: LoadedScenario, goldenDir: String, onlyMissing: Bool, jobs: Int) throws(ReplayFailure) -> [String] {
        let scenario = loaded.scenario
        let trace = try loaded.replay()
        let dir = goldenDir + "/" + scenario.name
        var changes: [String] = []
        func put(_ path: String, _ bytes: () throws -> [UInt8]) throws(ReplayFailure) {
            let exists = FileIO.exists(path)
            if exists && onlyMissing { return }
            do {
                let new = try bytes()
                if exists, let old = try? FileIO.read(path), old == new { return }
                try FileIO.writeAtomically(path, new)
                changes.append("\(exists ? "updated" : "created") \(path)")
            } catch let e as FileError {
                throw .badInput("cannot write golden: \(e.description)")
            } catch {
                throw .internal("\(error)")
            }
        }
        try put(dir + "/trace.json") { Array(TraceJSON.encode(trace).utf8) }
        let session = RenderSession(loaded: loaded, trace: trace)
        let frames = Array(Set(trace.snapshots.map { $0.frame })).sorted()
        let rendered = LockedDictionary<Int, RGBFrame>()
        do { try session.renderAll(frames, jobs: jobs) { n, f in rendered.set(n, f) } } catch { throw .internal("\(error)") }
        for (name, frame) in trace.snapshots {
            guard let image = rendered.get(frame) else { continue }
            let path = dir + "/\(name).png"
            // A golden whose pixels already match is left alone (encoders may differ byte-wise).
            if FileIO.exists(path), let old = try? PNGCodec.decodeRGB(FileIO.read(path)), old == image {
                continue
            }
            try put(path) { try PNGCodec.encode(image, .golden) }
        }
        return changes
    }
}
