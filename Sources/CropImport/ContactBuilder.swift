import CropGeometry

/// Builds a `TouchLog` from land, move and lift events keyed by the log's own ids (which
/// may be reused after a lift: a new landing is a new finger).
struct ContactBuilder {
    private(set) var log = TouchLog(contacts: [])
    /// The contact index of each id that is down.
    private var down: [String: Int] = [:]
    /// A tracking id of the log's own, for each key that is down (getevent).
    private var ids: [String: Int] = [:]

    func currentId(_ key: String) -> Int? { ids[key] }
    mutating func setId(_ key: String, _ id: Int) { ids[key] = id }

    func isDown(_ id: String) -> Bool { down[id] != nil }
    var downCount: Int { down.count }

    mutating func land(_ id: String, at p: Point, time t: Double, line: Int, linear: Bool = false) {
        // An id landing again while down lifts its first finger (never left down forever).
        if down[id] != nil { lift(id, at: t) }
        log.contacts.append(
            TouchLog.Contact(
                down: t, up: .infinity, keyframes: [TouchLog.Keyframe(t: t, point: p, linear: linear, line: line)],
                line: line)
        )
        down[id] = log.contacts.count - 1
    }

    mutating func move(_ id: String, to p: Point, at t: Double, linear: Bool = false, line: Int = 0) {
        guard let i = down[id] else { return }
        var frames = log.contacts[i].keyframes
        // A later position at the same time replaces the earlier one.
        if let last = frames.last, last.t == t {
            frames[frames.count - 1] = TouchLog.Keyframe(t: t, point: p, linear: linear, line: line)
        } else {
            frames.append(TouchLog.Keyframe(t: t, point: p, linear: linear, line: line))
        }
        log.contacts[i].keyframes = frames
    }

    /// Marks the latest keyframe of `id` as moving linearly to the next one.
    mutating func startLinear(_ id: String) {
        guard let i = down[id], !log.contacts[i].keyframes.isEmpty else { return }
        log.contacts[i].keyframes[log.contacts[i].keyframes.count - 1].linear = true
    }

    func position(_ id: String, at t: Double) -> Point? { down[id].map { log.contacts[$0].position(at: t) } }

    mutating func lift(_ id: String, at t: Double) {
        ids[id] = nil
        guard let i = down.removeValue(forKey: id) else { return }
        log.contacts[i].up = t
    }

    /// Lifts every finger still down (in landing order).
    mutating func liftAll(at t: Double) {
        for id in down.sorted(by: { $0.value < $1.value }).map(\.key) { lift(id, at: t) }
    }
}
