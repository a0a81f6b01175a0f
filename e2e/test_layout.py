"""The whole turn in view on every screen (issue 19, item 1), measured from bounding boxes at
scroll 0: the board, the dice drawn on it, the status and every action button of the player's
turn lie inside the viewport with no horizontal scroll — on phones, tablets, laptops, in the New
game dialog (its Start button) and in an embed frame of the sizes our README and Share dialog give.
"""

from __future__ import annotations

import pytest

from conftest import click_header, open_app, watch_page
from test_game import play_human_turn

PAGE_SIZES = [
    (360, 740),
    (390, 844),
    (844, 390),
    (820, 1180),
    (1280, 720),
    (1366, 768),
    (1920, 1080),
]
EMBED_SIZES = [(600, 450), (480, 360), (320, 320)]
PHONE = 900  # narrower than this, a screen is a phone's or a small tablet's: fingers, not a mouse

# Every box a player needs for the turn, with its name; missing ones are an error by themselves.
TURN = """(required) => {
  const out = [];
  const add = (name, el) => { const r = el.getBoundingClientRect();
    out.push({name, x: r.left, y: r.top, right: r.right, bottom: r.bottom,
              width: r.width, height: r.height}); };
  for (const sel of required) {
    const el = document.querySelector(sel);
    if (!el) out.push({name: sel, missing: true}); else add(sel, el);
  }
  document.querySelectorAll('#board .die').forEach((el, i) => add('die ' + i, el));
  document.querySelectorAll('#controls button').forEach(el => add('button ' + el.id, el));
  return {boxes: out, w: innerWidth, h: innerHeight, scrollX, scrollY,
          scrollWidth: document.documentElement.scrollWidth};
}"""


def assert_in_view(page, required=("#board svg", "#status", "#controls")):
    seen = page.evaluate(TURN, list(required))
    assert seen["scrollX"] == 0 and seen["scrollY"] == 0
    assert seen["scrollWidth"] <= seen["w"], "the page scrolls sideways"
    outside = []
    for box in seen["boxes"]:
        if box.get("missing"):
            outside.append(f"{box['name']}: missing")
        elif box["width"] == 0 or box["height"] == 0:
            outside.append(f"{box['name']}: not drawn")
        elif (
            box["x"] < -0.5
            or box["y"] < -0.5
            or box["right"] > seen["w"] + 0.5
            or box["bottom"] > seen["h"] + 0.5
        ):
            outside.append(f"{box['name']}: {box}")
    assert not outside, f"out of the {seen['w']}x{seen['h']} view: {outside}"
    return seen


def buttons_of(seen):
    return [b for b in seen["boxes"] if b["name"].startswith("button ")]


@pytest.mark.parametrize("width,height", PAGE_SIZES, ids=lambda v: str(v))
def test_the_whole_turn_is_in_view(new_context, width, height):
    phone = width < PHONE
    context = new_context(viewport={"width": width, "height": height}, has_touch=phone)
    page = watch_page(context.new_page())
    open_app(page, "?new=short&p0=human&p1=human&seed=layout")
    page.wait_for_selector("#btn-roll, #btn-done")
    if page.locator("#btn-done").count():  # the opening throw's turn: play it, then roll
        seen = assert_in_view(page)
        play_human_turn(page)
        page.wait_for_selector("#btn-roll")
    seen = assert_in_view(page)
    assert {"button btn-roll", "button btn-hint"} <= {b["name"] for b in buttons_of(seen)}

    page.click("#btn-roll")
    page.wait_for_selector("#btn-done")
    seen = assert_in_view(page)
    assert len([b for b in seen["boxes"] if b["name"].startswith("die ")]) >= 2
    assert {"button btn-undo", "button btn-done"} <= {b["name"] for b in buttons_of(seen)}
    if phone:
        small = [b for b in buttons_of(seen) if b["height"] < 44 or b["width"] < 44]
        assert not small, f"buttons under 44 px on a phone: {small}"
        # a point's whole column is its tap target
        widths = page.evaluate("""() => [...document.querySelectorAll('#board [data-loc^="p"]')]
            .map(g => g.getBoundingClientRect().width)""")
        assert len(widths) == 24 and min(widths) >= 23.99, widths  # 24 px, to rounding

    # the New game dialog of the game with the most options: its Start button in view
    click_header(page, "#btn-new")
    page.wait_for_selector("#ng-start")
    games = page.eval_on_selector_all("#ng-game option", "os => os.map(o => o.value)")
    most = max(
        (g for g in games if not g.startswith("match:")),
        key=lambda g: (
            page.select_option("#ng-game", g),
            page.locator("#ng-options [data-opt]").count(),
        )[1],
    )
    page.select_option("#ng-game", most)
    seen = assert_in_view(page, ("#ng-start", "#ng-game"))
    assert page.evaluate("document.querySelector('#dlg-new').open")
    context.close()


@pytest.mark.parametrize("width,height", EMBED_SIZES, ids=lambda v: str(v))
def test_the_embed_fills_its_frame(new_context, server, width, height):
    context = new_context(viewport={"width": width + 40, "height": height + 40})
    page = watch_page(context.new_page())
    page.goto("./manifest.webmanifest")  # any page of our origin, to host the frame
    page.set_content(
        f'<body style="margin:20px"><iframe id="f" src="{server.url}embed.html?mode=play'
        f'&amp;level=beginner" width="{width}" height="{height}" style="border:0"></iframe>'
    )
    frame = page.frame_locator("#f")
    frame.locator("#btn-roll").wait_for(timeout=60_000)
    inner = page.frames[1]
    seen = assert_in_view(inner)
    assert seen["w"] == width and seen["h"] == height
    board = next(b for b in seen["boxes"] if b["name"] == "#board svg")
    assert board["width"] >= 0.8 * min(width, (height - 80) * 1.32)  # it fills the frame
    inner.click("#btn-roll")
    inner.wait_for_selector("#btn-done")
    seen = assert_in_view(inner)
    assert len([b for b in seen["boxes"] if b["name"].startswith("die ")]) >= 2
    context.close()
