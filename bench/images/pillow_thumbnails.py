#!/usr/bin/env python3
"""The Pillow peer: the copies newsfeed makes, written the way a Python user would with Pillow's best tools.

usage: pillow_thumbnails.py --widths 320,640,1280 --workers 2 --out FOLDER FILE...

Per file and width: `draft` (JPEG shrink-on-load, Pillow's counterpart of libvips'), EXIF orientation applied
(`exif_transpose`), sRGB (`convert("RGB")`, CMYK included), `thumbnail` (Lanczos with reducing_gap), never
upscaled, saved as JPEG quality 80, optimized, progressive, without metadata. A pool of --workers processes
(Python threads would share one core under the GIL): as many images at once as newsfeed."""
import argparse
import os
from concurrent.futures import ProcessPoolExecutor

from PIL import Image, ImageOps

TURNED = (5, 6, 7, 8)


def thumbnails(job):
    path, widths, out = job
    base = os.path.splitext(os.path.basename(path))[0]
    made = 0
    for width in widths:
        with Image.open(path) as image:
            turned = image.getexif().get(0x0112, 1) in TURNED
            seen_width, seen_height = (image.height, image.width) if turned else image.size
            if width > seen_width:
                continue
            height = max(1, round(seen_height * width / seen_width))
            image.draft("RGB", (height, width) if turned else (width, height))
            upright = ImageOps.exif_transpose(image).convert("RGB")
            upright.thumbnail((width, 10_000_000), Image.LANCZOS)
            upright.save(os.path.join(out, f"{base}-{width}.jpg"), "JPEG", quality=80, optimize=True,
                         progressive=True)
            made += 1
    return made


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--widths", default="320,640,1280")
    parser.add_argument("--workers", type=int, default=os.cpu_count())
    parser.add_argument("--out", required=True)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    widths = [int(w) for w in args.widths.split(",")]
    os.makedirs(args.out, exist_ok=True)
    with ProcessPoolExecutor(args.workers) as pool:
        made = sum(pool.map(thumbnails, [(f, widths, args.out) for f in args.files]))
    print(f"{len(args.files)} images, {made} copies")


if __name__ == "__main__":
    main()
