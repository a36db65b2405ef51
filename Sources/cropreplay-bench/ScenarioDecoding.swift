import CropScenario
import Foundation

/// Scenario decoding on the largest session a scenario holds: 100,000 frames of two fingers
/// as one `touches` step (about 3.6 MB), decoded and validated, then its canonical hash.
/// `cropreplay-bench --decode` (also in a debug build: `swift run cropreplay-bench --decode`).
enum ScenarioDecoding {
    /// The scenario's text: two fingers whose positions vary frame by frame.
    static func text(frames: Int = Limits.maxFrames) -> String {
        var fingers: [String] = []
        fingers.reserveCapacity(frames)
        for i in 0..<frames {
            let x = Double(i % 700) + 0.25
            let y = Double((i * 7) % 900) + 0.5
            fingers.append("[[\(x), \(y)], [\(y * 0.5 + 0.125), \(x + 100.75)]]")
        }
        return "{\"name\": \"touches\", \"script\": [{\"touches\": [" + fingers.joined(separator: ", ") + "]}]}"
    }

    static func measure(reps: Int) throws {
        let bytes = Array(text().utf8)
        print(
            "\n## Scenario decoding (100000 frames of two fingers as `touches`, \(bytes.count) bytes; best of \(reps))\n"
        )
        var decoded: Scenario?
        let decode = try bestMs(reps) {
            decoded = try ScenarioDecoder.decode(bytes: bytes, file: "touches.json", defaultName: "t", directory: ".")
        }
        var hash = ""
        let hashing = bestMs(reps) { hash = decoded?.sourceHash ?? "" }
        print("- decode and validate: \(f(decode)) ms")
        print("- canonical form and hash: \(f(hashing)) ms (\(hash))")
    }
}
