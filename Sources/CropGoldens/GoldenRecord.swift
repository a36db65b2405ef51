import CropBitmap
import CropEngine
import CropImageIO
import CropPipeline
import CropScenario
import Foundation

/// What `record` did for one scenario.
public struct RecordResult: Sendable, Equatable {
    /// Whether the golden folder was created, updated or left unchanged.
    public enum Status: String, Sendable {
        /// The golden folder did not exist.
        case created
        /// Some golden files changed.
        case updated
        /// Every file already matched.
        case unchanged
    }
    /// The scenario's name.
    public var scenario: String
    /// The golden folder written.
    public var folder: String
    /// What `record` did.
    public var status: Status
    /// Golden files written (names inside the folder).
    public var files: [String]
    /// How the behaviour changed against the previous golden: trace and pixel mismatches.
    public var changes: [Mismatch]

    /// The lines `record` prints.
    public var lines: [String] {
        switch status {
        case .unchanged: return []
        case .created: return ["recorded \(scenario): new golden \(folder)/ (\(files.joined(separator: ", ")))"]
        case .updated:
            return ["updated \(scenario): \(folder)/ (\(files.joined(separator: ", ")))"]
                + changes.map { "  " + $0.description }
        }
    }
}

/// Writing goldens. A golden folder is replaced as a whole: the new files are written into a
/// hidden folder beside it, which then takes the old one's place, so an interrupted `record`
/// never leaves a folder that mixes old and new files.
package enum GoldenRecord {
    /// The files of a scenario's golden folder, rendered and encoded, before anything is written.
    package struct Prepared: Sendable {
        let loaded: LoadedScenario
        let store: GoldenStore
        let files: [(name: String, bytes: [UInt8])]
        let changes: [Mismatch]
        let existed: Bool
    }

    /// Replays, renders and encodes the golden files of one scenario and compares them with the
    /// current golden (for the report). Writes nothing.
    package static func prepare(
        _ loaded: LoadedScenario, goldenDir: String, onlyMissing: Bool, jobs: Int,
        scope: CheckScope = .all
    ) throws(ReplayFailure) -> Prepared {
        let scenario = loaded.scenario
        let trace = try loaded.replay()
        let store = GoldenStore(root: goldenDir, name: scenario.name)
        let existed = store.exists
        var previous: CheckResult?
        if existed {
            var options = CheckOptions()
            options.goldenDir = goldenDir
            options.jobs = jobs
            options.scope = scope
            previous = GoldenCheck.check(loaded, options: options)
        }
        var files: [(String, [UInt8])] = [("trace.json", Array(TraceCodec.encode(trace).utf8))]
        let session = RenderSession(loaded: loaded, trace: trace)
        var images = trace.snapshots.map { (name: $0.name, frame: $0.frame) }
        images += GoldenCheck.images(trace, scope: scope).filter { image in !images.contains { $0.name == image.name } }
        let rendered = session.render(frames: images.map(\.frame), jobs: jobs)
        for (name, frame) in images {
            guard let image = rendered[frame] else { continue }
            // A golden whose pixels already match keeps its bytes (encoders may differ byte-wise).
            if let old = try? store.snapshot(name), old.frame == image {
                files.append(("\(name).png", old.bytes))
                continue
            }
            do { files.append(("\(name).png", try PNGCodec.encode(image, .golden))) } catch {
                throw .internal("\(scenario.file): \(error)")
            }
        }
        if onlyMissing && existed {
            // Keep what exists; add only the absent files.
            files = files.map { file in
                let path = store.folder + "/" + file.0
                if let bytes = try? FileIO.read(path, limit: GoldenStore.maxImageBytes) { return (file.0, bytes) }
                return file
            }
        }
        let changes = previous?.mismatches.filter { if case .damaged = $0 { return false } else { return true } } ?? []
        return Prepared(loaded: loaded, store: store, files: files, changes: changes, existed: existed)
    }

    /// Writes a prepared golden folder (when anything differs) and says what it did.
    package static func write(_ p: Prepared) throws(ReplayFailure) -> RecordResult {
        let folder = p.store.folder
        var written: [String] = []
        for (name, bytes) in p.files {
            let old = try? FileIO.read(folder + "/" + name, limit: GoldenStore.maxImageBytes)
            if old != bytes { written.append(name) }
        }
        let wanted = Set(p.files.map(\.name))
        let extra =
            (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter {
                !$0.hasPrefix(".") && !wanted.contains($0)
            } ?? []
        let status: RecordResult.Status =
            !p.existed ? .created : (written.isEmpty && extra.isEmpty ? .unchanged : .updated)
        if status != .unchanged {
            do { try FileIO.replaceFolder(folder, with: p.files) } catch { throw .unwritable(error) }
        }
        return RecordResult(
            scenario: p.loaded.scenario.name, folder: folder, status: status,
            files: status == .created ? p.files.map(\.name) : written + extra.map { "\($0) (removed)" },
            changes: status == .updated ? p.changes : [])
    }
}
