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
            throw .badInput(Self.message(file, replaying: false, error, log))
        }
        loaded = try LoadedScenario.withImage(scenario, registrations: registrations)
        do { _ = try loaded.replay() } catch {
            guard case .scenario(let e) = error else { throw error }
            throw .badInput(Self.message(file, replaying: true, e, log))
        }
    }

    /// `FILE:LINE: the callback does not replay: what`, the line of the callback the error's
    /// place (`script[0].events[3]`) or its message (`frame 7: ...`: the first callback on that
    /// frame) points to; without one, the recording's callbacks as a whole.
    static func message(_ file: String, replaying: Bool, _ error: ScenarioError, _ log: SessionLog) -> String {
        let fails = replaying ? "does not replay" : "makes no valid scenario"
        if let place = error.place, let range = place.range(of: "events["),
            let index = Int(place[range.upperBound...].prefix { $0.isNumber }), index < log.events.count
        {
            return "\(file):\(log.events[index].line): the callback \(fails): \(error.message)"
        }
        if let range = error.message.range(of: "frame "),
            let frame = Int(error.message[range.upperBound...].prefix { $0.isNumber }),
            let event = log.events.first(where: { $0.frame == frame })
        {
            return "\(file):\(event.line): the callbacks from this line on \(fails): \(error.message)"
        }
        return "\(file): the recorded callbacks: \(fails): \(error.message)"
    }
}
