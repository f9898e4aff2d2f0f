"""Draw the installed app's icons into docs/assets/app/: 192 and 512 pixels, and a maskable 512 (its mark inside the
middle 80%, the safe zone a launcher's mask never cuts). Run it only to change them; the PNGs are committed.

Needs Pillow and the DejaVu fonts, like scripts/social_card.py (same pinned requirements):
    .venv/bin/python -m pip install -r scripts/social_card.requirements.txt && .venv/bin/python scripts/app_icons.py
With the pinned Pillow, the committed PNGs come out byte for byte.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

OUT = Path(__file__).resolve().parent.parent / "docs" / "assets" / "app"
INDIGO = (64, 81, 181)  # Material's indigo header (#4051b5): the installed app's title bar and splash match it
FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
SIZE = 512


def mark(size: int, inset: float) -> Image.Image:
    """The guide's mark on an indigo square: a white card with "FT" and a tick, inside `inset` of each edge."""
    image = Image.new("RGB", (size, size), INDIGO)
    draw = ImageDraw.Draw(image)
    low, high = size * inset, size * (1 - inset)
    span = high - low
    draw.rounded_rectangle((low, low, high, high), radius=round(span * 0.12), fill="white")
    font = ImageFont.truetype(str(FONT), round(span * 0.42))
    draw.text((size / 2, low + span * 0.40), "FT", font=font, fill=INDIGO, anchor="mm")
    # The quiz's tick under the letters: the icon says "self-check" without more words.
    tick = [(0.30, 0.76), (0.44, 0.88), (0.70, 0.64)]
    draw.line(
        [(low + x * span, low + y * span) for x, y in tick], fill=(46, 125, 50), width=round(span * 0.07), joint="curve"
    )
    return image


def save(image: Image.Image, name: str) -> None:
    target = OUT / name
    image.save(target, optimize=True)
    print(f"wrote {target} ({target.stat().st_size} bytes)")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    # Drawn at twice the size and scaled down: Pillow draws without antialiasing.
    large = mark(SIZE * 2, 0.08)
    save(large.resize((SIZE, SIZE), Image.Resampling.LANCZOS), "icon-512.png")
    save(large.resize((192, 192), Image.Resampling.LANCZOS), "icon-192.png")
    save(mark(SIZE * 2, 0.18).resize((SIZE, SIZE), Image.Resampling.LANCZOS), "icon-maskable-512.png")


if __name__ == "__main__":
    main()
