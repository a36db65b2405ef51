#!/usr/bin/env bash
# DocC for the library products (CropReplayEngine, CropReplay, CropReplayTesting): symbol
# graphs extracted from the debug build that `swift test` uses (so CI builds nothing twice),
# then `docc convert` of each product's catalog (Sources/<product>/<product>.docc, whose
# articles are links to docs/*.md) with warnings as errors: a broken symbol link, a topic
# that names no symbol or a malformed article fails CI. Prints each product's documentation
# coverage. The archives land in .build/docc (DOCC_OUTPUT to change it). The catalogs are
# converted as Tests/docc-articles.py copies them: the pages' GitHub links to each other
# (`behaviour.md#continuity`) become DocC links, so docc checks every one and its anchor.
# The stdlib's synthesized members (`!=`, `hashValue`, `init(rawValue:)` of raw-value enums)
# are left out, as swift-docc-plugin's --skip-synthesized-symbols does; the members the
# package inherits from its own protocol extensions keep their pages and docs.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --target CropReplayTesting
build=$(swift build --show-bin-path)
out=${DOCC_OUTPUT:-.build/docc}
rm -rf "$out"
mkdir -p "$out"
triple=$(swiftc -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)
maps=()
for map in "$build"/*.build/module.modulemap; do maps+=(-Xcc "-fmodule-map-file=$map"); done
reexported=CropGeometry,CropJSON,CropScenario,CropEngine,CropReplayEngine,CropReplay
for product in CropReplayEngine CropReplay CropReplayTesting; do
  mkdir -p "$out/symbols/$product"
  swift-symbolgraph-extract -module-name "$product" -I "$build/Modules" -target "$triple" \
    -minimum-access-level public -skip-synthesized-members \
    -experimental-allowed-reexported-modules="$reexported" \
    -output-dir "$out/symbols/$product" "${maps[@]}"
  echo "docc-build: $product"
  # The catalog with its articles' links between docs pages made DocC links (checked by docc).
  python3 Tests/docc-articles.py "Sources/$product/$product.docc" "$out/catalogs/$product.docc"
  docc convert "$out/catalogs/$product.docc" \
    --additional-symbol-graph-dir "$out/symbols/$product" \
    --fallback-display-name "$product" --fallback-bundle-identifier "org.cropreplay.$product" \
    --enable-inherited-docs --warnings-as-errors \
    --experimental-documentation-coverage --coverage-summary-level brief \
    --output-dir "$out/$product.doccarchive"
done
