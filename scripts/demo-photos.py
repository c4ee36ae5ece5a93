#!/usr/bin/env python3
"""Draws the demo restaurant's photos (assets/demo-photos/): a few dishes seen from
above on a wooden table, and a banner. Drawn, not photographed, so they are ours to
ship; small WebP files, because the binary embeds them. The shop renders them like any
upload on its first start.

    python3 -m pip install Pillow   # once
    python3 scripts/demo-photos.py
"""

import math
import os
import random

from PIL import Image, ImageDraw, ImageFilter

OUT = os.path.join(os.path.dirname(__file__), "..", "assets", "demo-photos")
W, H = 800, 600
# Saved at this size: a card shows 112 CSS pixels, the product window up to 480.
SAVED = (640, 480)
QUALITY = 72


def table(width, height, seed):
    """A wooden table top: warm planks with grain."""
    rnd = random.Random(seed)
    img = Image.new("RGB", (width, height), (120, 78, 45))
    draw = ImageDraw.Draw(img)
    plank = height // 5
    for i in range(0, height, plank):
        shade = rnd.randint(-18, 18)
        draw.rectangle([0, i, width, i + plank], fill=(128 + shade, 84 + shade, 48 + shade // 2))
        draw.line([0, i, width, i], fill=(70, 44, 26), width=3)
        for _ in range(40):
            y = i + rnd.randint(4, plank - 4)
            c = rnd.randint(-25, 10)
            draw.line(
                [0, y, width, y + rnd.randint(-6, 6)],
                fill=(110 + c, 70 + c, 40 + c),
                width=1,
            )
    return img.filter(ImageFilter.GaussianBlur(1.2))


def plate(draw, cx, cy, r, rim=(245, 244, 240), inner=(236, 235, 230)):
    draw.ellipse([cx - r + 10, cy - r + 14, cx + r + 10, cy + r + 14], fill=(60, 38, 22))
    draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=rim)
    draw.ellipse([cx - r * 0.78, cy - r * 0.78, cx + r * 0.78, cy + r * 0.78], fill=inner)


def blobs(draw, rnd, cx, cy, spread, count, size, colours, shape="ellipse"):
    for _ in range(count):
        a = rnd.uniform(0, 2 * math.pi)
        d = spread * math.sqrt(rnd.random())
        x, y = cx + d * math.cos(a), cy + d * math.sin(a)
        s = rnd.uniform(size * 0.6, size * 1.2)
        colour = rnd.choice(colours)
        if shape == "ellipse":
            draw.ellipse([x - s, y - s * 0.8, x + s, y + s * 0.8], fill=colour)
        else:
            draw.polygon(
                [(x + s * math.cos(a + k * 2.1), y + s * math.sin(a + k * 2.1)) for k in range(3)],
                fill=colour,
            )


def pizza():
    img = table(W, H, 11)
    pizza_on(img, W // 2, H // 2, 260)
    return img.filter(ImageFilter.SMOOTH_MORE)


def pizza_on(img, cx, cy, r):
    rnd = random.Random(1)
    draw = ImageDraw.Draw(img)
    draw.ellipse([cx - r + 12, cy - r + 16, cx + r + 12, cy + r + 16], fill=(55, 35, 20))
    draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(214, 160, 88))
    for _ in range(30):  # charred spots on the crust
        a = rnd.uniform(0, 2 * math.pi)
        x, y = cx + (r - 14) * math.cos(a), cy + (r - 14) * math.sin(a)
        draw.ellipse([x - 7, y - 5, x + 7, y + 5], fill=(120, 70, 35))
    draw.ellipse([cx - r + 30, cy - r + 30, cx + r - 30, cy + r - 30], fill=(196, 48, 32))
    blobs(draw, rnd, cx, cy, r - 70, 26, 34, [(250, 240, 214), (244, 230, 196)])
    blobs(draw, rnd, cx, cy, r - 60, 14, 14, [(46, 120, 40), (60, 140, 52)], shape="leaf")


def salad():
    rnd = random.Random(2)
    img = table(W, H, 12)
    draw = ImageDraw.Draw(img)
    cx, cy = W // 2, H // 2
    plate(draw, cx, cy, 250, rim=(250, 250, 250), inner=(242, 242, 240))
    blobs(draw, rnd, cx, cy, 160, 90, 34, [(92, 160, 60), (120, 182, 72), (70, 130, 48), (150, 200, 90)], shape="leaf")
    blobs(draw, rnd, cx, cy, 140, 14, 20, [(210, 40, 36), (226, 60, 44)])
    blobs(draw, rnd, cx, cy, 130, 10, 12, [(240, 240, 232)])
    blobs(draw, rnd, cx, cy, 140, 12, 10, [(40, 30, 36)])
    return img.filter(ImageFilter.SMOOTH_MORE)


def pasta():
    rnd = random.Random(3)
    img = table(W, H, 13)
    draw = ImageDraw.Draw(img)
    cx, cy = W // 2, H // 2
    plate(draw, cx, cy, 250)
    for _ in range(260):  # spaghetti: arcs of warm yellow
        x = cx + rnd.uniform(-150, 150)
        y = cy + rnd.uniform(-130, 130)
        rr = rnd.uniform(30, 90)
        start = rnd.uniform(0, 360)
        draw.arc([x - rr, y - rr, x + rr, y + rr], start, start + rnd.uniform(60, 160), fill=rnd.choice([(236, 200, 110), (226, 186, 96), (246, 214, 130)]), width=5)
    blobs(draw, rnd, cx, cy - 10, 70, 40, 16, [(150, 50, 30), (170, 64, 38), (130, 42, 26)])
    blobs(draw, rnd, cx, cy - 10, 60, 8, 6, [(56, 120, 44)], shape="leaf")
    return img.filter(ImageFilter.SMOOTH_MORE)


def tiramisu():
    rnd = random.Random(4)
    img = table(W, H, 14)
    draw = ImageDraw.Draw(img)
    cx, cy = W // 2, H // 2 + 30
    plate(draw, cx, cy, 230)
    # a slice seen from the side: layers of cream and soaked biscuit, cocoa on top
    x0, x1, y0 = cx - 150, cx + 150, cy - 110
    layers = [(92, 58, 34), (244, 232, 204), (120, 76, 42), (244, 232, 204), (104, 66, 38)]
    h = 34
    for i, colour in enumerate(layers):
        draw.rectangle([x0, y0 + i * h, x1, y0 + (i + 1) * h], fill=colour)
    draw.rectangle([x0, y0 - 14, x1, y0], fill=(84, 50, 30))
    for _ in range(500):
        x, y = rnd.uniform(x0, x1), rnd.uniform(y0 - 14, y0 + 6)
        draw.point((x, y), fill=(60, 36, 20))
    blobs(draw, rnd, cx + 120, cy + 120, 20, 3, 12, [(196, 20, 40)])
    return img.filter(ImageFilter.SMOOTH_MORE)


def drink():
    rnd = random.Random(5)
    img = table(W, H, 15)
    draw = ImageDraw.Draw(img)
    cx = W // 2
    # a tall glass of something dark and fizzy with ice and lemon
    draw.ellipse([cx - 150, 480, cx + 170, 560], fill=(70, 44, 26))
    draw.polygon([(cx - 120, 80), (cx + 120, 80), (cx + 100, 520), (cx - 100, 520)], fill=(210, 222, 226))
    draw.polygon([(cx - 110, 140), (cx + 110, 140), (cx + 94, 508), (cx - 94, 508)], fill=(58, 26, 18))
    for _ in range(5):
        x, y = cx + rnd.uniform(-70, 50), rnd.uniform(150, 260)
        draw.rectangle([x, y, x + 42, y + 38], fill=(160, 120, 110))
    for _ in range(60):
        x, y = cx + rnd.uniform(-90, 90), rnd.uniform(160, 500)
        draw.ellipse([x - 2, y - 2, x + 2, y + 2], fill=(120, 80, 66))
    draw.ellipse([cx + 60, 90, cx + 170, 200], fill=(246, 226, 70))
    draw.ellipse([cx + 76, 106, cx + 154, 184], fill=(250, 240, 150))
    draw.line([cx + 20, 40, cx - 10, 300], fill=(230, 60, 60), width=10)
    return img.filter(ImageFilter.SMOOTH_MORE)


def banner():
    width, height = 1280, 480
    rnd = random.Random(6)
    img = table(width, height, 16)
    pizza_on(img, 260, 240, 180)
    draw = ImageDraw.Draw(img)
    # a linen cloth, basil and tomatoes around the pizza
    draw.polygon([(560, 0), (900, 0), (760, 480), (420, 480)], fill=(236, 230, 214))
    for k in range(0, 480, 24):
        draw.line([(560 - k * 0.29, k), (900 - k * 0.29, k)], fill=(200, 60, 50), width=3)
    for _ in range(7):  # tomatoes with a highlight
        x, y = 1050 + rnd.uniform(-90, 90), 160 + rnd.uniform(-60, 60)
        draw.ellipse([x - 34, y - 32, x + 34, y + 32], fill=(206, 38, 32))
        draw.ellipse([x - 18, y - 20, x - 4, y - 8], fill=(240, 120, 100))
    blobs(draw, rnd, 1050, 340, 110, 22, 20, [(56, 130, 48), (70, 150, 58)], shape="leaf")
    return img.filter(ImageFilter.SMOOTH_MORE)


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, draw in [
        ("pizza", pizza),
        ("salad", salad),
        ("pasta", pasta),
        ("tiramisu", tiramisu),
        ("drink", drink),
        ("banner", banner),
    ]:
        path = os.path.join(OUT, f"{name}.webp")
        img = draw()
        if img.size == (W, H):
            img = img.resize(SAVED, Image.LANCZOS)
        img.save(path, "WEBP", quality=QUALITY, method=6)
        print(path, os.path.getsize(path))


if __name__ == "__main__":
    main()
