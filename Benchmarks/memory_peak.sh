#!/usr/bin/env bash
# Peak memory and time of a long animated run (README's `run --apng --gif` row): a 50 s pan
# on a 390x844 viewport at scale 2, 3000 frames of 780x1688 at 60 fps, into an APNG and a GIF.
#   Benchmarks/memory_peak.sh                 (builds the release cropreplay first)
#   Benchmarks/memory_peak.sh BIN [BIN...]    (those executables instead, e.g. two builds to
#                                              compare; their APNG and GIF are compared too)
# Needs GNU time (/usr/bin/time, Debian's `time` package). Prints one line per executable:
# wall and user seconds and the peak resident set size.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then
  swift build -c release --product cropreplay 2>&1 | tail -1
  set -- "$(swift build -c release --show-bin-path)/cropreplay"
fi
[ -x /usr/bin/time ] || { echo "GNU time is not installed (apt-get install time)"; exit 0; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/long-pan.json" <<'JSON'
{"name": "long-pan", "editor": {"viewport": {"width": 390, "height": 844, "scale": 2}},
 "script": [{"pan": {"by": [-300, -500], "duration": 49.97}}]}
JSON
i=0
for bin in "$@"; do
  i=$((i + 1))
  /usr/bin/time -f "$bin: %e s wall, %U s user, peak RSS %M KB" -o "$work/time" \
    "$bin" run "$work/long-pan.json" --out "$work/out$i" --apng --gif >/dev/null 2>&1
  cat "$work/time"
  if [ $i -gt 1 ]; then
    for f in animation.png animation.gif; do
      cmp "$work/out1/long-pan/$f" "$work/out$i/long-pan/$f" && echo "  $f: identical to the first's"
    done
  fi
done
