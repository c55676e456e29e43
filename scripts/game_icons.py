"""Draw the game's app icons (PNG) from ``static/icons/icon.svg`` with headless Chromium.

The icons are committed; run this again only after changing the SVG:

    .venv/bin/python scripts/game_icons.py

The picture keeps its cards inside the middle 80 % (the "safe zone"), so the same
drawing serves as a maskable icon that a phone may crop to a circle.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parents[1] / "src" / "showdown" / "game" / "static" / "icons"
SIZES = {"icon-192.png": 192, "icon-512.png": 512, "apple-touch-icon.png": 180}


def main() -> None:
    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        for name, size in SIZES.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            sized = svg.replace('width="512" height="512"', f'width="{size}" height="{size}"', 1)
            page.set_content(f"<body style='margin:0'>{sized}</body>")
            page.screenshot(path=str(ICONS / name), omit_background=False)
            page.close()
            print(f"{name}: {size} x {size}")
        browser.close()


if __name__ == "__main__":
    main()
