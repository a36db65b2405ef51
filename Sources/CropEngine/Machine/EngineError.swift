import CropScenario

/// A script error found while replaying, at an absolute frame. The replayer adds the
/// step's JSON path; `description` is the message after it (`frame 7: pinch "changed"
/// without "began"`).
package struct EngineError: Error, Equatable, Sendable, CustomStringConvertible {
    package var frame: Int
    package var problem: Problem

    package init(frame: Int, problem: Problem) {
        self.frame = frame
        self.problem = problem
    }

    /// What went wrong, with its data.
    package enum Problem: Equatable, Sendable, CustomStringConvertible {
        /// A recognizer event its machine does not allow (changed without began, ...).
        case illegalTransition(GestureKind, IllegalTransition)
        /// The view state left the range the engine computes in (k within 1e-12...1e12, the
        /// centre within +-1e15 points): gestures multiplied it past any screen.
        case outOfRange(k: Double, cx: Double, cy: Double)
        /// A button or tap (quarterTurn, flip, aspect, doubleTap) while a recognizer is active.
        case whileTouching(String, GestureKind, RecognizerPhase)
        /// A registered policy threw from one of its decisions (`touch`, `release`, ...).
        case policyFailed(String, String, String)
        /// A registered policy returned a state that is not finite or leaves the engine's range.
        case policyValue(String, String, ViewState)
        /// A registered curve gave a progress that is not finite, or ran past 10000 s.
        case curveValue(String, Double, Double)
        /// A user's editor model threw while applying an action (or its factory threw).
        case modelFailed(String, String, String)
        /// A user's editor model showed a value out of range after an action.
        case modelValue(String, String, String)

        package var description: String {
            switch self {
            case .illegalTransition(let gesture, let why): return "\(gesture.rawValue) \(why)"
            case .outOfRange(let k, let cx, let cy):
                return
                    "the view state is out of range (k \(k), centre (\(cx), \(cy))): k must stay within"
                    + " 1e-12...1e12 and "
                    + "the centre within 1e15 points (set zoom limits or use smaller gestures)"
            case .whileTouching(let what, let kind, let phase):
                return
                    "\(what) while a recognizer is active (\(kind.rawValue) \(phase.rawValue)); end the gesture first"
            case .policyFailed(let policy, let what, let message):
                return "the policy \"\(policy)\" failed in \(what): \(message)"
            case .policyValue(let policy, let what, let state):
                return "the policy \"\(policy)\" returned \(state) from \(what): expected finite numbers with k within "
                    + "1e-12...1e12, the centre within 1e15 points and the angle within 1e9 degrees"
            case .curveValue(let curve, let time, let value):
                return time > CurveCheck.longest
                    ? "the curve \"\(curve)\" has not finished \(Int(CurveCheck.longest)) s after it started"
                    : "the curve \"\(curve)\" gave the progress \(value) at \(time) s: expected a finite number"
            case .modelFailed(let model, let what, let message):
                return "the model \"\(model)\" failed in \(what): \(message)"
            case .modelValue(let model, let what, let problem):
                return "the model \"\(model)\" showed \(problem) (after \(what))"
            }
        }
    }

    package var description: String { "frame \(frame): \(problem)" }

    /// What a user's policy, curve, model or factory threw, for a one-line error: line breaks
    /// and other control characters as spaces, at most 200 characters.
    package static func quoted(_ error: any Error) -> String {
        let text = String(
            String.UnicodeScalarView(
                "\(error)".unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
        return text.count <= 200 ? text : String(text.prefix(200)) + "..."
    }
}

/// Why a recognizer event is illegal from the recognizer's phase (docs/scenarios.md).
package enum IllegalTransition: Equatable, Sendable, CustomStringConvertible {
    /// changed, ended or cancelled from `possible`.
    case withoutBegan(GesturePhase)
    /// began or failed while began or changed.
    case whileActive(GesturePhase, RecognizerPhase)
    /// Any event after ended, cancelled or failed in the same frame.
    case afterFinished(GesturePhase, RecognizerPhase)

    package var description: String {
        switch self {
        case .withoutBegan(let next):
            return "\"\(next.rawValue)\" without \"began\""
        case .whileActive(let next, let phase):
            return "\"\(next.rawValue)\" while already \(phase.rawValue) (expected changed, ended or cancelled)"
        case .afterFinished(let next, let phase):
            return "\"\(next.rawValue)\" after \"\(phase.rawValue)\" in the same frame"
        }
    }
}
