import CropEngine
import CropImport
import CropJSON
import CropPipeline
import CropScenario

/// A recording of an app's crop screen made into what CropReplay replays and compares
/// (`cropreplay import session`): the scenario of its callbacks and the frames it showed.
package struct SessionImport: Sendable {
    /// The scenario file's text.
    package var scenarioText: String
    package var recorded: RecordedTrace
    package var log: SessionLog
    /// The scenario, decoded and replayed once (it replays: checked before anything is written).
    package var loaded: LoadedScenario

    /// Parses the recording `text` (from `file`, named in errors with the record's line) and
    /// makes the scenario `name` on `preset` and the editor keys of `editor` (an object), with
    /// the recording's viewport size and a test card of its photo's size.
    package init(
        recording text: String, file: String, name: String, preset: String?, editor: JSONNode?,
        directory: String = ".", registrations: Registrations = .builtIn
    ) throws(ReplayFailure) {
        do { log = try SessionLog.parse(text) } catch { throw .badInput("\(file):\(error.description)") }
        scenarioText = log.scenarioText(name: name, preset: preset, editorJSON: editor)
        recorded = RecordedTrace(name: name, log: log)
        let scenario: Scenario
        do {
            scenario = try ScenarioDecoder.decode(
                text: scenarioText, file: file, defaultName: name, directory: directory, extensions: registrations.names
            )
        } catch {
            if let place = error.place, place.hasPrefix("editor") {
                throw .badInput("\(file): the editor: \(place): \(error.message)")
            }
            throw .badInput(
                "\(file): the recorded callbacks do not make a valid scenario: \(Self.naming(error.description, log))")
        }
        loaded = try LoadedScenario.withImage(scenario, registrations: registrations)
        do { _ = try loaded.replay() } catch {
            throw .badInput("\(file): the recorded callbacks do not replay: \(naming(error.description))")
        }
    }

    /// An engine message with the recording's line of the first callback on the frame it
    /// names (`frame 7: pinch ...` -> `line 23 (frame 7): pinch ...`).
    func naming(_ message: String) -> String { Self.naming(message, log) }

    static func naming(_ message: String, _ log: SessionLog) -> String {
        guard let range = message.range(of: "frame ") else { return message }
        let digits = message[range.upperBound...].prefix { $0.isNumber }
        guard let frame = Int(digits), let event = log.events.first(where: { $0.frame == frame }) else {
            return message
        }
        return "line \(event.line) (\(message[range.lowerBound...]))"
    }
}
