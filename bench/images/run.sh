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

# Where the time goes: the codec floor (the decode and the encodes alone, one thread) against the whole of each
# tool's work on one process, CPU time (user + system), all 200 photos.
cc -O2 -o "$scratch/codec-floor" bench/images/codec_floor.c $(pkg-config --cflags --libs vips)
"$scratch/codec-floor" "$photos"/*
one=$(mktemp -d)
MALLOC_ARENA_MAX=2 /usr/bin/time -f "newsfeed, 1 worker: %U s user + %S s system" \
    "$scratch/release/images-bench" --workers 1 --out "$one/newsfeed" "$photos"/* >/dev/null
/usr/bin/time -f "Pillow, 1 process: %U s user + %S s system" \
    python3 bench/images/pillow_thumbnails.py --workers 1 --out "$one/pillow" "$photos"/* >/dev/null
rm -rf "$one"
