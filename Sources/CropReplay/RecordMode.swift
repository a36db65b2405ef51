import Foundation

/// When goldens are written (as swift-snapshot-testing's record modes).
public enum RecordMode: String, Sendable, CaseIterable {
    /// Re-record every golden (the check then fails, so a recording is never mistaken for a pass).
    case all
    /// Record goldens that do not exist yet (and fail once); check the rest.
    case missing
    /// Check; re-record the goldens of a failing check (and fail).
    case failed
    /// Only check.
    case never

    /// The mode in effect: `withCropReplay(record:)` (or the `.cropReplay(record:)` test trait)
    /// when inside one, else `CROPREPLAY_RECORD`, else `never` when `CI` is set and `missing`
    /// locally.
    public static var current: RecordMode { scoped ?? fromEnvironment() }

    /// `CROPREPLAY_RECORD` when set; otherwise `never` when `CI` is set, else `missing`.
    public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) -> RecordMode {
        if let v = env["CROPREPLAY_RECORD"], let mode = RecordMode(rawValue: v) { return mode }
        return env["CI"] != nil ? .never : .missing
    }

    @TaskLocal static var scoped: RecordMode?
}

/// Runs `body` with `record` as the record mode of every `verify` and `assertReplay` inside
/// it that does not name one (on this task and the tasks it creates).
public func withCropReplay<R>(record: RecordMode, _ body: () throws -> R) rethrows -> R {
    try RecordMode.$scoped.withValue(record, operation: body)
}

/// `withCropReplay(record:_:)` for async code.
public func withCropReplay<R>(
    record: RecordMode, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R
)
    async rethrows -> R
{
    try await RecordMode.$scoped.withValue(record, operation: body, isolation: isolation)
}
