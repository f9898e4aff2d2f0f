"""Draw the link-preview image (Open Graph / Twitter card), 1200 by 630 pixels, into docs/assets/social-card.png.

The PNG is committed; run this only to change it. Needs Pillow, which the site does not (pinned in its own file),
and the DejaVu fonts (Debian's fonts-dejavu-core):
    .venv/bin/python -m pip install -r scripts/social_card.requirements.txt && .venv/bin/python scripts/social_card.py
With the pinned Pillow, the committed PNG comes out byte for byte.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

OUT = Path(__file__).resolve().parent.parent / "docs" / "assets" / "social-card.png"
WIDTH, HEIGHT = 1200, 630
INDIGO = (63, 81, 181)  # Material's indigo primary, so the card matches the site's header
FONTS = Path("/usr/share/fonts/truetype/dejavu")


def font(name: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / name), size)


def main() -> None:
    image = Image.new("RGB", (WIDTH, HEIGHT), INDIGO)
    draw = ImageDraw.Draw(image)
    # A white card on the indigo field leaves a margin that survives the crops chat apps apply to previews.
    draw.rounded_rectangle((60, 60, WIDTH - 60, HEIGHT - 60), radius=28, fill="white")
    draw.text((110, 115), "LLM Fine-Tuning", font=font("DejaVuSans-Bold.ttf", 78), fill=INDIGO)
    draw.text((110, 205), "Study Guide", font=font("DejaVuSans-Bold.ttf", 78), fill=INDIGO)
    lines = ["Self-check quizzes: every option explained,", "every answer backed by a primary source."]
    for n, line in enumerate(lines):
        draw.text((110, 330 + n * 50), line, font=font("DejaVuSans.ttf", 38), fill=(33, 33, 33))
    # A quiz row with a tick, so the picture says "quiz" without words.
    draw.rounded_rectangle((110, 455, 660, 520), radius=10, outline=(46, 125, 50), width=5)
    draw.line((132, 488, 148, 504, 176, 472), fill=(46, 125, 50), width=8, joint="curve")
    draw.text((200, 470), "LoRA, QLoRA, RLHF, DPO…", font=font("DejaVuSans.ttf", 32), fill=(33, 33, 33))
    draw.text(
        (110, 535), "Independent; not affiliated with NVIDIA.", font=font("DejaVuSans.ttf", 26), fill=(90, 90, 90)
    )
    image.save(OUT, optimize=True)
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
