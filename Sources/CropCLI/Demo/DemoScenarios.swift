/// The scenarios `cropreplay demo` replays: one per preset, each showing what defines that
/// editor, with snapshots at the telling moments. They use the sample photo (`photo.png`,
/// written beside them) so the frames look like what a crop editor shows.
struct DemoScenario {
    var name: String
    var preset: String
    /// What the animation shows, for the gallery.
    var shows: String
    var json: String
}

enum DemoScenarios {
    /// Indices into `all`, the longest to replay and write first (measured in a debug build:
    /// wide-16x9-zoom10 1.2 s, twist-doubletap 1.0 s, portrait 0.9 s, circle 0.7 s, fixed
    /// frame 0.7 s, resizable box 0.7 s, straighten 0.5 s).
    static let longestFirst = [3, 6, 2, 1, 0, 4, 5]

    static let all: [DemoScenario] = [
        DemoScenario(
            name: "fixed-frame-rollback", preset: "fixed-frame-rollback",
            shows:
                "The mask disappears while the finger drags the photo out of the frame; on release the photo jumps back to where the gesture began (instant per-gesture rollback).",
            json: """
                {"name": "fixed-frame-rollback", "preset": "fixed-frame-rollback", "editor": {"viewport": {"scale": 1}, "image": {"file": "photo.png"}},
                 "script": [
                  {"snapshot": "before"},
                  {"wait": 0.2},
                  {"pan": {"by": [260, 40], "duration": 0.6, "hold": 0.2}},
                  {"snapshot": "dragged-out"},
                  {"wait": 0.1},
                  {"snapshot": "rolled-back"},
                  {"wait": 0.4}]}
                """),
        DemoScenario(
            name: "circle-avatar-bounce", preset: "circle-avatar-bounce",
            shows:
                "A drag past the edge stretches with the rubber band (the photo follows the finger less and less), then springs back to cover the circle.",
            json: """
                {"name": "circle-avatar-bounce", "preset": "circle-avatar-bounce", "editor": {"viewport": {"scale": 1}, "image": {"file": "photo.png"}},
                 "script": [
                  {"wait": 0.2},
                  {"pan": {"by": [0, 260], "duration": 0.5, "hold": 0.1}},
                  {"snapshot": "stretched"},
                  {"wait": 0.12},
                  {"snapshot": "springing-back"},
                  {"until": "settled"},
                  {"snapshot": "settled"},
                  {"wait": 0.3}]}
                """),
        DemoScenario(
            name: "portrait-7x10-zoom2", preset: "portrait-7x10-zoom2",
            shows: "A pinch past the maximum zoom (2x) overshoots under the rubber band and eases back to 2x on release.",
            json: """
                {"name": "portrait-7x10-zoom2", "preset": "portrait-7x10-zoom2", "editor": {"viewport": {"scale": 1}, "image": {"file": "photo.png"}},
                 "script": [
                  {"wait": 0.2},
                  {"pinch": {"scale": 3.2, "at": [195, 380], "duration": 0.6}},
                  {"snapshot": "past-max"},
                  {"until": "settled"},
                  {"snapshot": "settled"},
                  {"wait": 0.3}]}
                """),
        DemoScenario(
            name: "wide-16x9-zoom10", preset: "wide-16x9-zoom10",
            shows:
                "The 16:9 frame is lit from inside (this editor draws no border; the demo adds a thin one to show the frame). Zoom in, drag past the side, settle, save the crop.",
            json: """
                {"name": "wide-16x9-zoom10", "preset": "wide-16x9-zoom10",
                 "editor": {"viewport": {"scale": 1}, "image": {"file": "photo.png"}, "border": {"color": "#FFFFFF", "width": 1, "opacity": 0.8, "dash": [6, 4]}},
                 "script": [
                  {"wait": 0.2},
                  {"pinch": {"scale": 2.5, "at": [250, 422], "duration": 0.4}},
                  {"pan": {"by": [-220, 0], "duration": 0.4}},
                  {"snapshot": "past-edge"},
                  {"until": "settled"},
                  {"snapshot": "settled"},
                  {"save": {"name": "crop"}},
                  {"wait": 0.3}]}
                """),
        DemoScenario(
            name: "resizable-box-refit", preset: "resizable-box-refit",
            shows:
                "The crop box's corner is dragged inward; 0.8 s after release the box grows back to fill the screen and the photo follows, keeping the same picture in the box.",
            json: """
                {"name": "resizable-box-refit", "preset": "resizable-box-refit", "editor": {"viewport": {"scale": 1}, "image": {"file": "photo.png"}},
                 "script": [
                  {"wait": 0.2},
                  {"pan": {"from": [370, 553], "by": [-140, -110], "duration": 0.4}},
                  {"snapshot": "box-dragged"},
                  {"wait": 0.9},
                  {"snapshot": "refitting"},
                  {"until": "settled"},
                  {"snapshot": "refitted"},
                  {"wait": 0.3}]}
                """),
        DemoScenario(
            name: "straighten-flip", preset: "straighten-flip",
            shows:
                "The straighten dial turns the photo 12 degrees and the photo zooms just enough to keep the box covered (autoCover); then a horizontal flip.",
            json: """
                {"name": "straighten-flip", "preset": "straighten-flip", "editor": {"viewport": {"scale": 1}, "image": {"file": "photo.png"}},
                 "script": [
                  {"wait": 0.2},
                  {"straighten": {"to": 12, "duration": 0.6}},
                  {"snapshot": "straightened"},
                  {"wait": 0.3},
                  {"flip": "horizontal"},
                  {"snapshot": "flipped"},
                  {"wait": 0.4}]}
                """),
        DemoScenario(
            name: "twist-doubletap", preset: "twist-doubletap",
            shows: "Two fingers twist the photo; a double tap zooms in around the tapped point, a second one zooms further.",
            json: """
                {"name": "twist-doubletap", "preset": "twist-doubletap", "editor": {"viewport": {"scale": 1}, "image": {"file": "photo.png"}},
                 "script": [
                  {"wait": 0.2},
                  {"rotation": {"by": 20, "at": [195, 422], "duration": 0.5}},
                  {"until": "settled"},
                  {"snapshot": "twisted"},
                  {"doubleTap": [240, 380]},
                  {"until": "settled"},
                  {"snapshot": "zoomed"},
                  {"wait": 0.3}]}
                """),
    ]

    /// The comparison the demo writes: one drag out of the circle under every policy.
    static let comparison = DemoScenario(
        name: "drag-out", preset: "circle-avatar-bounce",
        shows: "One drag past the edge of the circle under each of the five snap-back policies, side by side, with metrics and plots.",
        json: """
            {"name": "drag-out", "preset": "circle-avatar-bounce", "editor": {"viewport": {"scale": 1}},
             "script": [
              {"pan": {"by": [0, 240], "duration": 0.4}},
              {"until": "settled"},
              {"wait": 0.2}]}
            """)
}
