#!/usr/bin/env bash
# The static command line: `swift build -c release --static-swift-stdlib --product cropreplay`
# gives a binary that runs with no Swift runtime installed, only the C libraries (libpng,
# libjpeg-turbo, libdeflate, libwebp and glibc). The release workflow builds it on tags and
# attaches it to the release. By hand:
#
#   bash Tests/static-cli-build.sh [BUILD-FOLDER [OUT-FILE]]
#
# 1. The release build with the Swift standard library, Foundation and Dispatch linked
#    statically (a fresh build took 437 s on this project's 2 shared cores; an existing
#    BUILD-FOLDER makes it incremental).
# 2. `ldd` and the ELF header name no Swift library (libswift*, Foundation, dispatch,
#    BlocksRuntime, ICU) and no toolchain folder (RUNPATH).
# 3. The binary, stripped (81 MB -> 62 MB, 24 MB gzipped) and copied to a temporary folder with
#    three committed scenarios and their goldens,
#    runs `--version`, `validate`, `check` (all pass) and `run --apng --gif --webp` with the
#    toolchain's runtime out of reach: in a user and mount namespace (`unshare -rm`), an empty
#    folder is mounted over the toolchain's lib/swift (and /usr/lib/swift where it exists), and
#    a control program compiled against the shared runtime must fail to start there, so the
#    hiding is shown to bite. Without namespaces, only the loader path is cleared (loudly).
# 4. With OUT-FILE, the tested (stripped) binary is copied there: what the release attaches.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
build=${1:-$work/static-build}
case $build in /*) ;; *) build=$PWD/$build ;; esac
out_file=${2:-}
case $out_file in /* | "") ;; *) out_file=$PWD/$out_file ;; esac
say() { echo "static-cli-build: $*"; }
fail() {
  say "FAILED: $*"
  exit 1
}
[ -z "$out_file" ] || [ -d "$(dirname "$out_file")" ] || fail "OUT-FILE $out_file: its folder does not exist"

# 1. The build.
started=$(date +%s)
if ! swift build --package-path "$root" --scratch-path "$build" -c release --static-swift-stdlib --product cropreplay \
  >"$work/build.log" 2>&1; then
  grep -v "^warning: \|^\[[0-9]*/[0-9]*\] " "$work/build.log" | tail -30
  fail "the static build failed"
fi
binary=$build/release/cropreplay
[ -x "$binary" ] || fail "no binary at $binary"
say "built $binary in $(($(date +%s) - started)) s ($(du -h "$binary" | cut -f1))"

# 2. What it links.
toolchain=$(cd "$(dirname "$(readlink -f "$(command -v swiftc)")")/.." && pwd)
linked=$(ldd "$binary")
if echo "$linked" | grep -Ei "libswift|Foundation|libdispatch|BlocksRuntime|libicu"; then
  fail "the binary links a Swift runtime library (above)"
fi
if readelf -d "$binary" | grep -E "RPATH|RUNPATH" | grep -F "$toolchain"; then
  fail "the binary's RUNPATH names the toolchain (above)"
fi
say "ok: ldd names no Swift library; it needs $(echo "$linked" | awk '/=>/ {print $1}' | sort | tr '\n' ' ')"

# 3. Run it with the runtime out of reach.
mkdir -p "$work/suite/scenarios" "$work/suite/golden" "$work/empty" "$work/bin"
cp "$binary" "$work/bin/cropreplay"
strip "$work/bin/cropreplay"
for name in cab-drag-out ffr-drag-out box-corner-drag-refit; do
  cp "$root/scenarios/$name.json" "$work/suite/scenarios/"
  cp -R "$root/golden/$name" "$work/suite/golden/"
done
hidden=("$toolchain/lib/swift")
[ -d /usr/lib/swift ] && hidden+=(/usr/lib/swift)
printf 'print("the shared Swift runtime was found")\n' >"$work/control.swift"
swiftc "$work/control.swift" -o "$work/bin/control"
cd "$work/suite"
inner='set -eu; e=$1; n=$2; shift 2; while [ "$n" -gt 0 ]; do mount --bind "$e" "$1"; shift; n=$((n - 1)); done; exec "$@"'
if unshare -rm true 2>/dev/null; then
  hide() { env -u LD_LIBRARY_PATH unshare -rm bash -c "$inner" bash "$work/empty" "${#hidden[@]}" "${hidden[@]}" "$@"; }
  if hide "$work/bin/control" >"$work/control.log" 2>&1; then
    fail "a dynamically linked Swift program ran with ${hidden[*]} hidden, so the hiding does not work"
  fi
  grep -q "libswift.*cannot open shared object file" "$work/control.log" ||
    fail "the control failed for another reason: $(cat "$work/control.log")"
  say "control: with ${hidden[*]} hidden a dynamically linked Swift program does not start: $(head -1 "$work/control.log")"
  conditions="with ${hidden[*]} hidden"
else
  say "SKIPPED LOUDLY: unprivileged mount namespaces are not available; the runtime is only off the loader path"
  hide() { env -u LD_LIBRARY_PATH "$@"; }
  conditions="with LD_LIBRARY_PATH cleared"
fi
version=$(hide "$work/bin/cropreplay" --version) || fail "--version did not run $conditions"
hide "$work/bin/cropreplay" validate scenarios >/dev/null || fail "validate failed $conditions"
out=$(hide "$work/bin/cropreplay" check) || fail "check failed $conditions: $out"
echo "$out" | grep -q "^3 passed, 0 failed$" || fail "check did not pass the three scenarios: $out"
hide "$work/bin/cropreplay" run scenarios/cab-drag-out.json --apng --gif --webp --out out >/dev/null ||
  fail "run --apng --gif --webp failed $conditions"
for f in trace.json animation.png animation.gif animation.webp; do
  [ -s "out/cab-drag-out/$f" ] || fail "run wrote no $f"
done
say "ok: cropreplay $version ran --version, validate, check (3 passed) and run --apng --gif --webp $conditions"
if [ -n "$out_file" ]; then
  cp "$work/bin/cropreplay" "$out_file"
  say "the tested binary is $out_file"
fi
