#!/usr/bin/env bash
# The engine product for apps (CropReplayEngine) builds without libpng, libjpeg-turbo,
# libdeflate (and libwebp), its modules import nothing but each other, and the app example
# builds and passes its test on it from a copy outside the repository. Run by .ci/run; by hand:
#
#   bash Tests/engine-product-build.sh [BUILD-FOLDER]
#
# 1. Its dependency closure, from `swift package describe`, holds no system-library target
#    and no C target, and its Swift files import only modules of the closure (no Foundation,
#    Glibc, Darwin: nothing that reads files or is POSIX-only).
# 2. It builds (`swift build --target CropReplayEngine`: `--product` does not build an
#    automatic library product) with pkg-config unable to find the libraries: a pkg-config
#    that fails comes first on PATH, and PKG_CONFIG_LIBDIR and PKG_CONFIG_PATH point nowhere.
#    Where unprivileged user namespaces work (`unshare -rm`), the libraries' headers, .pc
#    files and libraries are also hidden (bind-mounted over with an empty file), and a control
#    build of CPNGShim in the same namespace must fail, so the hiding is shown to bite.
# 3. None of the C shims or image modules was built.
# 4. Examples/CropViewApp, copied to a temporary folder with CROPREPLAY_PATH naming this
#    repository, builds and passes `swift test` under the same conditions: an app package that
#    depends on CropReplayEngine links without the libraries.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
owned="" fake="" copy=""
trap 'rm -rf ${fake:+"$fake"} ${copy:+"$copy"} ${owned:+"$owned"}' EXIT
if [ $# -gt 0 ]; then build=$1; else
  owned=$(mktemp -d)
  build=$owned/engine-build
fi
product=CropReplayEngine
say() { echo "engine-product-build: $*"; }

# 1. The closure, statically.
description=$(swift package --package-path "$root" describe --type json) || description=""
if [ -z "$description" ]; then
  say "FAILED: swift package describe gave no description"
  exit 1
fi
python3 -c '
import json, os, re, sys
product = sys.argv[1]
package = json.load(sys.stdin)
targets = {t["name"]: t for t in package["targets"]}
start = next(p for p in package["products"] if p["name"] == product)["targets"]
closure, todo = set(), list(start)
while todo:
    name = todo.pop()
    if name not in closure:
        closure.add(name)
        todo += targets[name].get("target_dependencies", [])
bad = [n for n in closure if targets[n]["module_type"] != "SwiftTarget"]
if bad:
    sys.exit("engine-product-build: the closure of %s holds non-Swift targets: %s" % (product, ", ".join(sorted(bad))))
problems = []
for name in sorted(closure):
    folder = targets[name]["path"]
    folder = folder if os.path.isabs(folder) else os.path.join(sys.argv[2], folder)
    for source in targets[name]["sources"]:
        text = open(os.path.join(folder, source), encoding="utf-8").read()
        for m in re.finditer(r"^[ \t]*(?:@\w+[ \t]+)*import[ \t]+(?:(?:struct|class|enum|protocol|func|var|let|typealias)[ \t]+)?(\w+)", text, re.M):
            if m.group(1) not in closure:
                problems.append("%s/%s imports %s" % (name, source, m.group(1)))
if problems:
    sys.exit("engine-product-build: imports outside the closure: " + "; ".join(problems))
print("engine-product-build: closure of %s: %s (Swift only, no imports outside it)" % (product, ", ".join(sorted(closure))))
' "$product" "$root" <<<"$description"

# 2. The build with the libraries out of reach.
fake=$(mktemp -d)
copy=$(mktemp -d)
printf '#!/bin/sh\necho "pkg-config disabled by engine-product-build.sh" >&2\nexit 1\n' >"$fake/pkg-config"
chmod +x "$fake/pkg-config"
cp "$fake/pkg-config" "$fake/pkgconf"
hidden=()
for f in /usr/include/png.h /usr/include/libpng16/png.h /usr/include/jpeglib.h /usr/include/libdeflate.h \
  /usr/include/x86_64-linux-gnu/jpeglib.h /usr/include/aarch64-linux-gnu/jpeglib.h \
  /usr/lib/*/libpng16.so* /usr/lib/*/libpng.so /usr/lib/*/libpng*.a /usr/lib/*/libjpeg.so* /usr/lib/*/libjpeg.a \
  /usr/lib/*/libdeflate.so* /usr/lib/*/libdeflate.a /usr/lib/*/pkgconfig/libpng*.pc /usr/lib/*/pkgconfig/libjpeg.pc \
  /usr/lib/*/pkgconfig/libdeflate.pc /usr/local/include/png.h /usr/local/include/jpeglib.h /usr/local/include/libdeflate.h \
  /usr/include/webp/*.h /usr/lib/*/libwebp*.so* /usr/lib/*/libwebp*.a /usr/lib/*/pkgconfig/libwebp*.pc; do
  if [ -e "$f" ]; then hidden+=("$(readlink -f "$f")"); fi
done
build_env=(env PATH="$fake:$PATH" PKG_CONFIG_LIBDIR=/nonexistent PKG_CONFIG_PATH=/nonexistent PKG_CONFIG=/bin/false)
# In a new user and mount namespace: bind /dev/null over the files, then run the command.
inner='set -eu; n=$1; shift; while [ "$n" -gt 0 ]; do mount --bind /dev/null "$1"; shift; n=$((n - 1)); done; exec "$@"'
hide() { unshare -rm bash -c "$inner" bash "${#hidden[@]}" "${hidden[@]}" "$@"; }
if [ ${#hidden[@]} -gt 0 ] && unshare -rm true 2>/dev/null; then
  say "hiding ${#hidden[@]} files of libpng, libjpeg-turbo, libdeflate and libwebp in a mount namespace"
  # The control: the PNG shim needs libpng, so with the files hidden its build must fail.
  if hide "${build_env[@]}" swift build --package-path "$root" --target CPNGShim --build-path "$build-control" \
    >"$fake/control.log" 2>&1; then
    say "FAILED: CPNGShim built with libpng hidden, so the hiding does not work"
    exit 1
  fi
  if ! grep -q "error: .*png" "$fake/control.log"; then
    say "FAILED: the control build of CPNGShim failed for another reason than libpng:"
    tail -20 "$fake/control.log"
    exit 1
  fi
  say "control: CPNGShim does not build with libpng hidden, as expected: $(grep -m1 "error: .*png" "$fake/control.log")"
  rm -rf "$build-control"
  hide "${build_env[@]}" swift build --package-path "$root" --target "$product" --build-path "$build"
  hidden_run=(hide)
  conditions="with the image libraries hidden and pkg-config disabled"
else
  say "SKIPPED LOUDLY: unprivileged mount namespaces are not available; the libraries' files are" \
    "present, only pkg-config is disabled (steps 1 and 3 still hold)"
  "${build_env[@]}" swift build --package-path "$root" --target "$product" --build-path "$build"
  hidden_run=()
  conditions="with pkg-config disabled"
fi

# 3. Nothing of the image side was built.
debug="$build/debug"
[ -d "$debug/$product.build" ] || {
  say "FAILED: $debug/$product.build is missing"
  exit 1
}
for target in CPNGShim CJPEGShim CDeflateShim CropImageIO CropBitmap CCropKernels CropPipeline; do
  if compgen -G "$debug/$target.build/*.o" >/dev/null; then
    say "FAILED: $target was built for $product"
    exit 1
  fi
done
say "ok: $product built $conditions, and no C shim or image module was built"

# 4. The app example from a copy outside the repository.
tar -C "$root/Examples" --exclude=.build --exclude=.swiftpm -cf - CropViewApp | tar -C "$copy" -xf -
say "the app example from $copy/CropViewApp (CROPREPLAY_PATH=$root)"
"${hidden_run[@]}" "${build_env[@]}" CROPREPLAY_PATH="$root" swift test --package-path "$copy/CropViewApp" 2>&1 |
  grep -v "^warning: \|^    apt-get install\|^    brew install"
say "ok: the app example builds and passes its test on $product alone, $conditions"
