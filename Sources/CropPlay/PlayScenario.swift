import CropBitmap
import CropEngine
import CropPipeline
import CropScenario

/// What `play` serves: a scenario file as `run` renders it, or a preset's editor over the
/// sample photo (a landscape the project draws, deterministic) at the size of the default
/// test card, so its fit, zoom and crops are those of the preset with the test card. The
/// recorded scenario names that test card: it replays to the same states anywhere, without
/// a file (only the pixels differ).
package enum PlayScenario {
    /// The preset `name` over the sample photo, or over the test card with `testcard`.
    package static func preset(_ name: String, testcard: Bool = false, registrations: Registrations = .builtIn)
        throws(ReplayFailure)
        -> (LoadedScenario, label: String)
    {
        let text = "{\"name\": \"\(name)\", \"preset\": \"\(name)\", \"script\": []}"
        let loaded = try LoadedScenario.load(
            text: text, file: "--preset \(name)", name: name, registrations: registrations)
        guard !testcard, case .testcard(let w, let h) = loaded.scenario.editor.image else {
            return (loaded, label(loaded.scenario.editor.image))
        }
        let photo = SamplePhoto.image(width: w, height: h) { bands, draw in
            try? Parallel.forEach(count: bands, jobs: Parallel.defaultJobs) { draw($0) }
        }
        return (
            LoadedScenario(scenario: loaded.scenario, image: photo, registrations: registrations),
            "sample photo \(w)x\(h)"
        )
    }

    /// A scenario's image for the page.
    static func label(_ image: ImageSource) -> String {
        switch image {
        case .testcard(let w, let h): return "test card \(w)x\(h)"
        case .file(let path): return path.split(separator: "/").last.map(String.init) ?? path
        }
    }
}
