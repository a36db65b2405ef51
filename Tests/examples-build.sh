#!/usr/bin/env bash
# The open-engine example (Examples/CustomBehaviour: a policy, a curve and an editor model of a
# user's own) builds and runs from a copy outside the repository, as a client package would.
# Run by .ci/run; by hand:
#
#   bash Tests/examples-build.sh
#
# 1. The example is copied to a temporary folder and built there with CROPREPLAY_PATH naming
#    this repository.
# 2. `custom-report` runs: its compare page shows the user's stepZoom policy beside the built-in
#    rubberBand and clamp, and its conformance report names the first frame and field where the
#    clamping editor departs from the reference.
# 3. `custom-cropreplay compare` puts the clamping model beside the reference and varies the
#    stepZoom policy's band parameter.
# 4. `custom-cropreplay explore --model jumpy` finds the example's planted bug and shrinks it.
# 5. The example's own tests pass (`swift test`, Swift Testing), among them
#    `custom-cropreplay play --model clamping` driven in headless Chromium by
#    Tests/Browser/playground_cdp.py: a recorded drag replays under `run --model clamping` to the
#    live frames. Without Chromium it is skipped with a loud line (shown below); under
#    CROPREPLAY_REQUIRE_BROWSER=1 (.ci/run) a missing browser fails it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
say() { echo "examples-build: $*"; }
fail() {
  say "FAILED: $*"
  exit 1
}
tar -C "$root/Examples" --exclude=.build --exclude=.swiftpm -cf - CustomBehaviour | tar -C "$copy" -xf -
example=$copy/CustomBehaviour
say "building $example (CROPREPLAY_PATH=$root)"
export CROPREPLAY_PATH=$root
swift build --package-path "$example" 2>&1 | grep -v "^warning: \|^    apt-get install\|^    brew install" | tail -3
out=$copy/report
(cd "$copy" && swift run --skip-build --package-path "$example" custom-report "$out") >"$copy/report.log" 2>&1 || {
  cat "$copy/report.log"
  fail "custom-report exited with $?"
}
cat "$copy/report.log"
page=$out/pinch-snaps-compare/index.html
[ -f "$page" ] || fail "no compare page at $page"
for policy in stepZoom rubberBand clamp; do
  grep -q "$policy" "$page" || fail "the compare page does not show $policy"
done
grep -q '^| stepZoom |' "$copy/report.log" || fail "the compare table has no stepZoom row"
grep -Eq '^DEPARTS drag-out: frame [0-9]+: imageRect\.y [-0-9.]+ -> [-0-9.]+ \([-+][0-9.]+ pt\)' "$copy/report.log" ||
  fail "the conformance report does not name the clamping editor's first departing frame and field on drag-out"
grep -Eq '^model "clamping" against the reference: [0-9]+ scripts, ' "$copy/report.log" ||
  fail "the conformance report has no summary"
[ -f "$out/conformance/conformance.json" ] || fail "no conformance.json"
say "ok: the compare page shows stepZoom beside rubberBand and clamp; conform names the first departure"
# 3. The example's command line compares its editor model beside the reference, and varies
#    its policy's band parameter.
custom() { (cd "$copy" && swift run --skip-build --package-path "$example" custom-cropreplay "$@") >"$copy/custom.log" 2>&1 || {
  cat "$copy/custom.log"
  fail "custom-cropreplay $* exited with $?"
}; }
custom compare "$example/scenarios/drag-out.json" --models reference,clamping --every 4 --out "$copy/models"
for v in reference clamping; do
  [ -f "$copy/models/drag-out-compare/$v/trace.json" ] || fail "compare --models wrote no $v/trace.json"
done
custom compare "$example/scenarios/pinch-snaps.json" --vary policy.params.band=0.3,0.6 --every 4 --out "$copy/band"
for v in 0.3 0.6; do
  [ -f "$copy/band/pinch-snaps-compare/policy.params.band=$v/trace.json" ] || fail "compare --vary wrote no band=$v"
done
say "ok: compare --models reference,clamping and --vary policy.params.band=0.3,0.6 wrote every variant"
# 4. explore on the user's code: the planted bug of the jumpy model (a jump at a pan's began) is
#    found, shrunk to at most two steps and written as a scenario the reproduce line (naming
#    custom-cropreplay) replays under `run --model jumpy`.
set +e
(cd "$copy" && swift run --skip-build --package-path "$example" custom-cropreplay explore --model jumpy \
  --preset circle-avatar-bounce --count 20 --out "$copy/explore") >"$copy/explore.log" 2>&1
code=$?
set -e
cat "$copy/explore.log"
[ "$code" = 1 ] || fail "explore --model jumpy exited with $code, expected 1 (findings)"
line=$(grep -m1 '^  reproduce: custom-cropreplay run --model jumpy ' "$copy/explore.log") ||
  fail "no reproduce line naming custom-cropreplay"
scenario=${line##* }
steps=$(grep -c '^    {' "$scenario")
[ "$steps" -le 3 ] || fail "the shrunk scenario has $((steps - 1)) steps, expected at most 2"
(cd "$copy" && swift run --skip-build --package-path "$example" custom-cropreplay run --model jumpy "$scenario" \
  --out "$copy/explore-run") >/dev/null || fail "the shrunk scenario does not replay under run --model jumpy"
say "ok: explore --model jumpy finds the planted jump and shrinks it to $((steps - 1)) step(s)"
swift test --package-path "$example" >"$copy/test.log" 2>&1 || {
  grep -v "^warning: " "$copy/test.log" | tail -40
  fail "the example's tests failed"
}
grep -F 'SKIPPED' "$copy/test.log" || true
grep -v "^warning: " "$copy/test.log" | tail -4
say "ok: the example's tests pass"
