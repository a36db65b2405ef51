#!/usr/bin/env bash
# How much slower the debug build is than the release build, where users feel it: the debug
# build is what a client's `swift test` runs.
#   Benchmarks/debug_ratio.sh            (builds both configurations first)
# Prints a Markdown table: wall seconds (best of 3) for each command in each build.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c debug --product cropreplay 2>&1 | tail -1
swift build -c release --product cropreplay 2>&1 | tail -1
debug=$(swift build -c debug --show-bin-path)/cropreplay
release=$(swift build -c release --show-bin-path)/cropreplay
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
best() {  # best wall time in seconds of 3 runs of "$@"
  local best=999999
  for _ in 1 2 3; do
    local s e
    s=$(date +%s.%N)
    "$@" >/dev/null 2>&1
    e=$(date +%s.%N)
    best=$(python3 -c "print(min($best, $e - $s))")
  done
  printf '%.2f' "$best"
}
echo
echo "| command | debug (s) | release (s) | debug / release |"
echo "|---|---|---|---|"
row() {
  local name=$1; shift
  local d r
  d=$(best "$debug" "$@" --out "$work/d")
  r=$(best "$release" "$@" --out "$work/r")
  printf '| `%s` | %s | %s | %.1fx |\n' "$name" "$d" "$r" "$(python3 -c "print($d / $r)")"
}
# check takes no --out: run it directly.
d=$(best "$debug" check scenarios); r=$(best "$release" check scenarios)
printf '| `check` (%s scenarios) | %s | %s | %.1fx |\n' "$(ls scenarios/*.json | grep -vc schema.json)" "$d" "$r" "$(python3 -c "print($d / $r)")"
row "run --frames (cab-momentum-fling)" run scenarios/cab-momentum-fling.json --frames
row "run --apng --gif (cab-momentum-fling)" run scenarios/cab-momentum-fling.json --apng --gif
row "demo" demo
