#!/usr/bin/env python3
"""Writes the small images ImagesTests reads (run from this folder; Pillow and Debian's `vips` CLI).

Each file is named after what it shows; all are a few KB so they can be committed."""
import struct
import subprocess
import zlib

from PIL import Image, ImageDraw


def photo(width, height, mode="RGB"):
    """A gradient with a few shapes: compresses like a photo, not like a flat colour."""
    image = Image.new("RGB", (width, height))
    pixels = image.load()
    for y in range(height):
        for x in range(width):
            pixels[x, y] = ((x * 255) // width, (y * 255) // height, ((x + y) * 7) % 256)
    draw = ImageDraw.Draw(image)
    draw.ellipse((width // 4, height // 4, width // 2, height // 2), fill=(250, 250, 40))
    return image.convert(mode) if mode != "RGB" else image


photo(400, 300).save("photo-400x300.jpg", quality=85)
photo(400, 300).save("photo-400x300.png")
photo(400, 300).save("photo-400x300.webp", quality=80)
photo(160, 120).save("photo-160x120.tiff", compression="jpeg")
photo(120, 90).save("small-120x90.jpg", quality=85)
photo(200, 150, "CMYK").save("cmyk-200x150.jpg", quality=85)
photo(200, 150, "L").save("grey-200x150.jpg", quality=85)

# Stored 300 wide and 200 high, EXIF orientation 6 (rotate 90° clockwise to view: 200 × 300), with GPS tags.
exif = Image.Exif()
exif[0x0112] = 6
exif[0x010F] = "TestCamera"
gps = {1: "N", 2: (48.0, 51.0, 24.0), 3: "E", 4: (2.0, 21.0, 7.0)}
exif[0x8825] = gps
photo(300, 200).save("orientation-6-gps-300x200.jpg", quality=85, exif=exif.tobytes())

# Three frames, red then green then blue: the copy is the red one.
frames = [Image.new("RGB", (120, 80), colour) for colour in [(255, 0, 0), (0, 255, 0), (0, 0, 255)]]
frames[0].save("animated-red-green-blue.gif", save_all=True, append_images=frames[1:], duration=100, loop=0)

# Transparent corners on an opaque square, and an RGBA PNG that is opaque everywhere.
alpha = Image.new("RGBA", (160, 120), (0, 0, 0, 0))
ImageDraw.Draw(alpha).rectangle((40, 30, 120, 90), fill=(20, 120, 200, 255))
alpha.save("transparent-corners-160x120.png")
photo(160, 120).convert("RGBA").save("opaque-rgba-160x120.png")


def png(width, height, bit_depth, colour_type, rows):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


# 16 bits per sample, RGBA: a horizontal ramp, alpha half on the left, full on the right.
rows = bytearray()
for y in range(60):
    rows.append(0)
    for x in range(80):
        alpha16 = 0x8000 if x < 40 else 0xFFFF
        rows += struct.pack(">HHHH", x * 800, y * 1000, 0x4000, alpha16)
open("rgba16-80x60.png", "wb").write(png(80, 60, 16, 6, bytes(rows)))

# A decompression bomb's header: 50,000 × 50,000 declared, a few rows of data (the file is tiny).
open("bomb-50000x50000.png", "wb").write(png(50000, 50000, 8, 2, bytes(3 * 50000 + 1) * 4))

data = open("photo-400x300.jpg", "rb").read()
open("truncated-photo.jpg", "wb").write(data[: len(data) // 2])

open("script.svg", "w").write(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">'
    '<script>alert(1)</script><rect width="100" height="100"/></svg>\n')
open("page-answered-as-image.html", "w").write(
    "<!DOCTYPE html><html><head><title>Hotlinking not allowed</title></head><body>403</body></html>\n")

subprocess.run(["vips", "heifsave", "photo-400x300.png", "photo-400x300.heic", "--Q", "50"], check=True)
