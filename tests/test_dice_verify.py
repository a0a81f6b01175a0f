"""Verifiable dice and dice statistics (issue 10, items 3 and 4; docs/dice.md).

The commitment is SHA-256 of the seed; a revealed seed recomputes every throw of a record
(``dicecheck``): one changed roll, opening throw or missing roll fails, naming the game and the
roll with the expected and the recorded dice. The statistics' expected values follow each
game's own doubles rule (``dicestats``). In-process only (the suite also runs inside Pyodide).
"""

import copy
import hashlib
import json
import random
import sys
from itertools import product
from pathlib import Path

import pytest

from helpers import run
from nardy_core.analysis.dicecheck import commitment, rolls, verify, verify_record
from nardy_core.analysis.dicestats import (
    PAIRS,
    empty,
    expected,
    expected_for,
    game_stats,
    merge,
    record_stats,
    session_stats,
    summary,
)
from nardy_core.engine.dice import Dice
from nardy_core.formats.record import game_from_record, game_record
from nardy_core.ui.session import HUMAN, Session
from nardy_core.variants import VARIANTS, get_variant


def play_out(session, rng, limit=3000):
    """Random legal play by two people until the session's match (or money game) ends."""
    for _ in range(limit):
        game = session.game
        if game.is_over:
            if session.match_over or not session.match.length:
                return session
            session.next_game()
            continue
        if game.phase == "roll":
            session._do("roll")
        elif game.phase == "move":
            session._do("play", rng.choice(game.legal_plays()))
        elif game.phase == "double":
            session._do("take")
        else:
            raise AssertionError(game.phase)
    raise AssertionError("the session did not end")


def played(game, length=3, seed="test-seed", kind=None):
    session = Session(
        None if kind else game, length=length, players=(HUMAN, HUMAN), seed=seed, kind=kind
    )
    return play_out(session, random.Random(7))


def independent_rolls(seed, count, dice=2):
    """docs/dice.md's few lines of hashlib-only Python."""
    out, block, values = [], 0, []
    while len(out) < count:
        for byte in hashlib.sha256(f"{seed}/{block}".encode()).digest():
            if byte < 252:
                values.append(byte % 6 + 1)
                if len(values) == dice:
                    out.append(tuple(values))
                    values = []
                    if len(out) == count:
                        break
        block += 1
    return out


# --- the commitment ------------------------------------------------------------------------
def test_the_commitment_verifies_and_a_wrong_hash_fails():
    seed = "5f0c2a9d3e"
    digest = hashlib.sha256(seed.encode()).hexdigest()
    assert commitment(seed) == digest == Dice(seed).commitment()
    assert verify(seed, digest)
    assert verify(seed, digest.upper())
    assert verify(seed, " " + digest[:32] + " " + digest[32:] + "\n")
    assert not verify(seed, digest[:-1] + ("0" if digest[-1] != "0" else "1"))
    assert not verify(seed + "x", digest)
    assert not verify(seed, "")


def test_the_stream_is_what_a_dozen_lines_of_hashlib_give():
    for seed in ("abc", "e2e-dice/1", "ключ"):
        assert rolls(seed, 200) == independent_rolls(seed, 200)
        assert rolls(seed, 50, dice=3) == independent_rolls(seed, 50, dice=3)
    assert rolls("abc", 3) == [(4, 5), (6, 3), (4, 1)]  # the CLI's example in docs/dice.md


# --- records -----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_a_played_game_of_every_game_verifies(game):
    session = played(game, length=1)
    record = json.loads(json.dumps(session.to_dict()))  # as the page saves it
    result = verify_record(record, "test-seed")
    assert result.ok, result.message()
    throws = sum(
        len(a[1]) if a[0] == "opening" else 1
        for g in record["games"]
        for a in g
        if a[0] in ("opening", "roll")
    )
    assert result.rolls == throws > 0 and result.games == len(record["games"])
    assert verify_record(record).ok  # the record's own seed


@pytest.mark.parametrize("game", ["gioul", "gul_bara"])
def test_escalating_doubles_one_roll_for_several_plays_verify(game):
    session = played(game, length=5)
    record = session.to_dict()
    plays_after_a_roll = []
    for actions in record["games"]:
        count = 0
        for action in actions:
            if action[0] == "roll":
                plays_after_a_roll.append(count)
                count = 0
            elif action[0] == "play":
                count += 1
    assert max(plays_after_a_roll) > 1  # some roll served several plays
    assert verify_record(record, "test-seed").ok


def test_a_mixed_match_verifies_game_by_game():
    session = played(None, length=3, kind="tavli")
    record = session.to_dict()
    assert record.get("kind") == "tavli" and len(record["games"]) >= 2
    assert verify_record(record, "test-seed").ok


def first_roll(record):
    for g, actions in enumerate(record["games"]):
        rolls_seen = 0
        for i, action in enumerate(actions):
            if action[0] == "roll":
                rolls_seen += 1
                if rolls_seen == 3:
                    return g, i, rolls_seen
    raise AssertionError("no third roll")


def test_one_changed_roll_fails_naming_the_game_the_roll_and_both_dice():
    session = played("short")
    record = copy.deepcopy(session.to_dict())
    g, i, number = first_roll(record)
    true = tuple(record["games"][g][i][1])
    changed = (true[0] % 6 + 1, true[1])
    record["games"][g][i][1] = list(changed)
    result = verify_record(record, "test-seed")
    assert not result.ok
    failure = result.failure
    assert (failure.game, failure.kind, failure.number, failure.action) == (
        g + 1,
        "roll",
        number,
        i + 1,
    )
    assert failure.expected == true and failure.recorded == changed
    message = result.message()
    assert f"game {g + 1}, roll {number}" in message
    assert "-".join(map(str, true)) in message and "-".join(map(str, changed)) in message


def test_a_changed_opening_throw_and_a_missing_roll_fail_too():
    session = played("long")
    record = copy.deepcopy(session.to_dict())
    opening = record["games"][0][0]
    assert opening[0] == "opening"
    a, b = opening[1][-1]
    opening[1][-1] = [b, a]  # the other side wins the lot
    result = verify_record(record, "test-seed")
    assert not result.ok and result.failure.kind == "opening" and result.failure.game == 1
    record = copy.deepcopy(session.to_dict())
    index = next(i for i, a in enumerate(record["games"][0]) if a[0] == "roll")
    del record["games"][0][index]  # a roll left out: every later one is off by one
    assert not verify_record(record, "test-seed").ok


def test_another_seed_fails_and_recorded_dice_cannot_be_verified():
    record = played("short", length=0).to_dict()
    result = verify_record(record, "another seed")
    assert not result.ok and "not from 'another seed'" in result.message()
    imported = dict(record, dice="recorded")
    imported.pop("seed")
    result = verify_record(imported, "test-seed")
    assert not result.ok and result.unavailable
    assert "nothing to verify" in result.message()


def test_one_games_record_verifies_with_the_match_seed_or_its_own():
    session = played("short")
    game = session.match.games[0]
    record = game_record(game)
    assert record["seed"] == "test-seed/1"
    assert verify_record(record, "test-seed").ok
    assert verify_record(record, "test-seed/1").ok
    assert verify_record(record).ok
    hidden = dict(record, dice_used=record["dice_used"] + 1)  # a throw not in the record
    result = verify_record(hidden, "test-seed")
    assert not result.ok and "a throw is missing" in result.message()


# --- the command line ----------------------------------------------------------------------------
def test_cli_exit_codes(capsys, tmp_path):
    seed = "cli-seed"
    digest = commitment(seed)
    rc, out, _ = run(capsys, "verify-dice", seed, digest, "--count", "3")
    assert rc == 0 and "matches" in out
    assert [line.split()[1] for line in out.splitlines()[2:]] == [
        f"{a}-{b}" for a, b in rolls(seed, 3)
    ]
    rc, out, _ = run(capsys, "verify-dice", seed, "0" * 64)
    assert rc == 1 and "DOES NOT MATCH" in out

    session = played("short", length=0, seed=seed)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(session.to_dict()))
    rc, out, _ = run(capsys, "verify-dice", seed, digest, "--record", str(path))
    assert rc == 0 and "verified:" in out
    saved = tmp_path / "saved.json"  # an entry of the page's saved games works too
    saved.write_text(json.dumps({"session": session.to_dict(), "title": "x"}))
    assert run(capsys, "verify-dice", seed, digest, "--record", str(saved))[0] == 0

    record = session.to_dict()
    g, i, number = first_roll(record)
    record["games"][g][i][1] = [7 - d for d in record["games"][g][i][1]]  # never the same
    path.write_text(json.dumps(record))
    rc, out, _ = run(capsys, "verify-dice", seed, digest, "--record", str(path))
    assert rc == 1 and f"game {g + 1}, roll {number}" in out

    rc, _, err = run(capsys, "verify-dice", seed, digest, "--record", str(tmp_path / "none"))
    assert rc == 2 and "cannot read" in err
    path.write_text("{not json")
    rc, _, err = run(capsys, "verify-dice", seed, digest, "--record", str(path))
    assert rc == 2 and "not JSON" in err
    path.write_text("[1, 2]")
    rc, _, err = run(capsys, "verify-dice", seed, digest, "--record", str(path))
    assert rc == 2 and "error:" in err
    path.write_text(json.dumps({"games": [[["roll", ["x", 1]]]], "game": "short", "seed": seed}))
    rc, _, err = run(capsys, "verify-dice", seed, digest, "--record", str(path))
    assert rc == 2 and "error:" in err


# --- statistics ---------------------------------------------------------------------------------
def brute(units_of, count=2):
    rolls_ = list(product(range(1, 7), repeat=count))
    return sum(units_of(r) for r in rolls_) / len(rolls_)


def test_expected_pips_follow_each_games_doubles_rule():
    four = brute(lambda r: 4 * r[0] if r[0] == r[1] else r[0] + r[1])
    assert four == pytest.approx(49 / 6)  # 8.17
    assert expected_for(get_variant("short")) == pytest.approx((49 / 6, 1 / 6))
    assert expected_for(get_variant("long")) == pytest.approx((49 / 6, 1 / 6))
    # three dice, no doubles rule: 10.5 pips; all three alike 1 in 36
    assert expected_for(get_variant("fayles")) == pytest.approx((10.5, 1 / 36))
    # X2 doubles (the backgammon family's irish): a double counts twice, 7 pips
    assert get_variant("irish").doubles == "x2"
    assert expected_for(get_variant("irish"))[0] == pytest.approx(7.0)
    # X1 (tourne-case): a double once
    assert expected_for(get_variant("tourne_case"))[0] == pytest.approx(
        brute(lambda r: r[0] if r[0] == r[1] else r[0] + r[1])
    )
    lower = get_variant("tourne_case", {"tourne_dice": "LOWER"})  # the lower die only
    assert expected_for(lower)[0] == pytest.approx(brute(min))
    # gioul: a double d-d is d×4, (d+1)×4, …, 6×4
    escalating = brute(lambda r: 4 * sum(range(r[0], 7)) if r[0] == r[1] else r[0] + r[1])
    assert expected_for(get_variant("gioul"))[0] == pytest.approx(escalating)  # 15.94
    # gul bara: ordinary doubles in a player's first three turns, escalating after
    gul = get_variant("gul_bara")
    start = gul.initial_position()
    assert expected(gul, start)[0] == pytest.approx(49 / 6)
    later = start.replace(turn_number=(3, 3))
    assert expected(gul, later)[0] == pytest.approx(escalating)
    # russian tricktrack by Hoyle: a double d-d is four d and four 7-d
    hoyle = get_variant("russian_tricktrack", {"russian_rules": "RUSSIAN_HOYLE"})
    assert expected_for(hoyle)[0] == pytest.approx(
        brute(lambda r: 28 if r[0] == r[1] else r[0] + r[1])
    )


@pytest.mark.parametrize("game", ["short", "fayles", "gul_bara", "irish"])
def test_statistics_of_a_played_match(game):
    session = played(game)
    stats = session_stats(session)
    record = session.to_dict()
    rolled = [tuple(a[1]) for actions in record["games"] for a in actions if a[0] == "roll"]
    total = merge(stats[0], stats[1])
    count = get_variant(game).dice_count
    assert total["rolls"] == len(rolled)
    assert total["dice"] == sum(total["faces"]) == count * len(rolled)
    for face in range(1, 7):
        assert total["faces"][face - 1] == sum(r.count(face) for r in rolled)
    assert total["doubles"] == sum(1 for r in rolled if len(set(r)) == 1)
    assert total["games"] == 2 * len(record["games"])  # one per player per game
    s = summary(stats[0])
    mean = expected_for(get_variant(game))[0]
    if game in ("short", "fayles", "irish"):  # the expected value never changes in these games
        assert s["pips_per_roll_expected"] == pytest.approx(mean)
    assert s["doubles_rate_expected"] == pytest.approx(1 / 6 if count == 2 else 1 / 36)
    if count == 2:
        assert sum(s["pairs"].values()) == s["rolls"] and set(s["pairs"]) == set(PAIRS)
        assert sum(s["pairs_expected"].values()) == pytest.approx(s["rolls"])
    # the same from the saved record, and from each game
    again = record_stats(record)
    assert again[0]["rolls"] == stats[0]["rolls"] and again[1]["pips"] == stats[1]["pips"]
    by_game = empty()
    for g in session.match.games + [session.match.game]:
        for tally in game_stats(g).values():
            by_game = merge(by_game, tally)
    assert by_game["rolls"] == total["rolls"] and by_game["pips"] == total["pips"]


def test_short_nardy_pips_count_a_double_four_times():
    session = played("short", length=0)
    game = session.game
    stats = game_stats(game)
    pips = 0
    for action in game.actions:
        if action[0] == "roll":
            a, b = action[1]
            pips += 4 * a if a == b else a + b
    assert stats[0]["pips"] + stats[1]["pips"] == pips
    assert game_from_record(game_record(game)).actions == game.actions  # nothing was changed


def test_merge_adds_and_json_round_trips():
    a = game_stats(played("short", length=0, seed="a").game)[0]
    b = game_stats(played("short", length=0, seed="b").game)[0]
    both = merge(json.loads(json.dumps(a)), json.loads(json.dumps(b)))
    assert both["rolls"] == a["rolls"] + b["rolls"] and both["games"] == 2
    assert both["faces"] == [x + y for x, y in zip(a["faces"], b["faces"])]
    assert merge({}, a) == merge(a, empty())
    assert summary(empty())["pips_per_roll"] is None


# --- the page's markup (web/app/dicepanel.py, pure functions) -----------------------------------
def dicepanel():
    app = str(Path(__file__).resolve().parent.parent / "web" / "app")
    if app not in sys.path:
        sys.path.insert(0, app)
    import dicepanel as module

    return module


def test_the_dice_line_before_and_after_and_the_statistics_dialog():
    panel = dicepanel()
    full = commitment("s")
    before = panel.dice_line("en", {"commitment": full, "seed": None, "match": False})
    assert f'title="{full}"' in before and full[:16] + "…" in before
    assert "dice-verify" not in before and "dice-seed" not in before
    assert "revealed when the game ends" in before
    after = panel.dice_line(
        "ru", {"commitment": full, "seed": "s", "match": False, "result": ("Проверено", True)}
    )
    assert 'id="dice-seed">s<' in after and "Проверить" in after and 'class="ok"' in after
    recorded = panel.dice_line("en", {"recorded": True})
    assert "verification is not available" in recorded and "dice-hash" not in recorded
    session = played("short", length=0)
    stats = game_stats(session.game)
    html = panel.stats_dialog(
        "en", [("ds-game", "This game", [("White", stats[0]), ("Black", empty())])]
    )
    assert "8.17" in html and "No rolls yet" in html and 'id="ds-close"' in html
    result = verify_record(session.to_dict())
    assert panel.verification_text("en", result).startswith("Verified")
    record = session.to_dict()
    g, i, number = (
        first_roll(record)
        if any(sum(a[0] == "roll" for a in x) >= 3 for x in record["games"])
        else (0, None, 0)
    )
    if i is not None:
        record["games"][g][i][1] = [
            record["games"][g][i][1][0] % 6 + 1,
            record["games"][g][i][1][1],
        ]
        text = panel.verification_text("ru", verify_record(record))
        assert text.startswith("Не проверено: партия 1, бросок")
    assert panel.verification_text("en", result, commitment_ok=False).startswith(
        "Not verified: the seed does not match"
    )
