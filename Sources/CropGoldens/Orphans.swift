import CropPipeline
import Foundation

/// Golden folders that no scenario owns: `golden/<name>/` with no scenario named `<name>` in
/// the checked set (its scenario was renamed or deleted). `check` names them; `record --prune`
/// removes them (`FileIO.removeFolder`). Only golden folders count (`GoldenFolder.problem`:
/// a `trace.json` that CropReplay wrote for that name and nothing else but the snapshots
/// `record` writes beside it); files, links, hidden folders (`record`'s staging folders) and
/// folders holding anything else never do, and are never removed.
package enum Orphans {
    /// The folders under `goldenDir` whose names are not in `names`: the golden ones (sorted,
    /// as paths), and the others with why they are not goldens (left alone by `--prune`).
    package static func scan(goldenDir: String, names: Set<String>) -> (
        orphans: [String], others: [(folder: String, reason: String)]
    ) {
        guard let items = try? FileManager.default.contentsOfDirectory(atPath: goldenDir) else { return ([], []) }
        var orphans: [String] = []
        var others: [(folder: String, reason: String)] = []
        for item in items.sorted() where !item.hasPrefix(".") && !names.contains(item) {
            let path = goldenDir + "/" + item
            // A link (to a folder or not) is never followed; a file beside the folders is not one.
            guard GoldenFolder.isFolder(path) || FileIO.isSymbolicLink(path) else { continue }
            if let reason = GoldenFolder.problem(path) { others.append((path, reason)) } else { orphans.append(path) }
        }
        return (orphans, others)
    }

    /// The golden folders under `goldenDir` whose names are not in `names`, sorted, as paths.
    package static func find(goldenDir: String, names: Set<String>) -> [String] {
        scan(goldenDir: goldenDir, names: names).orphans
    }
}
