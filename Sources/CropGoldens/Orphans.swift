import CropPipeline
import Foundation

/// Golden folders that no scenario owns: `golden/<name>/` with no scenario named `<name>` in
/// the checked set (its scenario was renamed or deleted). `check` names them; `record --prune`
/// removes them (`FileIO.removeFolder`). Only folders count (not files beside them), and hidden ones (`record`'s
/// staging folders) never do.
package enum Orphans {
    /// The folders under `goldenDir` whose names are not in `names`, sorted, as paths.
    package static func find(goldenDir: String, names: Set<String>) -> [String] {
        guard let items = try? FileManager.default.contentsOfDirectory(atPath: goldenDir) else { return [] }
        return items.filter { !$0.hasPrefix(".") && !names.contains($0) && FileIO.isDirectory(goldenDir + "/" + $0) }
            .sorted().map {
                goldenDir + "/" + $0
            }
    }
}
