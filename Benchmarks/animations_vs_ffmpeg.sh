#!/usr/bin/env bash
# Animation size, quality and time against ffmpeg on the same frames (README's table).
#   Benchmarks/animations_vs_ffmpeg.sh
# Needs ffmpeg, python3 with Pillow and numpy (for the GIF PSNR). A 390x844 circle-avatar
# replay of 320 frames, once on the test card and once on the demo's photo.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v ffmpeg >/dev/null || { echo "ffmpeg is not installed (apt-get install ffmpeg)"; exit 0; }
swift build -c release --product cropreplay 2>&1 | tail -1
bin=$(swift build -c release --show-bin-path)/cropreplay
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" demo --out "$work/demo" >/dev/null   # for photo.png
seconds() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N); python3 -c "print(f'{$e - $s:.2f}')"; }
size() { python3 -c "import os; print(f'{os.path.getsize(\"$1\") / 1e6:.2f}')"; }
echo
echo "| content | APNG: CropReplay MB / s | ffmpeg -pred mixed MB / s | GIF: CropReplay MB / s / PSNR | ffmpeg palettegen+paletteuse MB / s / PSNR |"
echo "|---|---|---|---|---|"
for content in testcard photo; do
  image='{"testcard": [1600, 1200]}'
  [ "$content" = photo ] && image="{\"file\": \"$work/demo/photo.png\"}"
  cat > "$work/anim.json" <<JSON
{"name": "anim", "preset": "circle-avatar-bounce",
 "editor": {"viewport": {"width": 390, "height": 844, "scale": 1}, "image": $image},
 "script": [
  {"wait": 0.3}, {"pan": {"by": [120, 80], "duration": 0.6}}, {"until": "settled"},
  {"pinch": {"scale": 0.6, "duration": 0.5}}, {"until": "settled"},
  {"pinch": {"scale": 2.5, "duration": 0.6}}, {"pan": {"by": [-200, -150], "duration": 0.7}},
  {"until": "settled"}, {"wait": 0.5}]}
JSON
  "$bin" run "$work/anim.json" --frames --out "$work/frames" >/dev/null
  frames="$work/frames/anim/frames"
  ta=$(seconds "$bin" run "$work/anim.json" --apng --out "$work/a")
  tg=$(seconds "$bin" run "$work/anim.json" --gif --out "$work/g")
  tfa=$(seconds ffmpeg -v error -y -framerate 60 -i "$frames/%04d.png" -plays 0 -pred mixed "$work/ff.apng")
  tfg=$(seconds ffmpeg -v error -y -framerate 60 -i "$frames/%04d.png" -vf "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=none" "$work/ff.gif")
  psnr() { python3 Benchmarks/gif_psnr.py "$frames" 60 "$1" | sed -E 's/.*quantization PSNR ([0-9.]+) dB.*/\1/'; }
  echo "| $content | $(size "$work/a/anim/animation.png") / $ta | $(size "$work/ff.apng") / $tfa | $(size "$work/g/anim/animation.gif") / $tg / $(psnr "$work/g/anim/animation.gif") dB | $(size "$work/ff.gif") / $tfg / $(psnr "$work/ff.gif") dB |"
done
