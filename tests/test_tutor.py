"""Tutor mode (issue 24, item 2): a person's play, double or answer judged by the review's own
analysis before it is final; flagged from a chosen mark; forced plays never flagged; the held
decision kept or taken back; what the tutor caught saved with the game and counted by the
review; older saves still load."""

import pytest

from nardy_core.analysis import marks, review
from nardy_core.analysis.review import Review
from nardy_core.analysis.tutor import DEFAULT_MARK, THRESHOLDS, TUTOR_MARKS, Tutor, tutor_mark
from nardy_core.engine.errors import GameStateError
from nardy_core.formats import record as record_model
from nardy_core.formats.notation import parse_state
from nardy_core.ui.botservice import BotService
from nardy_core.ui.session import Session

# short nardy, seed "t6": the person (White) opens with 6-1; 13/7 8/7 is the bot's play and
# 8/7 8/2 loses about 0.37 (a blunder), 24/23 24/18 about 0.12 (an error)
SEED = "t6"
# a race White cannot lose: doubling is a blunder (too good), so is Black's take
RACE = "short 3:5,2:5,1:5 18:5,17:5,16:5 w - 1 money"
# White's last two checkers, 6-5 to play: one play only (both off)
FORCED = "short 2:1,1:1,off:13 6:5,5:5,4:5 w 65 1 money"


@pytest.fixture(scope="module")
def tutor():
    return Tutor()


def opening(tutor_setting="error"):
    session = Session("short", players=("human", "strong"), seed=SEED, tutor=tutor_setting)
    assert session.human_to_act() and session.game.phase == "move"
    assert session.game.position.dice == (6, 1)
    return session


def play(session, *moves):
    for src, dst in moves:
        session.click(src)
        session.click(dst)


BLUNDER = (("p8", "p2"), ("p8", "p7"))
BEST = (("p13", "p7"), ("p8", "p7"))
ERROR = (("p24", "p18"), ("p24", "p23"))


def judged(tutor, session, act, threshold=None):
    request = session.tutor_request(act)
    return tutor.judge(request["record"], request["decision"], threshold or session.tutor)


def test_the_tutor_warns_from_the_reviews_own_marks():
    assert TUTOR_MARKS == ("doubtful", "error", "blunder")
    assert {name: at for name, _, at in review.MARKS} == THRESHOLDS
    assert review.MARKS is marks.MARKS
    assert record_model.TUTOR_MARKS == TUTOR_MARKS
    assert DEFAULT_MARK == "error"
    assert [tutor_mark(x) for x in ("error", "off", None, 3, "")] == ["error"] + [None] * 4


def test_a_blunder_is_flagged_with_the_better_play(tutor):
    session = opening()
    play(session, *BLUNDER)
    assert session.tutor_due("done")
    verdict = judged(tutor, session, "done")
    assert verdict["kind"] == "play" and verdict["played"] == "8/7 8/2"
    assert verdict["mark"] == "blunder" and verdict["loss"] >= 0.16
    assert verdict["best"] == "13/7 8/7"
    assert verdict["best_steps"] == [[13, 7, 6, False], [8, 7, 1, False]]
    assert verdict["flag"] and not verdict["forced"]
    for threshold in TUTOR_MARKS:  # a blunder is worth a warning at every mark
        assert judged(tutor, session, "done", threshold)["flag"]


def test_the_threshold_decides_which_mistakes_are_flagged(tutor):
    session = opening()
    play(session, *ERROR)
    verdicts = {t: judged(tutor, session, "done", t) for t in TUTOR_MARKS}
    assert verdicts["error"]["mark"] == "error"
    assert verdicts["doubtful"]["flag"] and verdicts["error"]["flag"]
    assert not verdicts["blunder"]["flag"]
    best = opening()
    play(best, *BEST)
    verdict = judged(tutor, best, "done", "doubtful")
    assert verdict["loss"] == 0 and not verdict["flag"]
    with pytest.raises(GameStateError):
        tutor.judge(session.tutor_request("done")["record"], ["play", []], "terrible")


def test_a_forced_play_is_never_flagged(tutor):
    session = Session(
        start=parse_state(FORCED),
        players=("human", "strong"),
        seed="f",
        prefs={"auto_forced": False},
        tutor="doubtful",
    )
    assert not session.tutor_due("done")  # nothing played yet: no decision to judge
    play(session, ("p2", "off0"))
    if session.choice:  # 6 or 5 first: the same play
        session.choose(0)
    if not session.game.turn().is_complete:
        play(session, ("p1", "off0"))
    assert session.tutor_due("done")
    verdict = judged(tutor, session, "done")
    assert verdict["forced"] and verdict["loss"] == 0 and not verdict["flag"]
    assert not session.tutor_answer("done", verdict)  # made at once
    assert session.game.is_over


def test_take_it_back_puts_the_checkers_back_and_nothing_is_played(tutor):
    session = opening()
    before = list(session.game.actions)
    play(session, *BLUNDER)
    verdict = judged(tutor, session, "done")
    assert session.tutor_answer("done", verdict)  # held: asked, not applied
    assert session.game.actions == before
    assert session.tutor_pending["verdict"]["best"] == "13/7 8/7"
    assert session.tutor_preview()["moves"] == [["p13", "p7"], ["p8", "p7"]]
    assert not session.can_confirm() and not session.can_undo() and session.movable() == []
    assert not session.tutor_due("done")
    for refused in (session.confirm, session.undo):
        with pytest.raises(GameStateError):
            refused()
    assert session.view()["points"] != opening().view()["points"]  # the play is shown
    session.tutor_take_back()
    assert session.tutor_pending is None and session.tutor_preview() is None
    assert session.game.actions == before
    assert session.view()["points"] == opening().view()["points"]  # checkers back
    assert list(session.game.turn().steps) == []
    assert session.tutor_log == [
        {
            "game": 0,
            "action": len(before),
            "player": 0,
            "kind": "play",
            "played": "8/7 8/2",
            "best": "13/7 8/7",
            "loss": verdict["loss"],
            "mark": "blunder",
            "kept": False,
        }
    ]
    play(session, *BEST)  # the better play now: no warning, made at once
    assert not session.tutor_answer("done", judged(tutor, session, "done"))
    assert session.game.actions[len(before)][0] == "play"
    assert session.waiting_for_bot()


def test_keep_mine_makes_the_play(tutor):
    session = opening()
    before = len(session.game.actions)
    play(session, *BLUNDER)
    assert session.tutor_answer("done", judged(tutor, session, "done"))
    session.tutor_keep()
    assert session.tutor_pending is None
    assert session.logs[-1][-1]["play"] == "8/7 8/2"
    assert len(session.game.actions) > before and session.waiting_for_bot()
    assert [e["kept"] for e in session.tutor_log] == [True]
    with pytest.raises(GameStateError):
        session.tutor_keep()  # nothing is asked any more
    with pytest.raises(GameStateError):  # an answer for another moment of the game
        session.tutor_answer("done", {"flag": True, "actions": before})


def test_cube_decisions_double_and_take(tutor):
    session = Session(start=parse_state(RACE), players=("human", "human"), seed="c", tutor="error")
    assert session.game.phase == "roll" and session.tutor_due("roll")
    no_double = judged(tutor, session, "roll")
    assert no_double["kind"] == "cube" and not no_double["flag"]
    double = judged(tutor, session, "double")
    assert double["flag"] and double["best"] == "no_double" and "best_steps" not in double
    assert session.tutor_answer("double", double)
    assert session.game.phase == "roll"  # not doubled yet
    session.tutor_take_back()
    assert session.game.phase == "roll" and session.game.cube.value == 1
    session.double()  # doubled anyway, without the tutor
    take = judged(tutor, session, "take")
    assert take["kind"] == "answer" and take["player"] == 1 and take["flag"]
    assert session.tutor_answer("take", take)
    session.tutor_keep()
    assert session.game.cube.value == 2
    assert [(e["kind"], e["player"], e["kept"]) for e in session.tutor_log] == [
        ("cube", 0, False),
        ("answer", 1, True),
    ]


def test_the_tutor_is_saved_with_the_game_and_counted_by_the_review(tutor):
    session = opening("doubtful")
    play(session, *BLUNDER)
    session.tutor_answer("done", judged(tutor, session, "done"))
    session.tutor_take_back()
    play(session, *ERROR)
    session.tutor_answer("done", judged(tutor, session, "done"))
    session.tutor_keep()
    saved = session.to_dict()
    assert saved["tutor"] == "doubtful" and len(saved["tutor_log"]) == 2
    again = Session.from_dict(saved)
    assert again.tutor == "doubtful" and again.tutor_log == session.tutor_log
    summary = Review(saved).summary()
    assert summary["tutor"] == "doubtful"
    mine, bots = summary["players"]
    assert (mine["tutor_warnings"], mine["tutor_taken_back"]) == (2, 1)
    assert (bots["tutor_warnings"], bots["tutor_taken_back"]) == (0, 0)
    assert Review(saved, game=0).summary()["players"][0]["tutor_warnings"] == 2


def test_a_new_game_link_and_the_dialog_choice_carry_the_tutor():
    from nardy_core.ui import prefs as P

    choice = P.start_choice(P.query("?new=short&p1=strong&tutor=blunder"))
    assert choice["tutor"] == "blunder"
    assert "tutor" not in P.start_choice(P.query("?new=short"))
    assert P.choice_of({"tutor": "error", "hints": True}) == {"tutor": "error", "hints": True}
    assert P.choice_of({"tutor": 3}) == {}
    assert Session("short", tutor="sometimes").tutor is None  # unknown: off


def test_older_saves_load_without_a_tutor():
    session = Session("short", players=("human", "strong"), seed="old")
    saved = session.to_dict()
    assert "tutor" not in saved and "tutor_log" not in saved  # as older versions wrote it
    again = Session.from_dict(saved)
    assert again.tutor is None and again.tutor_log == []
    assert not again.tutor_due("done") and not again.tutor_due("roll")
    summary = Review(saved).summary()
    assert summary["tutor"] is None and summary["players"][0]["tutor_warnings"] == 0
    # a damaged setting or log entry is left out, the game still loads
    damaged = dict(saved, tutor="always", tutor_log=[{"game": "x"}, 5, None])
    again = Session.from_dict(damaged)
    assert again.tutor is None and again.tutor_log == []


def test_the_bot_service_judges_in_the_worker():
    session = opening()
    play(session, *BLUNDER)
    answer = BotService().tutor(session.tutor_request("done"))
    assert answer["flag"] and answer["actions"] == len(session.game.actions)
    assert answer["best"] == "13/7 8/7" and answer["ms"] >= 0
