import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Progress for long runs on stderr: frames done / total and the rate, only
/// when stderr is a terminal (quiet in CI and pipes).
enum Progress {
    static func reporter(_ console: Console) -> (@Sendable (Int, Int) -> Void)? {
        guard isatty(2) != 0 else { return nil }
        let start = Date()
        return { done, total in
            guard done == total || done % 10 == 0 else { return }
            let rate = Double(done) / max(0.001, Date().timeIntervalSince(start))
            let line = "\rrendering \(done)/\(total) frames (\(Int(rate)) frames/s)" + (done == total ? "\n" : "")
            FileHandle.standardError.write(Data(line.utf8))
        }
    }
}
