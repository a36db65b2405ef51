import Foundation
import CropGeometry
import CropScenario
import CropEngine
import CropRender
import CropImageIO

/// A failure of any stage, with the exit code of SPEC section 13.
public enum ReplayFailure: Error, Sendable, CustomStringConvertible {
    /// Bad input or usage: exit 2.
    case badInput(String)
    /// Something broke inside: exit 3.
    case `internal`(String)

    public var description: String {
        switch self {
        case .badInput(let m), .internal(let m): return m
        }
    }
    public var exitCode: Int32 {
        switch self {
        case .badInput: return 2
        case .internal: return 3
        }
    }

    /// Runs `body`, which writes the outputs of scenario `file`, and maps what it throws:
    /// a file that cannot be written is bad input (exit 2), a replay failure stays as it is,
    /// anything else (an encoder error, say) is internal (exit 3).
    static func writingOutputs<T>(of file: String, _ body: () throws -> T) throws(ReplayFailure) -> T {
        do {
            return try body()
        } catch let e as FileError {
            throw .badInput("cannot write output: \(e.description)")
        } catch let e as ReplayFailure {
            throw e
        } catch let e as ImageError {
            throw .internal("\(file): \(e.description)")
        } catch {
            throw .internal("\(file): \(error)")
        }
    }
}

/// A scenario decoded from its file (or built in) together with its image.
public struct LoadedScenario: Sendable {
    public let scenario: Scenario
    public let image: RGBAImage

    public init(scenario: Scenario, image: RGBAImage) {
        self.scenario = scenario
        self.image = image
    }

    /// Reads, decodes and validates a scenario file and loads its image.
    public static func load(path: String) throws(ReplayFailure) -> LoadedScenario {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path, limit: 64 * 1024 * 1024) } catch { throw .badInput(error.description) }
        let file = (path as NSString).lastPathComponent
        let base = file.hasSuffix(".json") ? String(file.dropLast(5)) : file
        let dir = (path as NSString).deletingLastPathComponent
        let scenario: Scenario
        do {
            scenario = try ScenarioDecoder.decode(bytes: bytes, file: path, defaultName: base, directory: dir.isEmpty ? "." : dir)
        } catch {
            throw .badInput(error.description)
        }
        return try withImage(scenario)
    }

    /// Decodes scenario text (built-in scenarios) and loads its image.
    public static func load(text: String, file: String, name: String) throws(ReplayFailure) -> LoadedScenario {
        do {
            return try withImage(ScenarioDecoder.decode(text: text, file: file, defaultName: name))
        } catch let e as ReplayFailure {
            throw e
        } catch {
            throw .badInput("\(error)")
        }
    }

    /// Loads the scenario's image: the test card, or a PNG relative to the scenario file.
    public static func withImage(_ scenario: Scenario) throws(ReplayFailure) -> LoadedScenario {
        switch scenario.editor.image {
        case .testcard(let w, let h):
            return LoadedScenario(scenario: scenario, image: Testcard.image(width: w, height: h))
        case .file(let relative):
            let path = relative.hasPrefix("/") ? relative : scenario.directory + "/" + relative
            let place = "editor.image.file"
            let bytes: [UInt8]
            do { bytes = try FileIO.read(path, limit: 256 * 1024 * 1024) } catch {
                throw .badInput("\(scenario.file): \(place): cannot load image \(JSONNode.quote(relative)): \(error.message)")
            }
            do {
                let image = try PNGCodec.decode(bytes)
                return LoadedScenario(scenario: scenario, image: image)
            } catch {
                throw .badInput("\(scenario.file): \(place): image \(JSONNode.quote(relative)) is \(error.description)")
            }
        }
    }

    /// Replays the script (no rendering).
    public func replay() throws(ReplayFailure) -> Trace {
        do {
            return try Replayer.replay(scenario, imageWidth: image.width, imageHeight: image.height)
        } catch {
            throw .badInput(error.description)
        }
    }
}
