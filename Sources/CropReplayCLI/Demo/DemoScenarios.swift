/// The scenarios `cropreplay demo` replays: one per preset, each showing what defines that
/// editor, with snapshots at the telling moments. They use the sample photo (`photo.png`,
/// written beside them) so the frames look like what a crop editor shows.
struct DemoScenario {
    var name: String
    var preset: String
    /// What the animation shows, for the gallery.
    var shows: String
    var json: String
    /// Seconds to replay and write it in a debug build (measured): the demo starts the longest
    /// first so the cores finish together.
    var debugSeconds: Double = 0

    /// The demo of preset `preset` (also its name) on the sample photo at scale 1; `editor`
    /// adds settings to the editor object, `script` holds one step object per line.
    static func onPhoto(_ preset: String, debugSeconds: Double, shows: String, editor: String = "", script: [String])
        -> DemoScenario
    {
        let extra = editor.isEmpty ? "" : ", " + editor
        let json = """
            {"name": "\(preset)", "preset": "\(preset)", "editor": {"viewport": {"scale": 1}, "image": {"file":\
             "photo.png"}\(extra)},
             "script": [
            \(script.map { "  " + $0 }.joined(separator: ",\n"))]}
            """
        return DemoScenario(name: preset, preset: preset, shows: shows, json: json, debugSeconds: debugSeconds)
    }
}

enum DemoScenarios {
    static let all: [DemoScenario] = [
        .onPhoto(
            "fixed-frame-rollback", debugSeconds: 0.7,
            shows:
                "The mask disappears while the finger drags the photo out of the frame; on release the photo"
                + " jumps back to where the gesture began (instant per-gesture rollback).",
            script: [
                #"{"snapshot": "before"}"#,
                #"{"wait": 0.2}"#,
                #"{"pan": {"by": [260, 40], "duration": 0.6, "hold": 0.2}}"#,
                #"{"snapshot": "dragged-out"}"#,
                #"{"wait": 0.1}"#,
                #"{"snapshot": "rolled-back"}"#,
                #"{"wait": 0.4}"#,
            ]),
        .onPhoto(
            "circle-avatar-bounce", debugSeconds: 0.7,
            shows:
                "A drag past the edge stretches with the rubber band (the photo follows the finger less and"
                + " less), then springs back to cover the circle.",
            script: [
                #"{"wait": 0.2}"#,
                #"{"pan": {"by": [0, 260], "duration": 0.5, "hold": 0.1}}"#,
                #"{"snapshot": "stretched"}"#,
                #"{"wait": 0.12}"#,
                #"{"snapshot": "springing-back"}"#,
                #"{"until": "settled"}"#,
                #"{"snapshot": "settled"}"#,
                #"{"wait": 0.3}"#,
            ]),
        .onPhoto(
            "portrait-7x10-zoom2", debugSeconds: 0.9,
            shows:
                "A pinch past the maximum zoom (2x) overshoots under the rubber band and eases back to 2x on release.",
            script: [
                #"{"wait": 0.2}"#,
                #"{"pinch": {"scale": 3.2, "at": [195, 380], "duration": 0.6}}"#,
                #"{"snapshot": "past-max"}"#,
                #"{"until": "settled"}"#,
                #"{"snapshot": "settled"}"#,
                #"{"wait": 0.3}"#,
            ]),
        .onPhoto(
            "wide-16x9-zoom10", debugSeconds: 1.2,
            shows:
                "The 16:9 frame is lit from inside (this editor draws no border; the demo adds a thin one to"
                + " show the frame). Zoom in, drag past the side, settle, save the crop.",
            editor: ##""border": {"color": "#FFFFFF", "width": 1, "opacity": 0.8, "dash": [6, 4]}"##,
            script: [
                #"{"wait": 0.2}"#,
                #"{"pinch": {"scale": 2.5, "at": [250, 422], "duration": 0.4}}"#,
                #"{"pan": {"by": [-220, 0], "duration": 0.4}}"#,
                #"{"snapshot": "past-edge"}"#,
                #"{"until": "settled"}"#,
                #"{"snapshot": "settled"}"#,
                #"{"save": {"name": "crop"}}"#,
                #"{"wait": 0.3}"#,
            ]),
        .onPhoto(
            "resizable-box-refit", debugSeconds: 0.7,
            shows:
                "The crop box's corner is dragged inward; 0.8 s after release the box grows back to fill the"
                + " screen and the photo follows, keeping the same picture in the box.",
            script: [
                #"{"wait": 0.2}"#,
                #"{"pan": {"from": [370, 553], "by": [-140, -110], "duration": 0.4}}"#,
                #"{"snapshot": "box-dragged"}"#,
                #"{"wait": 0.9}"#,
                #"{"snapshot": "refitting"}"#,
                #"{"until": "settled"}"#,
                #"{"snapshot": "refitted"}"#,
                #"{"wait": 0.3}"#,
            ]),
        .onPhoto(
            "straighten-flip", debugSeconds: 0.5,
            shows:
                "The straighten dial turns the photo 12 degrees and the photo zooms just enough to keep the"
                + " box covered (autoCover); then a horizontal flip.",
            script: [
                #"{"wait": 0.2}"#,
                #"{"straighten": {"to": 12, "duration": 0.6}}"#,
                #"{"snapshot": "straightened"}"#,
                #"{"wait": 0.3}"#,
                #"{"flip": "horizontal"}"#,
                #"{"snapshot": "flipped"}"#,
                #"{"wait": 0.4}"#,
            ]),
        .onPhoto(
            "twist-doubletap", debugSeconds: 1.0,
            shows:
                "Two fingers twist the photo; a double tap zooms in around the tapped point, a second one"
                + " zooms further.",
            script: [
                #"{"wait": 0.2}"#,
                #"{"rotation": {"by": 20, "at": [195, 422], "duration": 0.5}}"#,
                #"{"until": "settled"}"#,
                #"{"snapshot": "twisted"}"#,
                #"{"doubleTap": [240, 380]}"#,
                #"{"until": "settled"}"#,
                #"{"snapshot": "zoomed"}"#,
                #"{"wait": 0.3}"#,
            ]),
    ]

    /// The comparison the demo writes: one drag out of the circle under every policy.
    static let comparison = DemoScenario(
        name: "drag-out", preset: "circle-avatar-bounce",
        shows:
            "One drag past the edge of the circle under each of the five snap-back policies, side by side,"
            + " with metrics and plots.",
        json: """
            {"name": "drag-out", "preset": "circle-avatar-bounce", "editor": {"viewport": {"scale": 1}},
             "script": [
              {"pan": {"by": [0, 240], "duration": 0.4}},
              {"until": "settled"},
              {"wait": 0.2}]}
            """)
}
