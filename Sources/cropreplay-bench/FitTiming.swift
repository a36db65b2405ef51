import CropFit
import CropPipeline
import Foundation

/// `cropreplay-bench --fit`: `fit`'s search of three parameters (the rubber band, the momentum
/// and the spring's response) over three synthetic 2-second recordings at 60 fps, with the
/// default budget of 300 evaluations (900 replays), on every core; and one trace-only replay's
/// cost per frame. Target: the fit within 10 s in release on 2 cores (docs/fit.md).
enum FitTiming {
    static func measure(reps: Int) throws {
        let hidden =
            "{\"policy\": {\"rubberBand\": 0.4, \"momentum\": 0.995, \"animation\": {\"curve\": \"spring\","
            + " \"response\": 0.5, \"dampingRatio\": 1}}}"
        var recordings: [FitRecording] = []
        for (i, session) in SyntheticRecording.threeSessions.enumerated() {
            var synthetic = SyntheticRecording()
            synthetic.seed = 7 &+ UInt64(i)
            let text = try synthetic.record(
                scenario: synthetic.scenario(
                    session.events, seconds: 2, preset: "circle-avatar-bounce", editor: hidden, image: session.image))
            let imported = try SessionImport(
                recording: text, file: "session\(i).jsonl", name: "session\(i)", preset: "circle-avatar-bounce",
                editor: nil)
            recordings.append(FitRecording(loaded: imported.loaded, recorded: imported.recorded))
        }
        let parameters = [
            FitParameter(key: "policy.rubberBand", low: 0.2, high: 1.0),
            FitParameter(key: "policy.momentum", low: 0.99, high: 0.999),
            FitParameter(key: "policy.animation.response", low: 0.2, high: 0.8),
        ]
        let frames = recordings.reduce(0) { $0 + $1.recorded.frames.count }
        var replayed = 0
        for r in recordings { replayed += try r.loaded.replay().frames.count }
        let replay = try bestMs(reps * 10) { for r in recordings { _ = try r.loaded.replay() } }
        print("fit: 3 recordings of 2 s (\(frames) recorded frames), 3 parameters, \(Parallel.defaultJobs) cores")
        print(
            "  one replay of the three (trace only): \(f(replay, 3)) ms = \(f(replay * 1000 / Double(replayed), 2)) us a frame"
        )
        for jobs in Array(Set([1, Parallel.defaultJobs])).sorted() {
            var options = EditorFit.Options()
            options.jobs = jobs
            var result: EditorFit.Result?
            let ms = try bestMs(reps) {
                result = try EditorFit.run(recordings, parameters: parameters, options: options)
            }
            let best = result?.best
            print(
                "  fit, --jobs \(jobs): \(f(ms / 1000, 2)) s for \(result?.ranking.first?.evaluations ?? 0) evaluations;"
                    + " recovered \(best?.values.map { f($0, 4) }.joined(separator: ", ") ?? "-")"
                    + " (hidden 0.4, 0.995, 0.5), RMS \(f(best?.summary.rms ?? .nan, 3)) pt")
        }
    }
}
