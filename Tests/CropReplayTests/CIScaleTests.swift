import CropGoldens
import CropJSON
import CropScenario
import Foundation
import TestSupport
import XCTest

/// Sharding and the JSON Schema (use at CI scale).
final class CIScaleTests: XCTestCase {
    func testShardsCoverEveryScenarioExactlyOnceAndBalanceFrames() {
        var rng = SeededRandom(seed: 42)
        let items = (0..<40).map { (name: "s\($0)", frames: Int.random(in: 1...500, using: &rng)) }
        for n in [1, 2, 3, 7] {
            var seen: [Int] = []
            var loads: [Int] = []
            for i in 1...n {
                let picked = Shards.select(items, Shards.Spec("\(i)/\(n)")!)
                seen += picked
                loads.append(picked.map { items[$0].frames }.reduce(0, +))
            }
            XCTAssertEqual(seen.sorted(), Array(0..<40), "n = \(n)")
            // Greedy longest-first: no shard exceeds another by more than the longest item.
            XCTAssertLessThanOrEqual(loads.max()! - loads.min()!, items.map { $0.frames }.max()!)
        }
        XCTAssertNil(Shards.Spec("0/3"))
        XCTAssertNil(Shards.Spec("4/3"))
        XCTAssertNil(Shards.Spec("a/b"))
    }

    func testCheckShardsOfTheCommittedScenariosPartitionThem() {
        var names: [String] = []
        for i in 1...3 {
            let r = runCLI(["check", "--shard", "\(i)/3"], in: packageRoot)
            XCTAssertEqual(r.code, 0, r.out)
            names += r.out.split(separator: "\n").filter { $0.hasPrefix("PASS ") }.map { String($0.dropFirst(5)) }
        }
        let all = runCLI(["check"], in: packageRoot).out.split(separator: "\n").filter { $0.hasPrefix("PASS ") }.map {
            String($0.dropFirst(5))
        }
        XCTAssertEqual(names.sorted(), all.sorted())
        XCTAssertEqual(Set(names).count, names.count)
        XCTAssertEqual(runCLI(["check", "--shard", "4/3"], in: packageRoot).code, 2)
    }

    func testCommittedSchemaIsTheGeneratedOne() throws {
        let committed = try String(contentsOfFile: packageRoot + "/scenarios/schema.json", encoding: .utf8)
        XCTAssertEqual(
            committed, ScenarioSchema.text,
            "scenarios/schema.json is stale: run `swift run cropreplay schema > scenarios/schema.json`")
        // Every object the decoder checks appears in the schema with exactly its keys.
        let schema = try JSONParser.parse(committed)
        func properties(_ node: JSONNode?) -> [String] {
            guard case .object(let m)? = node?["properties"]?.value else { return [] }
            return m.map { $0.key }
        }
        let defs = schema["definitions"]
        XCTAssertEqual(properties(schema), ScenarioKeys.names)
        XCTAssertEqual(properties(defs?["editor"]), EditorKeys.names)
        XCTAssertEqual(
            properties(defs?["editor"]?["properties"]?["viewport"]), EditorKeys.entry("viewport")?.keys.map(\.name))
        XCTAssertEqual(
            properties(defs?["editor"]?["properties"]?["policy"]),
            ["kind", "rollback", "onCancel", "momentum", "rubberBand", "animation", "params"])
    }

    func testEveryScenarioValidatesAgainstTheSchema() throws {
        guard (try? runProcess("python3", ["-c", "import jsonschema"]))?.code == 0 else {
            throw XCTSkip(
                skippedLoudly(
                    "Python jsonschema is not installed (apt-get install python3-jsonschema, or pip install jsonschema)"
                ))
        }
        let script = """
            import json, glob, sys, jsonschema
            s = json.load(open('scenarios/schema.json'))
            jsonschema.Draft7Validator.check_schema(s)
            bad = []
            for f in sorted(glob.glob('scenarios/**/*.json', recursive=True)):
                if f.endswith('schema.json'): continue
                try: jsonschema.validate(json.load(open(f)), s)
                except jsonschema.ValidationError as e: bad.append(f + ': ' + e.message)
            # A malformed scenario must be rejected too.
            try:
                jsonschema.validate({"editor": {"frame": {"shap": "rect"}}}, s); bad.append('unknown key accepted')
            except jsonschema.ValidationError: pass
            print('\\n'.join(bad)); sys.exit(1 if bad else 0)
            """
        let r = try runProcess("python3", ["-c", script], in: packageRoot)
        XCTAssertEqual(r.code, 0, r.out + r.err)
    }
}
