import CropJSON
import CropScenario

/// A failure of any stage of the pipeline, with its data and the exit code of
/// docs/commands.md (2 bad input, 3 internal). `description` is the one line the command line prints after `Error: `.
public enum ReplayFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The scenario is malformed or its script fails (decoding, the recognizer machine,
    /// an animation that never settles, an empty crop).
    case scenario(ScenarioError)
    /// An input file cannot be read (missing, a folder, too large, unreadable).
    case unreadable(FileError)
    /// An output file or folder cannot be written.
    case unwritable(FileError)
    /// The scenario's image cannot be loaded or decoded: the scenario file, the image path as
    /// written in it, and why.
    case image(scenario: String, image: String, problem: ImageProblem)
    /// A golden file is damaged: its path, and the place and problem in it.
    case golden(path: String, problem: String)
    /// Two scenarios share a name (their goldens and outputs would collide).
    case duplicateName(String, file: String, otherFile: String)
    /// A frame number outside the replay.
    case frameOutOfRange(Int, count: Int)
    /// Any other bad input, in words.
    case badInput(String)
    /// Something broke inside (exit 3).
    case `internal`(String)

    /// Why an image did not load.
    public enum ImageProblem: Sendable, Equatable, CustomStringConvertible {
        /// The file cannot be read.
        case unreadable(String)
        /// The bytes are not a usable image: the codec's words (`not a readable PNG: ...`).
        case undecodable(String)

        /// Why, in the codec's words.
        public var description: String {
            switch self {
            case .unreadable(let why), .undecodable(let why): return why
            }
        }
    }

    /// The one line the command line prints after `Error: `.
    public var description: String {
        switch self {
        case .scenario(let e): return e.description
        case .unreadable(let e): return e.description
        case .unwritable(let e): return "cannot write output: \(e.description)"
        case .image(let scenario, let image, .unreadable(let why)):
            return "\(scenario): editor.image.file: cannot load image \(JSONNode.quote(image)): \(why)"
        case .image(let scenario, let image, .undecodable(let why)):
            return "\(scenario): editor.image.file: image \(JSONNode.quote(image)) is \(why)"
        case .golden(let path, let problem): return "\(path): \(problem)"
        case .duplicateName(let name, let file, let other):
            return "\(file): name \"\(name)\" is also used by \(other); scenario names must be unique"
        case .frameOutOfRange(let n, let count): return "frame \(n) is outside 0..<\(count)"
        case .badInput(let m), .internal(let m): return m
        }
    }

    /// 2 for bad input or usage, 3 for internal errors.
    public var exitCode: Int32 {
        if case .internal = self { return 3 }
        return 2
    }

    /// Runs `body`, which writes the outputs of scenario `file`, and maps what it throws:
    /// a file that cannot be written is bad input (exit 2), a replay failure stays as it is,
    /// anything else (an encoder error, say) is internal (exit 3).
    package static func writingOutputs<T>(of file: String, _ body: () throws -> T) throws(ReplayFailure) -> T {
        do {
            return try body()
        } catch let e as FileError {
            throw .unwritable(e)
        } catch let e as ReplayFailure {
            throw e
        } catch {
            throw .internal("\(file): \(error)")
        }
    }
}
