#!/usr/bin/env python3
"""Writes N realistic-size photo JPEGs (seeded) into a folder: python3 make_photos.py OUT [N].

No real photos ship with Debian's packages at these sizes, so these are made to decode and compress like
camera photos rather than like flat test cards: a sky-to-ground gradient, large soft shapes, a blurred
mid-frequency layer, fine sensor noise and sharp edges, at the sizes news sites serve (2400x1600, 3000x2000,
1920x1280, 1600x1067 landscape; 1600x2400 portrait), quality 88 with 4:2:0 chroma, a tenth with EXIF
orientation 6 (the copies are turned), a twentieth in CMYK."""
import os
import random
import sys

from PIL import Image, ImageDraw, ImageFilter

SIZES = [(2400, 1600), (3000, 2000), (1920, 1280), (1600, 1067), (1600, 2400)]


def photo(rng, width, height):
    small = (width // 8, height // 8)
    top = tuple(rng.randrange(60, 200) for _ in range(3))
    bottom = tuple(rng.randrange(20, 140) for _ in range(3))
    base = Image.linear_gradient("L").resize(small)
    image = Image.composite(Image.new("RGB", small, bottom), Image.new("RGB", small, top), base)
    draw = ImageDraw.Draw(image)
    for _ in range(rng.randrange(6, 14)):
        x, y = rng.randrange(small[0]), rng.randrange(small[1])
        r = rng.randrange(small[0] // 20, small[0] // 4)
        colour = tuple(rng.randrange(256) for _ in range(3))
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)
    image = image.filter(ImageFilter.GaussianBlur(3)).resize((width, height), Image.BICUBIC)
    # Texture: mid-frequency detail and sensor noise, blended in.
    texture = Image.effect_noise((width // 2, height // 2), 40).resize((width, height), Image.BICUBIC)
    grain = Image.effect_noise((width, height), 18)
    detail = Image.merge("RGB", [texture, grain, texture])
    image = Image.blend(image, detail, 0.18)
    draw = ImageDraw.Draw(image)
    for _ in range(rng.randrange(3, 8)):
        x0, y0 = rng.randrange(width), rng.randrange(height)
        draw.line((x0, y0, x0 + rng.randrange(-600, 600), y0 + rng.randrange(-400, 400)),
                  fill=tuple(rng.randrange(256) for _ in range(3)), width=rng.randrange(2, 12))
    return image


def main():
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    os.makedirs(out, exist_ok=True)
    rng = random.Random(17)
    for index in range(count):
        name = os.path.join(out, f"photo-{index:03d}.jpg")
        if os.path.exists(name):
            continue
        width, height = SIZES[index % len(SIZES)]
        image = photo(rng, width, height)
        options = {"quality": 88, "subsampling": 2}
        if index % 10 == 3:
            exif = Image.Exif()
            exif[0x0112] = 6
            options["exif"] = exif.tobytes()
        if index % 20 == 7:
            image = image.convert("CMYK")
        image.save(name, "JPEG", **options)


if __name__ == "__main__":
    main()
