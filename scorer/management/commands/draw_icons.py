"""`manage.py draw_icons`: the app's icons and favicons, drawn from one artwork (a spade
from the site's own DejaVu Serif, in the page's paper colour on its accent), into
static/icons/. Run again only when the artwork changes; the files are kept in the
repository."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont

from scorer.phone.app import ACCENT, ICONS, PAPER

FONT = Path(settings.BASE_DIR) / "static" / "fonts" / "DejaVuSerif-Bold.ttf"
SPADE = "\u2660"
# The spade's height as a share of the icon: a maskable icon keeps it inside the central
# circle (80% of the side) that every launcher's mask leaves visible.
SHARE = {"any": 0.62, "maskable": 0.46}


class Command(BaseCommand):
    help = "Draw the app's icons and favicons into static/icons/."

    def handle(self, *args: Any, **options: Any) -> None:
        folder = Path(settings.BASE_DIR) / "static" / "icons"
        try:
            folder.mkdir(exist_ok=True)
            for name, size, purpose in ICONS:
                png(size, purpose).save(folder / name, optimize=True)
            (folder / "icon.svg").write_text(svg())
        except OSError as error:
            raise CommandError(f"cannot write the icons in {folder}: {error.strerror}") from None
        self.stdout.write(f"Drew {len(ICONS) + 1} icons in {folder}.")


def png(size: int, purpose: str) -> Image.Image:
    """The spade centred on the accent: a rounded square, or full bleed for a mask."""
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if purpose == "maskable":
        draw.rectangle((0, 0, size, size), fill=ACCENT)
    else:
        draw.rounded_rectangle((0, 0, size - 1, size - 1), radius=size // 6, fill=ACCENT)
    font = ImageFont.truetype(str(FONT), size=int(size * SHARE[purpose] * 1.35))
    left, top, right, bottom = draw.textbbox((0, 0), SPADE, font=font)
    x = (size - (right - left)) / 2 - left
    y = (size - (bottom - top)) / 2 - top
    draw.text((x, y), SPADE, font=font, fill=PAPER)
    return image


def svg() -> str:
    """The same spade as a vector, for browsers that take an SVG favicon."""
    font = TTFont(str(FONT))
    glyphs = font.getGlyphSet()
    glyph = glyphs[font.getBestCmap()[ord(SPADE)]]
    bounds = BoundsPen(glyphs)
    glyph.draw(bounds)
    x0, y0, x1, y1 = bounds.bounds
    path = SVGPathPen(glyphs)
    glyph.draw(path)
    height = SHARE["any"] * 100
    scale = height / (y1 - y0)
    dx = 50 - (x0 + x1) / 2 * scale
    dy = 50 + (y0 + y1) / 2 * scale  # glyphs are drawn y-up: flip about the centre
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<rect width="100" height="100" rx="16" fill="{ACCENT}"/>'
        f'<path transform="translate({dx:.2f} {dy:.2f}) scale({scale:.5f} {-scale:.5f})" '
        f'fill="{PAPER}" d="{path.getCommands()}"/></svg>\n'
    )
