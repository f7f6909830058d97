#!/usr/bin/python3
"""Render a tmux pane capture (`tmux capture-pane -e -p`) to a PNG.

Usage: render_screenshot.py CAPTURE.ans OUT.png COLUMNS ROWS

The capture's ANSI escapes are interpreted by pyte (a terminal emulator), and every cell is drawn with
DejaVu Sans Mono in a dark palette, so the PNG shows exactly what the terminal showed.
"""
import sys

import pyte
from PIL import Image, ImageDraw, ImageFont

FONT_DIR = "/usr/share/fonts/truetype/dejavu/"
SIZE = 16
PALETTE = {
    "default": (220, 223, 228), "black": (40, 44, 52), "red": (224, 108, 117), "green": (152, 195, 121),
    "brown": (229, 192, 123), "yellow": (229, 192, 123), "blue": (97, 175, 239), "magenta": (198, 120, 221),
    "cyan": (86, 182, 194), "white": (220, 223, 228),
}
BACKGROUND = (30, 33, 39)


def color(name, fallback):
    if name == "default":
        return fallback
    if name in PALETTE:
        return PALETTE[name]
    if len(name) == 6:
        return tuple(int(name[i:i + 2], 16) for i in (0, 2, 4))
    return fallback


class Fonts:
    """DejaVu Sans Mono, falling back to DejaVu Sans for symbols the monospaced face lacks."""

    def __init__(self):
        self.mono = ImageFont.truetype(FONT_DIR + "DejaVuSansMono.ttf", SIZE)
        self.bold = ImageFont.truetype(FONT_DIR + "DejaVuSansMono-Bold.ttf", SIZE)
        self.sans = ImageFont.truetype(FONT_DIR + "DejaVuSans.ttf", SIZE)
        self.missing = self.signature(self.mono, "\ue000")
        self.cache = {}

    @staticmethod
    def signature(face, char):
        mask = face.getmask(char)
        return mask.size, bytes(mask)

    def font(self, char, bold):
        key = (char, bold)
        if key not in self.cache:
            face = self.bold if bold else self.mono
            if ord(char) > 127 and self.signature(face, char) == self.missing:
                face = self.sans
            self.cache[key] = face
        return self.cache[key]


def render(capture, out, columns, rows):
    screen = pyte.Screen(columns, rows)
    stream = pyte.Stream(screen)
    text = open(capture, encoding="utf-8", errors="replace").read()
    lines = text.split("\n")[:rows]
    stream.feed("\r\n".join(lines))
    fonts = Fonts()
    cell_w = round(fonts.mono.getlength("M"))
    cell_h = round(SIZE * 1.25)
    pad = 12
    image = Image.new("RGB", (columns * cell_w + 2 * pad, rows * cell_h + 2 * pad), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for y in range(rows):
        line = screen.buffer[y]
        for x in range(columns):
            cell = line[x]
            if cell.data == "":
                continue
            fg = color(cell.fg, PALETTE["default"])
            bg = color(cell.bg, BACKGROUND)
            if cell.reverse:
                fg, bg = bg, fg
            width = 2 if x + 1 < columns and line[x + 1].data == "" else 1
            left, top = pad + x * cell_w, pad + y * cell_h
            if bg != BACKGROUND:
                draw.rectangle([left, top, left + width * cell_w - 1, top + cell_h - 1], fill=bg)
            char = cell.data
            if char.strip() == "":
                continue
            if char in "█▏▎▍▌▋▊▉":
                eighths = 8 if char == "█" else "▏▎▍▌▋▊▉".index(char) + 1
                draw.rectangle([left, top + 2, left + round(cell_w * eighths / 8) - 1, top + cell_h - 3], fill=fg)
                continue
            if char in "─│┌┐└┘═":
                draw_box(draw, char, left, top, cell_w, cell_h, fg)
                continue
            draw.text((left, top + 1), char, font=fonts.font(char, cell.bold), fill=fg)
    image.save(out)


def draw_box(draw, char, left, top, w, h, fg):
    """Box-drawing lines drawn as lines, so borders join without gaps at any line height."""
    cx, cy = left + w // 2, top + h // 2
    right, bottom = left + w - 1, top + h - 1
    if char == "─":
        draw.line([left, cy, right, cy], fill=fg)
    elif char == "═":
        draw.line([left, cy - 1, right, cy - 1], fill=fg)
        draw.line([left, cy + 1, right, cy + 1], fill=fg)
    elif char == "│":
        draw.line([cx, top, cx, bottom], fill=fg)
    elif char == "┌":
        draw.line([cx, cy, right, cy], fill=fg)
        draw.line([cx, cy, cx, bottom], fill=fg)
    elif char == "┐":
        draw.line([left, cy, cx, cy], fill=fg)
        draw.line([cx, cy, cx, bottom], fill=fg)
    elif char == "└":
        draw.line([cx, top, cx, cy], fill=fg)
        draw.line([cx, cy, right, cy], fill=fg)
    elif char == "┘":
        draw.line([cx, top, cx, cy], fill=fg)
        draw.line([left, cy, cx, cy], fill=fg)


if __name__ == "__main__":
    render(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
