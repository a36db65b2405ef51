/// Built-in scenarios replayed by `cropreplay demo`: one per preset, each dragging
/// or pinching past the limits and snapping back, with snapshots at the telling moments.
enum DemoScenarios {
    static let all: [(String, String)] = [
        (
            "demo-fixed-frame-rollback",
            """
            {"preset": "fixed-frame-rollback", "script": [
              {"snapshot": "start"},
              {"pan": {"by": [420, 0], "duration": 0.5}},
              {"snapshot": "released"},
              {"wait": 0.1}, {"snapshot": "after"}]}
            """
        ),
        (
            "demo-circle-avatar-bounce",
            """
            {"preset": "circle-avatar-bounce", "script": [
              {"snapshot": "start"},
              {"pan": {"by": [0, 220], "duration": 0.4}},
              {"snapshot": "released"},
              {"wait": 0.15}, {"snapshot": "springing"},
              {"until": "settled"}, {"snapshot": "settled"}]}
            """
        ),
        (
            "demo-portrait-7x10-zoom2",
            """
            {"preset": "portrait-7x10-zoom2", "script": [
              {"snapshot": "start"},
              {"pinch": {"scale": 3, "duration": 0.4}},
              {"snapshot": "released"},
              {"until": "settled"}, {"snapshot": "settled"}]}
            """
        ),
        (
            "demo-wide-16x9-zoom10",
            """
            {"preset": "wide-16x9-zoom10", "script": [
              {"snapshot": "start"},
              {"pinch": {"scale": 2.5, "duration": 0.3}},
              {"pan": {"by": [-150, 0], "duration": 0.3}},
              {"snapshot": "released"},
              {"until": "settled"}, {"snapshot": "settled"},
              {"save": {"name": "crop"}}]}
            """
        ),
    ]
}
