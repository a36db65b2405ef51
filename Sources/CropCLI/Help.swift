/// Help texts: `USAGE:` and `OPTIONS:` on stdout.
enum Help {
    static let version = "0.1.0"

    static func usage(_ command: String) -> String { usages[command] ?? "cropreplay \(command)" }

    static let usages: [String: String] = [
        "run": "cropreplay run <scenario.json>... [--out <dir>] [--frames] [--apng] [--gif] [--dither] [--sheet] [--every <n>] [--thumb <f>] [--jobs <n>]",
        "check": "cropreplay check [<path>...] [--golden <dir>] [--tolerance <n>] [--max-diff-ratio <r>] [--artifacts <dir>] [--junit <file>] [--shard <i/n>] [--jobs <n>]",
        "record": "cropreplay record [<path>...] [--golden <dir>] [--missing] [--jobs <n>]",
        "validate": "cropreplay validate <path>...",
        "compare": "cropreplay compare <scenario.json> [--policies a,b,...] [--out <dir>] [--thumb <f>] [--jobs <n>]",
        "presets": "cropreplay presets",
        "schema": "cropreplay schema",
        "explore": "cropreplay explore [--preset <p>] [--policy <k>] [--count <n>] [--seed <s>] [--out <dir>]",
        "demo": "cropreplay demo [--out <dir>]",
    ]

    static let details: [String: String] = [
        "run": """
        OVERVIEW: Replay scenarios and write their trace, snapshots and crops.

        USAGE: \(usage("run"))

        ARGUMENTS:
          <scenario.json>         Scenario files (or folders of them).

        OPTIONS:
          --out <dir>             Output folder; each scenario writes <dir>/<name>/ (default: out).
          --frames                Also write every frame as frames/NNNN.png.
          --apng                  Also write animation.png (animated PNG; plays in browsers).
          --gif                   Also write animation.gif (256-colour median-cut palette per frame).
          --dither                Ordered (Bayer 4x4) dithering in animation.gif.
          --sheet                 Also write sheet.png: a contact sheet of frames labelled with
                                  frame number, time and phases (P: pan, Z: pinch; B began,
                                  C changed, E ended, X cancelled, F failed, - possible).
          --every <n>             Keep every n-th frame in frames/animations/sheet (default: 1).
          --thumb <f>             Scale frames/animations by f in (0, 1], area-averaged (default: 1).
          --jobs <n>              Threads for rendering (default: all cores). Output is identical for any n.
          -h, --help              Show help information.
        """,
        "check": """
        OVERVIEW: Replay scenarios and compare traces and snapshots with their goldens.

        USAGE: \(usage("check"))

        ARGUMENTS:
          <path>                  Scenario files or folders (default: scenarios).

        OPTIONS:
          --golden <dir>          Golden folder (default: golden). Never written by check.
          --tolerance <n>         Largest channel difference (0-255) that still counts as equal (default: 0).
          --max-diff-ratio <r>    Fraction of pixels (0-1) allowed to differ (default: 0).
          --artifacts <dir>       Write expected/actual/diff PNGs and report.html for failures here.
          --junit <file>          Write a JUnit XML report.
          --shard <i/n>           Check only shard i of n: a deterministic split balanced by frame
                                  count, so n CI machines together check every scenario once.
          --jobs <n>              Threads for rendering (default: all cores).
          -h, --help              Show help information.

        Exit status: 0 all passed, 1 a mismatch, missing or stale golden, 2 bad input.
        """,
        "record": """
        OVERVIEW: Write or update goldens (trace.json and snapshot PNGs) for scenarios.

        USAGE: \(usage("record"))

        ARGUMENTS:
          <path>                  Scenario files or folders (default: scenarios).

        OPTIONS:
          --golden <dir>          Golden folder (default: golden).
          --missing               Only add goldens that do not exist yet.
          --jobs <n>              Threads for rendering (default: all cores).
          -h, --help              Show help information.
        """,
        "compare": """
        OVERVIEW: Replay one script under several snap-back policies and compare them.

        USAGE: \(usage("compare"))

        ARGUMENTS:
          <scenario.json>         The scenario whose script is replayed (its other editor settings are kept).

        OPTIONS:
          --policies <list>       Comma-separated: rollback, clamp, rubberBand, snapNearest, none
                                  (default: all five).
          --out <dir>             Writes <dir>/<name>-compare/ (default: out): index.html, comparison.png
                                  (APNG), comparison.gif, sheet.png, metrics.md, metrics.csv, metrics.json.
          --thumb <f>             Scale of each column in the animations (default: 0.5).
          --jobs <n>              Threads for rendering (default: all cores).
          -h, --help              Show help information.
        """,
        "validate": """
        OVERVIEW: Check scenario files without rendering (decode, validate, replay the state machine).

        USAGE: \(usage("validate"))

        OPTIONS:
          -h, --help              Show help information.
        """,
        "presets": """
        OVERVIEW: Print the built-in editor presets and their parameters.

        USAGE: \(usage("presets"))

        OPTIONS:
          -h, --help              Show help information.
        """,
        "explore": """
        OVERVIEW: Replay random scripts and check each policy's promises (invariants).

        USAGE: \(usage("explore"))

        Random scripts of pans, pinches, together, touches, cancels and waits are replayed and checked:
        no number is NaN or infinite; the recognizer machine never errors; clamp never shows an invalid
        state; after `until settled` clamp, rubberBand, snapNearest and whole rollback are valid; the mask
        is visible when idle (always, hiddenWhileTouching). A failing script is shrunk and written as a
        scenario file that reproduces it.

        OPTIONS:
          --preset <p>            One preset (default: all four).
          --policy <k>            One policy (default: all five), replacing the preset's.
          --count <n>             Scripts per preset and policy (default: 1000).
          --seed <s>              Seed (default: 1); the same seed gives the same scripts.
          --out <dir>             Where failing scenarios go (default: out/explore).
          -h, --help              Show help information.

        Exit status: 0 no finding, 1 findings written.
        """,
        "schema": """
        OVERVIEW: Print the JSON Schema of scenario files (the text of scenarios/schema.json).

        USAGE: \(usage("schema"))

        OPTIONS:
          -h, --help              Show help information.
        """,
        "demo": """
        OVERVIEW: Replay the built-in demo scenarios (no files needed) with snapshots.

        USAGE: \(usage("demo"))

        OPTIONS:
          --out <dir>             Output folder (default: out/demo).
          -h, --help              Show help information.
        """,
    ]

    static let main = """
    OVERVIEW: Headless gesture-replay simulation for photo-crop editors.

    USAGE: cropreplay <subcommand>

    OPTIONS:
      --version               Show the version.
      -h, --help              Show help information.

    SUBCOMMANDS:
      run                     Replay scenarios; write trace.json, snapshots, crops, frames.
      check                   Compare replays with goldens (exit 1 on a mismatch).
      record                  Write or update goldens.
      compare                 Replay one script under several policies; metrics, animation, plots.
      validate                Check scenario files without rendering.
      presets                 Print the built-in editor presets.
      schema                  Print the JSON Schema of scenario files.
      explore                 Replay random scripts and check the policies' invariants.
      demo                    Replay the built-in scenarios into out/demo.

      See 'cropreplay help <subcommand>' for detailed help.
    """
}
