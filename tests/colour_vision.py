"""Colour maths for the palette tests: colour-blindness simulation and perceptual distance.

Simulation: Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for
Simulation of Color Vision Deficiency", the published matrices at severity 1.0 (full
protanopia, deuteranopia, tritanopia), applied to linear RGB. Distance: CIEDE2000 in CIELAB
(D65), the CIE's current formula for small and medium colour differences. Written from the
published formulas; no colour library is needed for forty lines of arithmetic.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from pathlib import Path

Rgb = tuple[float, float, float]
Lab = tuple[float, float, float]
Matrix = tuple[Rgb, Rgb, Rgb]

#: Machado et al. 2009, severity 1.0, for linear RGB.
MACHADO: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}

_HEX = re.compile(r"#[0-9a-f]{6}")


def linear_rgb(hex_colour: str) -> Rgb:
    """sRGB '#rrggbb' to linear RGB in [0, 1] (the sRGB transfer curve undone)."""
    if not _HEX.fullmatch(hex_colour):
        raise ValueError(f"not a #rrggbb colour: {hex_colour!r}")

    def channel(i: int) -> float:
        c = int(hex_colour[1 + 2 * i : 3 + 2 * i], 16) / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return (channel(0), channel(1), channel(2))


def simulate(rgb: Rgb, kind: str) -> Rgb:
    """How a person with `kind` of colour blindness sees a linear RGB colour (clipped)."""
    m = MACHADO[kind]
    out = [sum(m[r][c] * rgb[c] for c in range(3)) for r in range(3)]
    return (min(1.0, max(0.0, out[0])), min(1.0, max(0.0, out[1])), min(1.0, max(0.0, out[2])))


def grayscale(rgb: Rgb) -> Rgb:
    """A grey of the same relative luminance (what is left when colour carries nothing)."""
    y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
    return (y, y, y)


def lab(rgb: Rgb) -> Lab:
    """Linear RGB to CIELAB, D65 white."""
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def ciede2000(a: Lab, b: Lab) -> float:
    """The CIEDE2000 colour difference (kL = kC = kH = 1)."""
    l1, a1, b1 = a
    l2, a2, b2 = b
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        if dh > 180:
            dh -= 360
        elif dh < -180:
            dh += 360
    big_dh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, c_bar_p = (l1 + l2) / 2, (c1p + c2p) / 2
    h_bar = h1p + h2p
    if c1p * c2p:
        if abs(h1p - h2p) <= 180:
            h_bar = (h1p + h2p) / 2
        else:
            h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_bar - 30))
        + 0.24 * math.cos(math.radians(2 * h_bar))
        + 0.32 * math.cos(math.radians(3 * h_bar + 6))
        - 0.20 * math.cos(math.radians(4 * h_bar - 63))
    )
    sl = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    sc = 1 + 0.045 * c_bar_p
    sh = 1 + 0.015 * c_bar_p * t
    rt = (
        -2
        * math.sqrt(c_bar_p**7 / (c_bar_p**7 + 25**7))
        * math.sin(math.radians(60 * math.exp(-(((h_bar - 275) / 25) ** 2))))
    )
    return math.sqrt(
        (dl / sl) ** 2 + (dc / sc) ** 2 + (big_dh / sh) ** 2 + rt * (dc / sc) * (big_dh / sh)
    )


VISIONS: dict[str, Callable[[Rgb], Rgb]] = {
    "normal": lambda rgb: rgb,
    "protanopia": lambda rgb: simulate(rgb, "protanopia"),
    "deuteranopia": lambda rgb: simulate(rgb, "deuteranopia"),
    "tritanopia": lambda rgb: simulate(rgb, "tritanopia"),
    "grayscale": grayscale,
}


def closest_pairs(palette: dict[str, str], vision: str) -> list[tuple[float, str, str]]:
    """Every pair of the palette with its CIEDE2000 distance as `vision` sees it, closest first."""
    seen = {name: lab(VISIONS[vision](linear_rgb(hex_))) for name, hex_ in palette.items()}
    names = sorted(seen)
    pairs = [
        (ciede2000(seen[p], seen[q]), p, q) for i, p in enumerate(names) for q in names[i + 1 :]
    ]
    return sorted(pairs)


_BLOCK = re.compile(r"export const (\w+) = ([{\[])(.*?)[}\]];", re.S)
_ENTRY = re.compile(r'(?:(\w+): )?"(#[0-9a-f]{6})"')


def read_colours_module(path: Path) -> dict[str, dict[str, str]]:
    """The colour tables of a game's web/colours.js, the one place its renderer reads them.

    Each table is `export const NAME = { key: "#rrggbb", ... };` or a list of "#rrggbb" (a
    list's keys are "0", "1", ...). Anything else inside a table is an error, so a table the
    test cannot read fails loudly instead of being skipped.
    """
    tables: dict[str, dict[str, str]] = {}
    text = re.sub(r"//[^\n]*", "", path.read_text(encoding="utf-8"))
    for name, bracket, body in _BLOCK.findall(text):
        table: dict[str, str] = {}
        for item in filter(None, (part.strip() for part in body.split(","))):
            m = _ENTRY.fullmatch(item)
            if not m or (m.group(1) is None) != (bracket == "["):
                raise ValueError(f"{path.name}: {name}: cannot read {item!r}")
            table[m.group(1) or str(len(table))] = m.group(2)
        tables[name] = table
    return tables
