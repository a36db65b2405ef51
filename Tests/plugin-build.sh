#!/usr/bin/env bash
# The SwiftPM command plugin (`swift package cropreplay ...`) in a client package built outside
# the repository, as a user's package would use it. Run by .ci/run; by hand:
#
#   bash Tests/plugin-build.sh
#
# 1. A client package (a library on CropReplayEngine, one scenario) is written to a temporary
#    folder, with this repository as its CropReplay dependency. It has no command line of its
#    own, so the plugin runs CropReplay's `cropreplay`: `record` writes golden/ inside the
#    package (with --allow-writing-to-package-directory), `check` passes, and after the
#    scenario changes `check` fails (the plugin's exit status is not 0) naming the scenario.
# 2. The client adds its own command line (an executable on CropReplayCLI that registers a
#    policy, `stiffBand`) and a scenario naming that policy: the plugin now runs the client's
#    executable, so `record` and `check` know the policy; `--executable cropreplay` does not.
# 3. A second executable on CropReplayCLI (a report) joins: the plugin still runs the one
#    whose name contains "cropreplay".
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
name=$(basename "$root")
client=$(mktemp -d)/AvatarApp
trap 'rm -rf "$(dirname "$client")"' EXIT
say() { echo "plugin-build: $*"; }
fail() {
  say "FAILED: $*"
  exit 1
}
started=$(date +%s)
mkdir -p "$client/Sources/AvatarEditor" "$client/scenarios"
manifest() {
  cat >"$client/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "AvatarApp",
    dependencies: [.package(path: "$root")],
    targets: [
        .target(name: "AvatarEditor", dependencies: [.product(name: "CropReplayEngine", package: "$name")]),
$1
    ]
)
SWIFT
}
manifest ""
cat >"$client/Sources/AvatarEditor/AvatarEditor.swift" <<'SWIFT'
import CropReplayEngine

/// The app's editor model, driven by CropReplay's live model.
public let avatarEditor = CropEditorModel.self
SWIFT
scenario() {
  cat >"$client/scenarios/$1.json" <<JSON
{"name": "$1", "preset": "circle-avatar-bounce",
 "editor": {"viewport": {"width": 160, "height": 200, "scale": 1}, "image": {"testcard": [400, 300]}$3},
 "script": [{"pan": {"by": [$2, 30], "duration": 0.3}}, {"snapshot": "released"}, {"until": "settled"}, {"snapshot": "settled"}]}
JSON
}
scenario drag 60 ""
plugin() { (cd "$client" && swift package --allow-writing-to-package-directory cropreplay "$@") 2>&1 | grep -v "^warning: \|^    apt-get install\|^    brew install\|^Building for\|^Build of product\|^\[[0-9]*/[0-9]*\]"; }

say "building the client $client (CropReplay at $root) and recording with the plugin"
out=$(plugin record) || fail "record through the plugin failed: $out"
echo "$out"
[ -f "$client/golden/drag/trace.json" ] && [ -f "$client/golden/drag/settled.png" ] ||
  fail "record wrote no golden inside the package"
out=$(plugin check) || fail "check through the plugin failed: $out"
echo "$out" | grep -q "^1 passed, 0 failed" || fail "check did not pass: $out"
scenario drag 90 ""
if out=$(plugin check); then fail "check passed a changed scenario: $out"; fi
echo "$out" | grep -q "^FAIL drag (scenarios/drag.json)" || fail "check did not name the change: $out"
scenario drag 60 ""
say "ok: record and check through the plugin, with cropreplay (a changed scenario fails) ($(($(date +%s) - started)) s)"

# 2. The client's own command line with its policy registered.
mkdir -p "$client/Sources/avatar-cropreplay"
manifest "        .executableTarget(
            name: \"avatar-cropreplay\",
            dependencies: [
                .product(name: \"CropReplay\", package: \"$name\"), .product(name: \"CropReplayCLI\", package: \"$name\"),
            ]),"
cat >"$client/Sources/avatar-cropreplay/main.swift" <<'SWIFT'
import CropReplay
import CropReplayCLI

/// A stiffer rubber band than a scroll view's; on release the photo is brought back to cover the box.
struct StiffBand: SnapBackPolicy {
    var band: Double
    func touch(_ raw: ViewState, in geometry: PolicyGeometry) -> TouchResponse { .band(band) }
    func resume(from shown: ViewState, in geometry: PolicyGeometry) -> Resumption { .unband(band) }
    func release(_ release: Release, in geometry: PolicyGeometry) -> ViewState? { geometry.project(release.shown) }
}

var registrations = Registrations()
try registrations.register(policy: "stiffBand") { params, _ in
    try params.only(["band"])
    return StiffBand(band: try params.number("band", default: 0.2, in: 0.01...10))
}
CropReplayCommand.main(registering: registrations)
SWIFT
scenario stiff 60 ', "policy": {"kind": "stiffBand", "params": {"band": 0.25}}'
out=$(plugin record scenarios/stiff.json) || fail "record of a scenario naming the client's policy failed: $out"
echo "$out"
[ -f "$client/golden/stiff/trace.json" ] || fail "no golden for the client's scenario"
out=$(plugin check) || fail "check with the client's command line failed: $out"
echo "$out" | grep -q "^2 passed, 0 failed" || fail "check did not pass both: $out"
if out=$(plugin --executable cropreplay check scenarios/stiff.json); then
  fail "cropreplay knew the client's policy: $out"
fi
echo "$out" | grep -q "stiffBand" || fail "cropreplay's refusal does not name the unknown policy: $out"
say "ok: the plugin runs the client's own command line (its policy registered); --executable cropreplay does not know it"

# 3. A second executable on CropReplayCLI (a report): the one named *cropreplay* still runs.
mkdir -p "$client/Sources/avatar-report"
manifest "        .executableTarget(
            name: \"avatar-cropreplay\",
            dependencies: [
                .product(name: \"CropReplay\", package: \"$name\"), .product(name: \"CropReplayCLI\", package: \"$name\"),
            ]),
        .executableTarget(name: \"avatar-report\", dependencies: [.product(name: \"CropReplayCLI\", package: \"$name\")]),"
printf 'import CropReplayCLI\n\nprint("the report")\n' >"$client/Sources/avatar-report/main.swift"
out=$(plugin check scenarios/stiff.json) || fail "check with two executables on CropReplayCLI failed: $out"
echo "$out" | grep -q "^1 passed, 0 failed" || fail "check did not pass with the client's command line: $out"
say "ok: of two executables on CropReplayCLI, the plugin runs avatar-cropreplay"
say "took $(($(date +%s) - started)) s"
