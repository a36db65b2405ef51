import CropBitmap
import CropEngine
import CropImageIO
import CropPipeline
import CropScenario
import Foundation

/// The golden folder of one scenario: `golden/<name>/trace.json` and `<snapshot>.png`.
package struct GoldenStore: Sendable {
    package let root: String
    package let name: String

    package init(root: String, name: String) {
        self.root = root
        self.name = name
    }

    package var folder: String { root + "/" + name }
    package var tracePath: String { folder + "/trace.json" }
    package func snapshotPath(_ snapshot: String) -> String { folder + "/\(snapshot).png" }

    /// Golden files are small; a larger one is damaged or not a golden.
    static let maxTraceBytes = 256 * 1024 * 1024
    static let maxImageBytes = 256 * 1024 * 1024

    package var exists: Bool { FileIO.exists(tracePath) }

    /// The recorded trace, or why it cannot be read.
    package func trace() throws(ReplayFailure) -> TraceFile {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(tracePath, limit: Self.maxTraceBytes) } catch { throw .unreadable(error) }
        do { return try TraceCodec.decode(bytes, file: tracePath) } catch {
            throw .golden(path: tracePath, problem: golden(error))
        }
    }

    /// A recorded snapshot (nil when absent) with its encoded bytes.
    package func snapshot(_ snapshot: String) throws(ReplayFailure) -> (frame: RGBFrame, bytes: [UInt8])? {
        let path = snapshotPath(snapshot)
        guard FileIO.exists(path) else { return nil }
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path, limit: Self.maxImageBytes) } catch { throw .unreadable(error) }
        do { return (try PNGCodec.decodeRGB(bytes), bytes) } catch {
            throw .golden(path: path, problem: "golden image is \(error.description)")
        }
    }

    private func golden(_ e: ScenarioError) -> String {
        if let place = e.place, !place.isEmpty { return "\(place): \(e.message)" }
        return e.message
    }
}
