import CropGeometry

/// Android `getevent -lt` text, multi-touch protocol B. Lines look like
/// `[   12345.678901] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    000001f4`.
/// Slots persist between reports; the slot is 0 before any `ABS_MT_SLOT`; a report takes
/// effect at its `SYN_REPORT`'s time; tracking id -1 (`ffffffff`) lifts the slot's finger, a
/// new id on a busy slot lifts it and lands a new one. The touch device is the first one
/// that sends `ABS_MT_*` events; other devices, header lines and other codes are skipped.
/// Protocol A (`SYN_MT_REPORT`) and `SYN_DROPPED` are errors. A finger still down at the end
/// lifts at the log's last time. Positions are raw panel units (see `PointMapping`).
package enum GeteventLog {
    package static func parse(_ text: String) throws(ImportError) -> TouchLog {
        struct Slot {
            var id: Int?
            var x: Double?
            var y: Double?
            var changed = false
            var line = 0
        }
        var slots: [Int: Slot] = [:]
        var slot = 0
        var device: Substring?
        var builder = ContactBuilder()
        var lastTime = -Double.infinity
        var landed = Set<Int>()  // slots whose finger is down in the builder
        for (index, rawLine) in LogLines.split(text).enumerated() {
            let line = index + 1
            let trimmed = rawLine.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("[") else { continue }  // headers: "add device 1: ...", "  name: ..."
            guard let close = trimmed.firstIndex(of: "]") else {
                throw ImportError(line: line, "expected \"[ seconds ]\" at the start")
            }
            let stamp = trimmed[trimmed.index(after: trimmed.startIndex)..<close].trimmingSpaces()
            guard let t = Double(stamp), t.isFinite, t >= 0, t <= 1e9 else {
                throw ImportError(
                    line: line,
                    "expected a timestamp in seconds, got \"\(stamp.prefix(40))\" (record with getevent -lt)")
            }
            let fields = trimmed[trimmed.index(after: close)...].split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 4, fields[0].hasSuffix(":") else { continue }
            let dev = fields[0].dropLast()
            let type = fields[1]
            let code = fields[2]
            let valueText = fields[3]
            if device == nil && code.hasPrefix("ABS_MT_") { device = dev }
            if code == "SYN_MT_REPORT" {
                throw ImportError(
                    line: line, "multi-touch protocol A (SYN_MT_REPORT) is not supported: expected protocol B (slots)")
            }
            guard dev == device else { continue }
            guard t >= lastTime else {
                throw ImportError(line: line, "timestamp \(stamp) is earlier than the previous event's")
            }
            lastTime = t
            func value() throws(ImportError) -> Int {
                guard let v = UInt32(valueText, radix: 16) else {
                    throw ImportError(
                        line: line,
                        "expected a hexadecimal value, got \"\(valueText.prefix(20))\" (record with getevent -l)")
                }
                return Int(Int32(bitPattern: v))
            }
            switch (type, code) {
            case ("EV_ABS", "ABS_MT_SLOT"):
                let v = try value()
                guard v >= 0, v < 64 else { throw ImportError(line: line, "slot \(v) is out of range (0 to 63)") }
                slot = v
            case ("EV_ABS", "ABS_MT_TRACKING_ID"):
                let v = try value()
                slots[slot, default: Slot()].id = v < 0 ? nil : v
                slots[slot, default: Slot()].changed = true
                slots[slot, default: Slot()].line = line
            case ("EV_ABS", "ABS_MT_POSITION_X"):
                slots[slot, default: Slot()].x = Double(try value())
                slots[slot, default: Slot()].changed = true
            case ("EV_ABS", "ABS_MT_POSITION_Y"):
                slots[slot, default: Slot()].y = Double(try value())
                slots[slot, default: Slot()].changed = true
            case ("EV_SYN", "SYN_MT_REPORT"):
                throw ImportError(
                    line: line, "multi-touch protocol A (SYN_MT_REPORT) is not supported: expected protocol B (slots)")
            case ("EV_SYN", "SYN_DROPPED"):
                throw ImportError(line: line, "SYN_DROPPED: the device dropped events, so the recording is incomplete")
            case ("EV_SYN", "SYN_REPORT"):
                for s in slots.keys.sorted() {
                    guard var state = slots[s], state.changed else { continue }
                    state.changed = false
                    let key = "slot \(s)"
                    let wasDown = landed.contains(s)
                    let currentId = wasDown ? builder.currentId(key) : nil
                    if wasDown && (state.id == nil || state.id != currentId) {
                        builder.lift(key, at: t)
                        landed.remove(s)
                    }
                    if let id = state.id, let x = state.x, let y = state.y {
                        if landed.contains(s) {
                            builder.move(key, to: Point(x, y), at: t, line: line)
                        } else {
                            builder.land(key, at: Point(x, y), time: t, line: state.line)
                            builder.setId(key, id)
                            landed.insert(s)
                        }
                    }
                    slots[s] = state
                }
            default:
                continue
            }
        }
        guard lastTime > -Double.infinity else {
            throw ImportError(line: 1, "no touch events (expected ABS_MT_* lines from getevent -lt)")
        }
        builder.liftAll(at: lastTime)
        return builder.log
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}
