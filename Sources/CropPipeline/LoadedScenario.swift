import CropBitmap
import CropEngine
import CropImageIO
import CropScenario
import Foundation

/// A scenario decoded from its file (or built in) together with its image.
package struct LoadedScenario: Sendable {
    package let scenario: Scenario
    package let image: RGBAImage
    /// The user's policies, curves and editor models the scenario may name.
    package let registrations: Registrations
    /// The registered editor model the replay drives (`--model`), or nil for the reference.
    package var model: String?
    /// The scenario's canonical hash (what traces and goldens record), computed once: the
    /// canonical form of a long script costs more than replaying it.
    package let scenarioHash: String

    package init(scenario: Scenario, image: RGBAImage, registrations: Registrations = .builtIn, model: String? = nil) {
        self.init(scenario, hash: scenario.sourceHash, image: image, registrations: registrations, model: model)
    }

    private init(_ scenario: Scenario, hash: String, image: RGBAImage, registrations: Registrations, model: String?) {
        self.scenario = scenario
        scenarioHash = hash
        self.image = image
        self.registrations = registrations
        self.model = model == Registrations.reference ? nil : model
    }

    /// The same image, registrations and model with another scenario (a comparison's variant).
    package func with(_ scenario: Scenario) -> LoadedScenario {
        LoadedScenario(scenario: scenario, image: image, registrations: registrations, model: model)
    }

    /// The same scenario driving another model (nil: the reference).
    package func driving(_ model: String?) -> LoadedScenario {
        LoadedScenario(scenario, hash: scenarioHash, image: image, registrations: registrations, model: model)
    }

    /// Reads, decodes and validates a scenario file and loads its image.
    package static func load(path: String, registrations: Registrations = .builtIn) throws(ReplayFailure)
        -> LoadedScenario
    {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path, limit: Limits.maxScenarioBytes) } catch { throw .unreadable(error) }
        let file = PathText.lastComponent(path)
        let base = file.hasSuffix(".json") ? String(file.dropLast(5)) : file
        let dir = PathText.parent(path)
        let scenario: Scenario
        do {
            scenario = try ScenarioDecoder.decode(
                bytes: bytes, file: path, defaultName: base, directory: dir.isEmpty ? "." : dir,
                extensions: registrations.names)
        } catch {
            throw .scenario(error)
        }
        return try withImage(scenario, registrations: registrations)
    }

    /// Decodes scenario text (built-in scenarios) and loads its image.
    package static func load(text: String, file: String, name: String, registrations: Registrations = .builtIn)
        throws(ReplayFailure)
        -> LoadedScenario
    {
        let scenario: Scenario
        do {
            scenario = try ScenarioDecoder.decode(
                text: text, file: file, defaultName: name, extensions: registrations.names)
        } catch {
            throw .scenario(error)
        }
        return try withImage(scenario, registrations: registrations)
    }

    /// Loads the scenario's image: the test card, or an image file relative to the scenario file.
    /// The scenario is a valid one: decoded (the decoder validates), or built in code and
    /// validated by the caller (`Replay.load`), so it is not validated a second time.
    package static func withImage(_ scenario: Scenario, registrations: Registrations = .builtIn) throws(ReplayFailure)
        -> LoadedScenario
    {
        switch scenario.editor.image {
        case .testcard(let w, let h):
            return LoadedScenario(
                scenario: scenario, image: Testcard.image(width: w, height: h), registrations: registrations)
        case .file(let relative):
            let path = relative.hasPrefix("/") ? relative : scenario.directory + "/" + relative
            let bytes: [UInt8]
            do { bytes = try FileIO.read(path, limit: Limits.maxImageFileBytes) } catch {
                throw .image(scenario: scenario.file, image: relative, problem: .unreadable(error.message))
            }
            do {
                return LoadedScenario(
                    scenario: scenario, image: try ImageDecoder.decode(bytes), registrations: registrations)
            } catch {
                throw .image(scenario: scenario.file, image: relative, problem: .undecodable(error.description))
            }
        }
    }

    /// Replays the script (no rendering). A crop larger than an image may be (a save at an
    /// angle outputs round(box / zoom) pixels, unbounded at a tiny zoom) is an error naming its
    /// `save` step, before anything allocates its pixels.
    package func replay() throws(ReplayFailure) -> Trace {
        let trace: Trace
        do {
            trace = try Replayer.replay(
                scenario, imageWidth: image.width, imageHeight: image.height, registrations: registrations,
                model: model, scenarioHash: scenarioHash)
        } catch {
            throw .scenario(error)
        }
        let tooLarge = { (c: CropRecord) in
            c.width > Limits.maxImageSide || c.height > Limits.maxImageSide
                || c.width * c.height > Limits.maxImagePixels
        }
        if let crop = trace.crops.first(where: tooLarge) {
            let step = scenario.script.first { if case .save(let s) = $0.kind { s.name == crop.name } else { false } }
            throw .scenario(
                ScenarioError(
                    file: scenario.file, place: step?.path,
                    message:
                        "frame \(crop.frame): the crop \"\(crop.name)\" would be"
                        + " \(crop.width)x\(crop.height) pixels; the limit is "
                        + "\(Limits.maxImageSide)x\(Limits.maxImageSide) and 100 MP (zoom in, or save at angle 0)"))
        }
        return trace
    }
}
