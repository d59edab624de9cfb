#!/usr/bin/env bash
# The image cache's thumbnailing against Debian's vipsthumbnail and PyPI's Pillow (bench/README.md, "images").
# Installs what it lacks, builds the probe with the ImageCache trait, makes 200 seeded photos once
# (bench/out/images/photos), then measure.py (ROUNDS=5 by default).
set -euo pipefail
cd "$(dirname "$0")/../.."

need=()
dpkg -s libvips-dev >/dev/null 2>&1 || need+=(libvips-dev)
command -v vipsthumbnail >/dev/null 2>&1 || need+=(libvips-tools)
[ -x /usr/bin/time ] || need+=(time)
if ((${#need[@]})); then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
fi
python3 -c 'import PIL' 2>/dev/null || python3 -m pip install -q Pillow

scratch=.build/bench-images
swift build -c release --traits ImageCache --product images-bench --scratch-path "$scratch" 2>&1 |
    grep -v -e "prohibited flag(s): -pthread" || true
photos=bench/out/images/photos
python3 bench/images/make_photos.py "$photos" 200
echo "libvips $(vips --version), Pillow $(python3 -c 'import PIL; print(PIL.__version__)'), $(nproc) cores"
python3 bench/images/measure.py "$scratch/release/images-bench" "$photos" --rounds "${ROUNDS:-5}" \
    --workers "${WORKERS:-$(nproc)}"
