"""The saved games' cards (nardy_core/ui/pagerecords.card, thumb.py): the game, players, score,
move number and a small picture of the board, read back safely whatever storage holds."""

import re

from nardy_core.ui import pagerecords as R
from nardy_core.ui.session import HUMAN, Session
from nardy_core.ui.thumb import board_thumbnail


def test_the_picture_has_every_checker_up_to_five_a_point_and_the_counts_beyond():
    view = Session("long", players=(HUMAN, HUMAN), seed="t").view()
    svg = board_thumbnail(view)
    stacks = view["points"].values()
    drawn = sum(min(count, 5) for _colour, count in stacks)
    assert svg.count("<circle") == drawn
    assert sorted(re.findall(r">(\d+)</text>", svg)) == sorted(
        str(count) for _c, count in stacks if count > 5
    )
    assert len(svg) < 6000 and " id=" not in svg


def test_a_card_is_stored_without_words_and_read_in_either_language():
    session = Session("plakoto", players=(HUMAN, "intermediate"), length=3, seed="c")
    entry = R.save_entry(session, "en", 1_700_000_000_000)
    card = entry["card"]
    assert card["game"] == "plakoto" and card["players"] == [HUMAN, "intermediate"]
    assert card["score"] == [0, 0] and card["move"] >= 1
    en, ru = R.card_text("en", card), R.card_text("ru", card)
    assert en["game"] == "Plakoto" and ru["game"] == "Плакото"
    assert en["players"] == "Person – Bot: intermediate" and en["score"] == "0:0"
    assert en["thumb"] == card["thumb"] and en["move"].startswith("move ")


def test_a_damaged_or_hostile_card_falls_back_on_the_title():
    good = R.card(Session("short", players=(HUMAN, HUMAN), seed="d"))
    for bad in (None, 5, {}, dict(good, game="nope"), dict(good, score="x"), dict(good, players=7)):
        assert R.card_text("en", bad) == {}
    for picture in (
        '<svg onload="alert(1)">',
        "<script>",
        good["thumb"] + "<script>x</script>",
        "x" * 30_000,
    ):
        assert R.card_text("en", dict(good, thumb=picture))["thumb"] == ""
