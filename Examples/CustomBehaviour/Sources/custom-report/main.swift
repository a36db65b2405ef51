// The example's report, for a designer and for CI:
//   swift run custom-report [OUT]      (default OUT: out/custom-report)
// 1. `compare` of the stepZoom policy (with the critical curve) beside rubberBand and clamp on
//    one pinch: OUT/pinch-snaps-compare/index.html, with metrics, plots and the animation.
// 2. `conform` of the clamping editor against the reference on the example's scenarios and
//    20 random scripts: a line per script naming the first frame and field where it departs,
//    and a summary (OUT/conformance/conformance.md).
// Exit status: 0 when both ran (the editor departs on purpose), otherwise the failing code.
import CropReplay
import CropReplayCLI
import CustomBehaviour
import Foundation

/// A heading, written straight to standard output (the command line's own lines are too).
func say(_ text: String) { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }

let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scenarios").path
let out = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "out/custom-report"
let registrations: Registrations
do { registrations = try .custom() } catch {
    FileHandle.standardError.write(Data("Error: internal: \(error)\n".utf8))
    exit(3)
}

say("## compare: stepZoom beside rubberBand and clamp\n")
let compared = CLI.run(
    ["compare", scenarios + "/pinch-snaps.json", "--policies", "stepZoom,rubberBand,clamp", "--out", out],
    registrations: registrations)
guard compared == 0 else { exit(compared) }

say("\n## conform: the clamping editor against the reference\n")
let conformed = CLI.run(
    [
        "conform", "--model", "clamping", scenarios, "--random", "20", "--preset", "circle-avatar-bounce",
        "--out", out + "/conformance",
    ], registrations: registrations)
// 1 means "departs", which this editor does on purpose; 2 or 3 is a real failure.
exit(conformed <= 1 ? 0 : conformed)
