/// Splits scenarios over CI machines: `--shard i/n`. Deterministic and stable
/// across machines (it depends only on names and frame counts, which replays
/// reproduce exactly) and balanced by frame count: scenarios are taken from the
/// longest down and each goes to the shard with the fewest frames so far.
package enum Shards {
    package struct Spec: Equatable, Sendable {
        package var index: Int
        package var count: Int
        /// The most shards a run can be split into.
        package static let maxCount = 1000
        /// Parses `i/n` with 1 <= i <= n <= `maxCount`.
        package init?(_ text: String) {
            let parts = text.split(separator: "/")
            guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= Spec.maxCount, i >= 1,
                i <= n
            else {
                return nil
            }
            index = i
            count = n
        }
    }

    /// Indices of the items (name, frames) that belong to shard `spec`.
    package static func select(_ items: [(name: String, frames: Int)], _ spec: Spec) -> [Int] {
        let order = items.indices.sorted { a, b in
            items[a].frames != items[b].frames ? items[a].frames > items[b].frames : items[a].name < items[b].name
        }
        var load = [Int](repeating: 0, count: spec.count)
        var mine: [Int] = []
        for i in order {
            var best = 0
            for s in 1..<spec.count where load[s] < load[best] { best = s }
            load[best] += items[i].frames
            if best == spec.index - 1 { mine.append(i) }
        }
        return mine.sorted()
    }
}
