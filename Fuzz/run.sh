#!/usr/bin/env bash
# Builds the libFuzzer entry points and runs each for a given time (see Fuzz/README.md).
#   Fuzz/run.sh [seconds per target=600] [targets=scenario mutate png jpeg writers numbers cdp webdriver getevent session http play]
# Corpora live in Fuzz/corpus/<target> (seeded from scenarios/, Fuzz/seeds/ and golden PNGs
# plus a few invalid files); crashes are written to Fuzz/findings/<target>/. Exits 1 when a
# target wrote a new crash, timeout or out-of-memory input. FUZZ_NICE=1 runs the fuzzer under
# `nice -n 19` (and allows 60 s per input instead of 10: a niced process on a busy machine
# gets little time); FUZZ_FLAGS adds libFuzzer flags (e.g. -runs=100000).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
shift || true
targets=${*:-scenario mutate png jpeg writers numbers cdp webdriver getevent session http play}
swift build -c release --build-path .build/fuzz --product cropreplay-fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING \
  -Xcc -fsanitize=fuzzer-no-link,address 2>&1 | tail -1
bin=.build/fuzz/release/cropreplay-fuzz
# One-time static initialisations that LeakSanitizer misreads (the file says which).
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
nice=()
timeout=10
if [ "${FUZZ_NICE:-0}" = 1 ]; then nice=(nice -n 19); timeout=60; fi
failed=0
for target in $targets; do
  corpus=Fuzz/corpus/$target
  findings=Fuzz/findings/$target
  mkdir -p "$corpus" "$findings"
  case $target in
    scenario) cp -n scenarios/*.json Fuzz/seeds/*.json "$corpus"/ 2>/dev/null || true; rm -f "$corpus/schema.json" ;;
    mutate) # Choice streams: the first byte picks the base scenario (scenarios/, Fuzz/seeds/,
            # the presets), the rest its mutations.
            for i in $(seq 0 63); do printf "\\x$(printf %02x "$i")" > "$corpus/base-$i"; done
            for i in 1 2 3 4; do head -c 48 /dev/urandom > "$corpus/random-$i"; done ;;
    png) for f in golden/*/*.png; do cp -n "$f" "$corpus/$(basename "$(dirname "$f")")-$(basename "$f")"; done
         printf '\x89PNG\r\n\x1a\n' > "$corpus/truncated.png" ;;
    jpeg) cp -n Tests/CropReplayTests/Fixtures/jpeg/*.jpg "$corpus"/ ;;
    cdp) cp -n Tests/CropReplayTests/Fixtures/import/*.cdp "$corpus"/ ;;
    webdriver) cp -n Tests/CropReplayTests/Fixtures/import/*.webdriver.json "$corpus"/ ;;
    getevent) cp -n Tests/CropReplayTests/Fixtures/import/*.getevent "$corpus"/ ;;
    session) cp -n Tests/CropReplayTests/Fixtures/import/*.session.jsonl "$corpus"/ ;;
    http) printf 'GET /api/state?x=1 HTTP/1.1\r\nHost: a\r\n\r\n' > "$corpus/get"
          printf 'POST /api/tick HTTP/1.1\r\nContent-Length: 40\r\n\r\n{"frames":1,"touches":[[1,180,300]]}   ' > "$corpus/post" ;;
    play) printf '\x00{"frames":2,"touches":[[1,180,300],[2,250,400]]}' > "$corpus/tick"
          printf '\x01{"quarterTurn":"clockwise"}' > "$corpus/button"
          printf '\x02{"policy":{"kind":"clamp"}}' > "$corpus/editor"
          printf '\x08{"turns":1,"zoom":2,"at":[10,20]}' > "$corpus/start" ;;
    writers) head -c 600 /dev/urandom > "$corpus/random-1" ;;
    numbers) head -c 256 /dev/urandom > "$corpus/random-1"
             printf '\x7f\xef\xff\xff\xff\xff\xff\xff%.0s' 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 > "$corpus/max-double" ;;
  esac
  before=$(find "$findings" -type f | wc -l)
  echo "== $target for ${seconds}s"
  # shellcheck disable=SC2086
  CROPREPLAY_FUZZ_TARGET=$target "${nice[@]}" "$bin" "$corpus" -artifact_prefix="$findings/" \
    -max_total_time="$seconds" -max_len=65536 -timeout=$timeout -rss_limit_mb=4096 -print_final_stats=1 ${FUZZ_FLAGS:-} 2>&1 \
    | grep -E "^(#[0-9]+[[:space:]]+(DONE|INITED)|Done|stat::number_of_executed_units|stat::average_exec_per_sec|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written|Fatal error)" || true
  after=$(find "$findings" -type f | wc -l)
  if [ "$after" -gt "$before" ]; then
    echo "!! $target wrote $((after - before)) new finding(s) to $findings/"
    failed=1
  fi
done
exit $failed
