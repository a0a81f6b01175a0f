"""The review panel's markup (web/app/reviewpanel.py) and the win-chance graph
(nardy_core/ui/winchart.py): pure functions of a review, checked on the fixed reviewed game."""

import re
import sys
from pathlib import Path

import pytest

from nardy_core.analysis.review import Review
from nardy_core.ui.winchart import win_chart
from test_review import FIXED


def reviewpanel():
    app = str(Path(__file__).resolve().parent.parent / "web" / "app")
    if app not in sys.path:
        sys.path.insert(0, app)
    import reviewpanel as module

    return module


@pytest.fixture(scope="module")
def reviewed():
    review = Review(open(FIXED, encoding="utf-8").read(), level="intermediate", game=0)
    items = [review.analyse(i) for i in range(len(review.decisions()))]
    return review, items, review.summary()


def test_the_graph_has_one_focusable_point_per_entry_and_marks_the_shown_one():
    points = [
        {"state": 0, "win": 0.5, "turn": 1, "mark": None},
        {"state": 4, "win": 0.8, "turn": 2, "mark": "blunder"},
        {"state": 9, "win": 0.1, "turn": 3, "mark": None},
    ]
    svg = win_chart(points, selected=4)
    assert svg.count('class="win-point') == 3
    assert re.findall(r'data-state="(\d+)"', svg) == ["0", "4", "9"]
    assert svg.count('tabindex="0"') == 3 and 'class="win-point chosen"' in svg
    assert "#c0392b" in svg  # the blunder's colour
    ys = [float(y) for y in re.findall(r'<circle class="win-point[^>]*cy="([\d.]+)"', svg)]
    assert ys[1] < ys[0] < ys[2]  # higher chance, higher on the graph
    assert win_chart([]).count("win-point") == 0


def test_the_panel_of_a_finished_review(reviewed):
    review, items, summary = reviewed
    panel = reviewpanel()
    html = panel.review_panel(
        "en", {"count": len(items), "items": items, "summary": summary, "running": False}, (0, 1)
    )
    assert html.count("<tr data-colour=") == 2
    assert html.count('class="win-point') == len(summary["win_chance"])
    worst = re.search(r'<ol class="review-worst">(.*?)</ol>', html).group(1)
    shown = [int(i) for i in re.findall(r'data-review-index="(\d+)"', worst)]
    losses = [items[i]["loss"] for i in shown]
    assert shown and losses == sorted(losses, reverse=True) and len(shown) <= 10
    assert all(items[i]["mark"] in ("doubtful", "error", "blunder") for i in shown)
    first = items[shown[0]]
    assert f'data-review-state="{first["action"]}"' in worst and "better: " in worst
    marked = sum(1 for i in items if i.get("mark"))
    assert f"Every marked decision ({marked})" in html
    assert 'data-review="export"' in html and 'data-review="link"' in html
    assert "progress" not in html
    russian = panel.review_panel(
        "ru", {"count": len(items), "items": items, "summary": summary, "running": False}, (0, 1)
    )
    assert "Худшие ошибки" in russian and "лучше: " in russian


def test_the_panel_while_running_and_after_cancel(reviewed):
    _review, items, _summary = reviewed
    panel = reviewpanel()
    running = panel.review_panel(
        "en", {"count": len(items), "items": items[:5], "summary": None, "running": True}, (0, 1)
    )
    assert f'<progress id="review-progress" max="{len(items)}" value="5">' in running
    assert 'id="review-cancel"' in running and 'data-review="export"' not in running
    stopped = panel.review_panel(
        "en",
        {
            "count": len(items),
            "items": items[:5],
            "summary": None,
            "running": False,
            "cancelled": True,
        },
        (0, 1),
    )
    assert f"Review stopped: 5 of {len(items)} analysed" in stopped
    assert "review-cancel" not in stopped


def test_the_move_list_marks_line_up_with_its_rows():
    """Each move-list row of a reviewed game gets its play's (or cube action's) mark: the rows
    are the actions but the rolls, then the result."""
    import json

    from nardy_core.ui.botservice import BotService
    from nardy_core.ui.session import Session

    panel = reviewpanel()
    session = Session("short", players=("beginner", "beginner"), seed="log-marks")
    service = BotService()
    while not session.game.is_over:
        session.apply_bot(service.decide(json.loads(json.dumps(session.bot_request()))))
    review = Review(session.to_dict(), level="intermediate", game=0)
    items = [review.analyse(i) for i in range(len(review.decisions()))]
    rows = [row for row in session.logs[-1] if row["k"] != "roll"]
    marks = panel.log_marks(session.game.actions, items)
    assert len(marks) == len(rows) - 1 and rows[-1]["k"] == "result"
    marked = [(row, mark) for row, mark in zip(rows, marks) if mark]
    assert marked
    by_text = {i["played"]: i["symbol"] for i in items if i["kind"] == "play"}
    for row, mark in marked:
        assert row["k"] in ("play", "double", "take", "drop", "beaver")
        if row["k"] == "play":
            assert by_text[row["play"]] == mark


def test_a_match_offers_each_of_its_games_to_review():
    panel = reviewpanel()
    html = panel.review_panel(
        "en", {"count": 0, "items": [], "game": 1, "running": False}, (0, 1), games=3
    )
    assert re.findall(r'data-review-game="(\d)"', html) == ["0", "1", "2"]
    assert 'data-review-game="1" aria-pressed="true"' in html and "Game 3" in html
    running = panel.review_panel(
        "en", {"count": 4, "items": [], "game": 0, "running": True}, (0, 1), games=2
    )
    assert running.count(" disabled>") == 2  # no switching while a review runs
    single = panel.review_panel("en", {"count": 0, "items": [], "running": False}, (0, 1))
    assert "data-review-game" not in single


def test_the_graph_is_drawn_from_the_viewers_side_with_turns_and_a_legend():
    points = [
        {"state": s, "win": w, "turn": t, "mark": m}
        for s, w, t, m in ((0, 0.5, 1, None), (4, 0.8, 2, "error"), (9, 0.1, 3, None))
    ]
    white = win_chart(points, words={"line": "White's chance to win"})
    black = win_chart(points, side=1, words={"line": "Black's chance to win"})
    ys = {
        svg: [float(y) for y in re.findall(r'<circle class="win-point[^>]*cy="([\d.]+)"', svg)]
        for svg in (white, black)
    }
    assert ys[white][1] < ys[white][0] < ys[white][2]
    assert ys[black][1] > ys[black][0] > ys[black][2]  # Black's view: the line mirrored
    assert "Black&#x27;s chance to win" in black and "White&#x27;s chance" not in black
    # the legend names every mark colour and the line; the turns are written under the axis
    legend = black[black.index('class="legend"') :]
    for mark, colour in (("doubtful", "#b7950b"), ("error", "#d35400"), ("blunder", "#c0392b")):
        assert colour in legend and f">{mark}</text>" in legend
    assert re.findall(r'class="turn"[^>]*>(\d+)<', white) == ["1", "2", "3"]


def test_a_long_game_writes_at_most_twelve_turn_numbers_first_and_last_included():
    points = [{"state": i, "win": 0.5, "turn": i + 1, "mark": None} for i in range(95)]
    turns = re.findall(r'class="turn"[^>]*>(\d+)<', win_chart(points))
    assert 2 <= len(turns) <= 12 and turns[0] == "1" and turns[-1] == "95"
