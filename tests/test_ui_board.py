"""The SVG board (a pure function of the view) and the page's texts in both languages."""

import re
import string
import xml.etree.ElementTree as ET

import pytest

from nardy_core.engine.game import Game
from nardy_core.formats.notation import parse_state
from nardy_core.ui import text as T
from nardy_core.ui.session import HUMAN, Session
from nardy_core.ui.svg import render_board

NS = {"s": "http://www.w3.org/2000/svg"}


def board(session, **kw):
    return ET.fromstring(render_board(session.view(), **kw))


def groups(root):
    return {
        g.get("data-loc"): g
        for g in root.iter("{http://www.w3.org/2000/svg}g")
        if g.get("data-loc")
    }


def x_of(group):
    return float(group.find("s:rect", NS).get("x"))


def on(text, **kw):
    position, cube, match = parse_state(text)
    session = Session(position.variant.key, players=(HUMAN, HUMAN), **kw)
    session.match.game = Game(position.variant, position=position, cube=cube, match=match)
    return session


@pytest.mark.parametrize("game", ["short", "long", "caucasian"])
def test_every_place_is_drawn_once_with_its_checkers(game):
    session = Session(game, players=(HUMAN, HUMAN), seed="svg", prefs={"auto_forced": False})
    view = session.view()
    root = board(session)
    places = groups(root)
    assert set(places) == {f"p{n}" for n in range(1, 25)} | {"bar0", "bar1", "off0", "off1"}
    for absolute in range(1, 25):
        checkers = places[f"p{absolute}"].findall("s:circle[@class]", NS)
        checkers = [c for c in checkers if c.get("class").startswith("ck")]
        colour, count = view["points"].get(absolute, (None, 0))
        assert len(checkers) == min(count, 5)
        assert all(c.get("class") == f"ck c{colour}" for c in checkers)
        counts = places[f"p{absolute}"].findall("s:text", NS)
        assert [t.text for t in counts] == ([str(count)] if count > 5 else [])
        label = places[f"p{absolute}"].get("aria-label")
        assert label.startswith("point ") and (str(count) in label or "empty" in label)


def test_the_viewer_sees_his_own_numbering():
    session = on("short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w - 1 money")
    white, black = groups(board(session, viewer=0)), groups(board(session, viewer=1))
    # White's view: 13…24 left to right along the top, so 13 is left of 24
    assert x_of(white["p13"]) < x_of(white["p24"]) and x_of(white["p12"]) < x_of(white["p1"])
    # Black's view of the same board: White's 12 is Black's 13, now top left
    assert x_of(black["p12"]) < x_of(black["p1"]) and x_of(black["p13"]) < x_of(black["p24"])
    mirrored = groups(board(session, viewer=0, mirror=True))
    assert x_of(mirrored["p13"]) > x_of(mirrored["p24"])


def test_long_nardy_heads_sit_in_opposite_corners():
    session = Session("long", players=(HUMAN, HUMAN), seed="heads", prefs={"auto_roll": False})
    view = session.view()
    assert view["points"][24] == (0, 15) and view["points"][12] == (1, 15)
    places = groups(board(session, viewer=0))
    # White's head: top right; Black's head (White's 12): bottom left, both labelled 15
    assert x_of(places["p24"]) > x_of(places["p13"])
    assert float(places["p24"].find("s:rect", NS).get("y")) < float(
        places["p12"].find("s:rect", NS).get("y")
    )
    assert x_of(places["p12"]) < x_of(places["p1"])
    assert [t.text for t in places["p12"].findall("s:text", NS)] == ["15"]


def test_only_actionable_places_take_focus_and_highlights_follow_the_view():
    session = on(
        "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 31 1 money", prefs={"auto_forced": False}
    )
    root = board(session)
    focusable = {loc for loc, g in groups(root).items() if g.get("tabindex") == "0"}
    assert focusable == set(session.movable())
    session.click("p8")
    places = groups(board(session))
    assert "selected" in places["p8"].get("class")
    assert {loc for loc, g in places.items() if "target" in g.get("class")} == {"p7", "p5", "p4"}
    assert all(g.get("tabindex") == "-1" for g in groups(board(session, actionable=False)).values())


def test_dice_cube_and_trays():
    session = on("short 2:1,1:1,off:13 19:15 w 65 2b money", prefs={"auto_forced": False})
    root = board(session)
    dice = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-die")]
    assert [d.get("data-die") for d in dice] == ["6", "5"]
    cube = [
        g
        for g in root.iter("{http://www.w3.org/2000/svg}g")
        if (g.get("class") or "").startswith("cube")
    ]
    assert cube and cube[0].find("s:text", NS).text == "2"
    off = groups(root)["off0"]
    assert len(off.findall("s:rect[@class='slab c0']", NS)) == 13
    session.click("p2")
    session.click("off0")
    session.choose(0)  # 6 or 5 both bear it off, leaving different dice: the player is asked
    root = board(session)
    dice = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-die")]
    assert sorted(d.get("class") for d in dice) == ["die c0", "die c0 used"]


def test_every_text_exists_in_every_language_with_the_same_placeholders():
    fields = string.Formatter()
    for key, en in T.CATALOGUE.items():
        wanted = {f for _, f, _, _ in fields.parse(en) if f}
        for lang in T.LANGUAGES:
            text = T.tr(lang, key)  # no parameters: the text as the catalogue has it
            assert text, (lang, key)
            assert {f for _, f, _, _ in fields.parse(text) if f} == wanted, (lang, key)


def test_russian_plurals_and_results_in_the_games_words():
    assert [T.ntr("ru", "point_word", n) for n in (1, 2, 5, 11, 21, 24, 112)] == [
        "очко",
        "очка",
        "очков",
        "очков",
        "очко",
        "очка",
        "очков",
    ]
    mars = {"winner": 1, "kind": "mars", "points": 2, "cube": 1, "reason": "bear_off"}
    assert T.result_text("en", mars) == "Black win 2 points: mars"
    assert T.result_text("ru", mars) == "Чёрные выигрывают 2 очка: марс"
    drop = {"winner": 0, "kind": "single", "points": 1, "cube": 1, "reason": "drop"}
    assert "dropped" in T.result_text("en", drop)


def test_every_move_list_row_of_real_games_has_a_text():
    import random

    from tests.test_ui_session import play_to_end

    for game in ("short", "long"):
        session = Session(game, players=(HUMAN, "beginner"), seed=f"log-{game}")
        play_to_end(session, random.Random(1))
        for lang in T.LANGUAGES:
            for row in session.logs[-1]:
                text = T.log_text(lang, row)
                assert text and "{" not in text and not re.match(r"^log_", text)
        # a replay's status shows the row of each state, a roll's included (once "log_roll")
        from nardy_core.ui.share import replay_states

        rows = [row for *_, row in replay_states(game_record(session.game)) if row]
        assert any(row["k"] == "roll" for row in rows)
        for lang in T.LANGUAGES:
            for row in rows:
                text = T.log_text(lang, row)
                assert text and "{" not in text and not re.match(r"^log_", text)


def test_a_game_with_a_hand_draws_it_beside_the_board_and_can_act_on_it():
    from nardy_core.ui.svg import HW, W

    view = dict(Session("short", players=(HUMAN, HUMAN), seed="hand").view())
    view.update(has_hand=True, hand=[13, 2], movable=["hand0"])
    svg = render_board(view)
    assert f'viewBox="0 0 {W + HW} ' in svg
    assert 'data-loc="hand0"' in svg and 'data-loc="hand1"' in svg
    hand0 = svg.split('data-loc="hand0"')[1].split("</g>")[0]
    assert 'tabindex="0"' in hand0 and hand0.count('class="ck c0"') == 5 and ">13<" in hand0
    assert f'viewBox="0 0 {W} ' in render_board(dict(view, has_hand=False, hand=[0, 0]))
    mirrored = render_board(view, mirror=True)
    assert "translate(" not in mirrored and f'x="{W}"' in mirrored


def test_tourne_case_rows_are_numbered_as_the_game_counts_them():
    session = Session("tourne_case", players=(HUMAN, HUMAN), seed="rows")
    root = board(session)
    numbers = [
        t.text for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "num"
    ]
    # each row 1-12 towards its home point: the viewer's along the bottom, the other's on top
    assert sorted(numbers, key=int) == sorted([str(k) for k in range(1, 13)] * 2, key=int)
    places = groups(root)
    assert "hand0" in places and "hand1" in places
    assert "point 12" in places["p1"].get("aria-label")  # White's home point, row point 12


# --- the look: defs, dice, the last play, the themes -------------------------------------------

from pathlib import Path  # noqa: E402

from nardy_core.formats.record import game_record  # noqa: E402
from nardy_core.ui import svg as S  # noqa: E402

SVG_NS = "{http://www.w3.org/2000/svg}"
BOARD_CSS = Path(__file__).resolve().parent.parent / "web" / "board.css"


def pinned_plakoto():
    from nardy_core.formats.linkcode import decode_state

    position, cube, match = decode_state("pl.-qsCJjp-3KFOJ-U")  # a pinned checker on 17
    session = Session("plakoto", players=(HUMAN, HUMAN))
    session.match.game = Game(position.variant, position=position, cube=cube, match=match)
    assert session.view()["pinned"]
    return session


def test_the_paints_are_defined_once_and_every_reference_resolves():
    session = pinned_plakoto()
    boards = [render_board(session.view()), render_board(session.view(), mirror=True)]
    view = dict(Session("tawula", players=(HUMAN, HUMAN), seed="defs").view())
    boards.append(render_board(view))
    for markup in boards:
        root = ET.fromstring(markup)
        assert len(root.findall("s:defs", NS)) == 1 and len(list(root.iter(SVG_NS + "defs"))) == 1
        ids = [e.get("id") for e in root.iter() if e.get("id")]
        assert len(ids) == len(set(ids)) and all(i.startswith("nb-") for i in ids)
        used = set(re.findall(r"url\(#([\w-]+)\)", markup))
        assert used and used <= set(ids)
        assert "http" not in markup.replace('xmlns="http://www.w3.org/2000/svg"', "")
        assert "<image" not in markup


@pytest.mark.parametrize(
    "text",
    [
        "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 31",
        "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 b 44",
        "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 65",
    ],
)
def test_every_die_is_a_die_with_its_pips(text):
    session = on(text + " 1 money", prefs={"auto_forced": False})
    view = session.view()
    root = board(session)
    dice = [g for g in root.iter(SVG_NS + "g") if "die" in (g.get("class") or "").split()]
    assert [int(d.get("data-die")) for d in dice] == view["dice"]
    for die, used in zip(dice, view["used"]):
        value = int(die.get("data-die"))
        assert len(die.findall("s:circle", NS)) == value
        assert die.find("s:rect", NS).get("rx") not in (None, "0")  # rounded corners
        assert die.get("class") == f"die c{view['turn']}" + (" used" if used else "")
    # the dice take no taps: a tap on a die goes to the point under it
    layer = [g for g in root.iter(SVG_NS + "g") if g.get("class") == "dice"]
    assert layer and layer[0].get("pointer-events") == "none"


def marks_of(root):
    out = {}
    for loc, group in groups(root).items():
        kinds = [e.get("data-last") for e in group.iter() if e.get("data-last")]
        if kinds:
            out[loc] = kinds
    return out


def test_the_last_play_is_marked_from_and_to_until_the_next():
    session = on(
        "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 61 1 money",
        prefs={"auto_forced": False, "auto_roll": False},
    )
    assert marks_of(board(session)) == {}
    for loc in ("p13", "p7", "p8", "p7"):
        session.click(loc)
    session.confirm()
    assert marks_of(board(session)) == {"p13": ["from"], "p8": ["from"], "p7": ["to"]}
    # Black's turn: White's play stays marked, for either viewer
    session.roll()
    assert marks_of(board(session, viewer=1)) == {"p13": ["from"], "p8": ["from"], "p7": ["to"]}
    # a point passed through is not marked: the checker's start and end are
    view = dict(session.view(), last=[["p24", "p18"], ["p18", "p13"]])
    assert marks_of(ET.fromstring(render_board(view))) == {"p24": ["from"], "p13": ["to"]}
    # entering from the bar, bearing off, entering from the hand
    view = dict(session.view(), last=[["bar1", "p19"], ["p17", "off1"]])
    assert marks_of(ET.fromstring(render_board(view))) == {
        "bar1": ["from"],
        "p19": ["to"],
        "p17": ["from"],
        "off1": ["to"],
    }
    view = dict(session.view(), has_hand=True, hand=[3, 0], last=[["hand0", "p24"]])
    assert marks_of(ET.fromstring(render_board(view))) == {"hand0": ["from"], "p24": ["to"]}
    # the marks are no checkers and no counts: what the page and tests count stays the same
    root = board(session)
    assert all(
        not (e.get("class") or "").startswith("ck") and e.tag != SVG_NS + "text"
        for g in groups(root).values()
        for e in g.iter()
        if e.get("data-last")
    )
    # a hint's preview shows its arrows alone
    assert marks_of(ET.fromstring(render_board(session.preview([])))) == {}


def test_every_point_column_is_its_whole_tap_target():
    session = Session("short", players=(HUMAN, HUMAN), seed="hit")
    for mirror in (False, True):
        places = groups(board(session, mirror=mirror))
        for n in range(1, 25):
            hit = places[f"p{n}"].find("s:rect[@class='hit']", NS)
            y, h = float(hit.get("y")), float(hit.get("height"))
            assert float(hit.get("width")) == S.PW
            assert (y, y + h) in ((0, S.MID), (S.MID, S.H))  # its half, frame included
        columns = sorted({float(places[f"p{n}"].find("s:rect", NS).get("x")) for n in range(1, 25)})
        # the columns side by side, nothing between them but the bar
        gaps = {round(b - a) for a, b in zip(columns, columns[1:])}
        assert gaps <= {S.PW, S.PW + S.BW}
    # at least 24 px a column on a 360 px screen, where the board takes the whole width
    assert S.PW * 360 / S.W >= 24
    # the point numbers take no taps from their column
    nums = [t for t in board(session).iter(SVG_NS + "text") if t.get("class") == "num"]
    assert len(nums) == 24 and all(t.get("pointer-events") == "none" for t in nums)


def _css_blocks():
    css = BOARD_CSS.read_text()
    light = re.search(r":root, \[data-theme=light\] \{(.*?)\}", css, re.S).group(1)
    dark = re.search(r"\n\[data-theme=dark\] \{(.*?)\}", css, re.S).group(1)
    media = re.search(
        r"@media \(prefers-color-scheme: dark\) \{\s*"
        r":root:not\(\[data-theme=light\]\) \{(.*?)\}",
        css,
        re.S,
    ).group(1)

    def props(block):
        return dict(re.findall(r"--(nb-[\w-]+):\s*([^;]+);", block))

    return css, props(light), props(dark), props(media)


def test_every_colour_the_board_uses_is_defined_for_both_themes():
    css, light, dark, media = _css_blocks()
    assert set(light) == set(dark) and dark == media  # the attribute and the system agree
    # the SVG's own fallbacks are the light theme's values
    assert {f"nb-{k}": v for k, v in S.COLOURS.items()} == {
        k: v for k, v in light.items() if k[3:] in S.COLOURS
    }
    used = set(re.findall(r"var\(--(nb-[\w-]+)", css))
    session = pinned_plakoto()
    view = dict(session.view(), moves=[["p24", "p21"]], last=[["p24", "p21"]])
    for markup in (render_board(view), render_board(Session("tawula", seed="c").view())):
        used |= set(re.findall(r"var\(--(nb-[\w-]+)", markup))
    assert used and used <= set(light)
    # the paints' colour stops take their colours from the style sheet
    stops = set(re.findall(r'class="nbs-([\w-]+)"', render_board(view)))
    assert stops and all(f".board .nbs-{n} {{ stop-color: var(--nb-{n}); }}" in css for n in stops)
    assert "prefers-reduced-motion: reduce" in css and "transition: none" in css
    # no colour written straight into the board's rules but through the properties
    rules = css.split("/* board */", 1)[1]
    assert not re.search(r"#[0-9a-fA-F]{3,6}\b|rgba?\(", rules)


def _luminance(colour):
    rgb = [int(colour.strip()[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a, b):
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_numbers_and_counts_stay_readable_in_both_themes():
    _, light, dark, _ = _css_blocks()
    for theme in (light, dark):
        assert _contrast(theme["nb-num"], theme["nb-wood"]) >= 4.5
        assert _contrast(theme["nb-num"], theme["nb-tray"]) >= 4.5  # the borne-off count
        assert _contrast(theme["nb-count0"], theme["nb-ck0"]) >= 4.5
        assert _contrast(theme["nb-count1"], theme["nb-ck1"]) >= 4.5
        assert _contrast(theme["nb-pip0"], theme["nb-die0"]) >= 4.5
        assert _contrast(theme["nb-pip1"], theme["nb-die1"]) >= 4.5
        assert _contrast(theme["nb-later"], theme["nb-felt"]) >= 4.5
        assert _contrast(theme["nb-cube-text"], theme["nb-cube"]) >= 4.5
