/// The one check of an editor, whether decoded from JSON, built in Swift, given to
/// `CropEditorModel` or sent by the playground's form: every key's range from `EditorKeys`,
/// then the rules between sections.
extension EditorConfig {
    /// The first problem with this editor, at its JSON path under `place` (`editor.zoom.max`);
    /// nil when the editor is valid.
    package func problem(at place: String = "editor") -> Problem? {
        for entry in EditorKeys.entries {
            if let problem = entry.check(self, place + "." + entry.name) { return problem }
        }
        if let misfit = frame.misfit(viewportWidth: viewport.width, viewportHeight: viewport.height) {
            return Problem(place: place + ".frame", message: misfit)
        }
        if rotation.gesture, constraint == .viewport {
            return Problem(
                place: place + ".rotation.gesture",
                message: "the rotation gesture turns the photo by an angle, which needs constraint \"frame\" or"
                    + " \"none\" (this editor has \"viewport\")")
        }
        return nil
    }

    /// This editor when every value is within its range (docs/scenarios.md, "Ranges and
    /// limits"); otherwise the error a scenario file with the same values gets, at the same
    /// place (`editor.zoom.max: expected a zoom from 0.001 to 1000, got nan`). `file` names the
    /// editor's origin in the message.
    ///
    ///     var editor = EditorConfig.preset("circle-avatar-bounce")!
    ///     editor.zoom.max = 4000
    ///     try editor.validated()   // <code>: editor.zoom.max: expected a zoom from 0.001 to 1000, got 4000
    public func validated(file: String = "<code>") throws(ScenarioError) -> EditorConfig {
        if let problem = problem() { throw problem.error(file: file) }
        return self
    }
}

extension StartState {
    /// The first value outside the ranges a scenario file accepts (`StartKeys`: turns an
    /// integer 0...3, a box above 0 and at most 1e6 a side, an angle and a point within +-1e6,
    /// a zoom from 0.001 to 1000), at its JSON path under `place` (`start.box[0]`); nil when
    /// every value is in range.
    package func problem(at place: String = "start") -> Problem? {
        StartKeys.object.problem(self, at: place)
    }

    /// `problem()` as the key under `start` (`box[0]`) and the message, for the engine's
    /// start errors.
    package var rangeProblem: (key: String, message: String)? {
        problem().map { (String($0.place.dropFirst("start.".count)), $0.message) }
    }
}
