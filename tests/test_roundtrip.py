"""Exact round trips (issue 18, class 3): every valid state, play, game and match of every game
under every option value is written and read back to the same thing — state text, link codes
(state and whole game), play notation, saved games (JSON), match files where the game's moves
fit one. The regression tests of each class that once failed come first; the property tests
(hypothesis and seeded self-play) after them. ``NARDY_HEAVY=1`` scales the property tests up."""

import pytest

from helpers import state_of
from nardy_core.engine.cube import CubeState
from nardy_core.engine.errors import IllegalMoveError
from nardy_core.engine.game import DOUBLE, ROLL, Game
from nardy_core.formats.linkcode import decode_game, encode_game
from nardy_core.formats.notation import format_state, parse_state
from nardy_core.variants import get_variant


# --- the cube never passes max_cube ------------------------------------------------------------
def test_a_beaver_never_raises_the_cube_past_max_cube():
    game = Game(get_variant("short", {"beaver": True, "max_cube": 2}), seed=1, starter=0)
    game.double()
    assert game.phase == DOUBLE and not game.can_beaver()
    with pytest.raises(IllegalMoveError) as err:
        game.beaver()
    assert err.value.code == "max_cube"
    game.take()
    assert game.cube == CubeState(2, 1 - game.position.turn)
    # where the limit leaves room, the beaver stays
    roomy = Game(get_variant("short", {"beaver": True, "max_cube": 4}), seed=1, starter=0)
    roomy.double()
    roomy.beaver()
    assert roomy.cube.value == 4
    assert parse_state(state_of(roomy))[1] == roomy.cube


@pytest.mark.parametrize("limit,expected", [(2, 2), (3, 2), (4, 4), (0, 8), (1, 1)])
def test_automatic_doubles_stop_at_max_cube(limit, expected):
    variant = get_variant("short", {"automatic_doubles": 5, "max_cube": limit})
    game = Game(variant, seed=1, throw_opening=False)
    game.opening(throws=[(3, 3), (5, 5), (1, 1), (2, 6)])
    assert game.cube.value == expected
    assert parse_state(state_of(game))[1] == game.cube  # the notation accepts it


def test_a_code_with_a_beaver_past_max_cube_keeps_its_layout():
    """The beaver keeps its place among the answers where max_cube refuses it (the layout of
    version 1): a take written before the fix reads as a take."""
    variant = get_variant("short", {"beaver": True, "max_cube": 2})
    game = Game(variant, seed=3, starter=1)
    game.double()
    game.take()
    game.roll((3, 1))
    record = game_record(game)
    old = "s~FtNxqO"  # written by commit 6ecb45c, which let the beaver past the limit
    assert encode_game(record) == old
    assert decode_game(old)["actions"] == [["double"], ["take"], ["roll", [3, 1]]]
    record["actions"] = record["actions"][:1] + [["beaver"]]
    with pytest.raises(Exception) as err:
        encode_game(record)
    assert err.value.params["reason"] == "record" and err.value.params["detail"] == "max_cube"


# --- an empty set of dice ------------------------------------------------------------------------
def test_an_empty_set_of_dice_is_written_in_a_form_every_reader_accepts():
    from nardy_core.formats.linkcode import decode_state, encode_state
    from nardy_core.formats.records import export_match, import_match

    variant = get_variant("long", {"head_exception_rolls": frozenset()})
    text = "long[head_exception_rolls=none] 24:15 24:15 w 33 - money first:wb"
    state = (variant.initial_position(turn=0, dice=(3, 3)), CubeState(), None)
    assert format_state(*state) == text
    assert format_state(*parse_state(text)) == text
    assert format_state(*decode_state(encode_state(*parse_state(text)))) == text
    game = Game(variant, seed=4)
    record = {
        "v": 1,
        "game": "long",
        "options": game_record(game)["options"],
        "length": 0,
        "seed": "x",
        "players": ["human", "human"],
        "games": [game.actions],
    }
    assert record["options"] == {"head_exception_rolls": "none"}
    assert import_match(export_match(record))["options"] == {"head_exception_rolls": "none"}
    # what earlier versions wrote (an empty value) still reads as the empty set
    assert (
        get_variant("long", {"head_exception_rolls": ""}).options["head_exception_rolls"]
        == frozenset()
    )


# --- play notation: a path written for two checkers reads back ----------------------------------
@pytest.mark.parametrize(
    "state,steps,text",
    [
        # the checker entered from the bar moves on to hit; the one from the hand enters after it
        (
            "tawula 24:2,18:1,bar:1,hand:11 24:2,20:1,1:1,hand:11 w 66 - money turns:3-3",
            [(25, 19, 6, False), (19, 13, 6, True), (26, 19, 6, False), (13, 7, 6, False)],
            "bar/19 hand/13*/7",
        ),
        # 7/4 frees the point the hand's checker enters on (tourne-case: one checker a point)
        (
            "tourne_case 7:1,hand:2 11:1,1:1,hand:1 w 63 - money turns:1-2",
            [(7, 4, 3, False), (26, 7, 6, False)],
            "hand/4",
        ),
        (
            "tourne_case 7:1,hand:2 11:1,9:1,hand:1 b 26 - money turns:1-1",
            [(9, 3, 6, False), (11, 9, 2, False)],
            "11/3",
        ),
        # the pinning checker leaves, another pins the same blot again
        (
            "plakoto 24:6,23:1,22:1,18:2,16:1,14:1,12:1,11:1,10:1p 24:6,21:1,20:2,17:1,16:2,15:1,"
            "14:1p,8:1 b 31 - money turns:12-11",
            [(15, 12, 3, False), (16, 15, 1, True)],
            "16/15*/12",
        ),
        # 1-1 and then 6-6 (Russian tricktrack): 19/11 is the 13-point's checker moved on by the
        # 1s, then 19/13 by a 6, while the hand's checker enters on 19 and goes on to 13
        (
            "russian_tricktrack[russian_rules=RUSSIAN_HOYLE] 9:1,7:2,6:2,5:1,4:2,3:2,1:5 "
            "20:1,19:1,16:1,15:6,13:1,hand:5 b 11 - money turns:27-23",
            [
                (16, 15, 1, False),
                (15, 14, 1, False),
                (13, 12, 1, False),
                (12, 11, 1, False),
                (20, 14, 6, False),
                (26, 19, 6, False),
                (19, 13, 6, False),
                (19, 13, 6, False),
            ],
            "hand/13 20/14 19/11 16/14",
        ),
    ],
)
def test_a_path_of_two_checkers_reads_back(state, steps, text):
    from nardy_core.engine.playnotation import find_play, format_steps
    from nardy_core.engine.turn import Turn

    position = parse_state(state)[0]
    turn = Turn(position)
    for step in steps:
        turn.step(step)
    play = turn.play()
    assert format_steps(play.steps) == text
    found = find_play(position, text)
    assert found.board == play.board and format_steps(found.steps) == text


def test_a_roll_of_eight_units_is_written_and_read():
    """Russian tricktrack plays 1-1 and then 6-6: eight checkers off the 1-point at once."""
    from nardy_core.formats.records import export_match, import_match

    text = (
        "russian_tricktrack[russian_rules=RUSSIAN_HOYLE] 1:9,off:6 24:2,13:5,8:3,6:5 "
        "w 11 - money turns:10-10"
    )
    position = parse_state(text)[0]
    game = Game(position.variant, seed=1, position=position)
    game.play("1/off(8)")
    record = {
        "v": 1,
        "game": "russian_tricktrack",
        "options": {"russian_rules": "RUSSIAN_HOYLE"},
        "length": 0,
        "seed": "x",
        "players": ["human", "human"],
        "start": text,
        "games": [game.actions],
    }
    file = export_match(record)
    assert " 11: 1/off(8)" in file
    assert export_match(import_match(file)) == file


# --- a pass the game made on its own, replayed one action at a time ------------------------------
def test_a_transferred_pass_is_replayed_one_action_at_a_time():
    """Gioul hands a list the roller cannot play to the opponent: the game records the roller's
    empty play on its own, and the record repeats it. The saved game, the match replay (export,
    review) and a replay one action at a time each skip it once."""
    import json
    import os

    from conftest import DATA
    from nardy_core.formats.records import replay_match
    from nardy_core.ui.session import Session

    with open(os.path.join(DATA, "golden", "saved", "gioul.json"), encoding="utf-8") as handle:
        record = json.load(handle)
    actions = record["games"][0]
    # the sample holds a roll its roller cannot play, whose list the opponent then plays
    assert any(
        a == ["play", []] and actions[i - 1][0] == "roll" and actions[i + 1][0] == "play"
        for i, a in enumerate(actions[:-1])
    )
    game = replay_match(record).game
    assert json.loads(json.dumps(game.actions)) == actions
    one_by_one = Game(get_variant("gioul"), seed="x", throw_opening=False)
    for action in actions:
        replay(one_by_one, [action])
    assert one_by_one.position == game.position
    assert Session.from_dict(record).game.position == game.position


# --- a later game of a match: no opening throw, a score ------------------------------------------
NO_AUTO = {"auto_roll": False, "auto_forced": False}


def golden_games():
    import json
    import os

    from conftest import DATA

    with open(os.path.join(DATA, "golden", "games.json"), encoding="utf-8") as handle:
        return json.load(handle)


LATER_GAMES = [
    g
    for g in golden_games()
    if g["record"]["starter"] is not None
    or (g["record"]["match"] or [0, [0, 0]])[1] != [0, 0]
    or g["record"]["players"] != [0, 1]
]


@pytest.mark.parametrize("sample", LATER_GAMES, ids=lambda g: g["name"])
def test_a_link_to_a_later_game_of_a_match_opens_and_shares_back(sample):
    """Every later game of a long nardy match, games under next_game_starter=winner and games
    at a match score: the page opens the link at the same state, replays it move by move,
    shares the same link back, and exports and imports its match file."""
    import json

    from nardy_core.formats.records import export_match, import_match, replay_match
    from nardy_core.ui import share

    kind, payload = share.read("#g=" + sample["link"])
    session = share.session_from(kind, payload, prefs=NO_AUTO)
    assert state_of(session.game) == sample["final"]
    assert len(session.game.actions) == sample["actions"]
    states = share.replay_states(payload)
    assert format_state(*states[-1][:3]) == sample["final"]
    assert share.fragment(session, whole_game=True) == "g=" + sample["link"]
    record = json.loads(json.dumps(session.to_dict()))
    assert "first_game" in record
    assert Session_from(record).game.position == session.game.position
    if record["game"] in ("gioul", "gul_bara"):
        return  # no match file for these (docs/records.md)
    text = export_match(record)
    assert "; [FirstGame " in text
    imported = import_match(text)
    assert imported["first_game"] == record["first_game"]
    assert state_of(replay_match(imported).game) == sample["final"]
    assert export_match(imported) == text


def Session_from(record):
    from nardy_core.ui.session import Session

    return Session.from_dict(record, prefs=NO_AUTO)


@pytest.mark.parametrize(
    "first,reason",
    [
        ({"score": [7, 0]}, "bad_record"),  # not below the length
        ({"score": [4, 1], "crawford": "crawford"}, None),  # one player at length - 1
        ({"score": [2, 1], "crawford": "post"}, "bad_record"),  # nobody at length - 1
        ({"players": [1, 1]}, "bad_record"),
        ({"players": [True, False]}, "bad_record"),
        ({"starter": 2}, "bad_record"),
        ({"score": ["1", 0]}, "bad_record"),
        ("white", "bad_record"),
    ],
)
def test_a_saved_first_game_is_checked(first, reason):
    from nardy_core.engine.errors import NardyError

    record = {
        "v": 1,
        "game": "short",
        "options": {},
        "length": 5,
        "seed": "s",
        "players": ["human", "human"],
        "games": [[]],
        "first_game": first,
    }
    if reason is None:
        session = Session_from(record)
        assert session.game.match.crawford == "crawford" and session.match.score == [4, 1]
        return
    with pytest.raises(NardyError) as err:
        Session_from(record)
    assert err.value.code == reason


# --- games a match file cannot hold: JSON instead ------------------------------------------------
def golden_saved(name):
    import json
    import os

    from conftest import DATA

    with open(os.path.join(DATA, "golden", "saved", f"{name}.json"), encoding="utf-8") as handle:
        return json.load(handle)


@pytest.mark.parametrize(
    "name,reason",
    [("gioul", "unsupported"), ("tavli-match", "mixed_match"), ("gul-bara-tapa", "mixed_match")],
)
def test_a_game_without_a_match_file_is_saved_as_json(name, reason):
    import json

    from nardy_core.engine.errors import NardyError
    from nardy_core.formats.records import export_json, export_match, import_file, replay_match
    from nardy_core.ui.session import Session

    record = golden_saved(name)
    with pytest.raises(NardyError) as err:
        export_match(record)
    assert err.value.code == reason and "JSON" in err.value.message
    text = export_json(record)
    back = import_file(text)
    expected = {k: v for k, v in record.items() if k != "seed"}
    assert back == dict(expected, dice="recorded")
    assert import_file(text.encode("utf-8")) == back and export_json(back) == text
    before = Session.from_dict(record, prefs=NO_AUTO)
    after = Session.from_dict(back, prefs=NO_AUTO)
    assert [state_of(g) for g in after.match.all_games()] == [
        state_of(g) for g in before.match.all_games()
    ]
    assert [state_of(g) for g in replay_match(back).all_games()] == [
        state_of(g) for g in before.match.all_games()
    ]
    assert json.loads(text)["dice"] == "recorded" and "seed" not in json.loads(text)


@pytest.mark.parametrize(
    "text,reason",
    [
        ("{", "bad_json"),
        ("[]", "bad_json"),
        ('{"games": 3}', "bad_json"),
        ('{"v": 1, "game": "short", "length": NaN, "games": [[]]}', "bad_json"),
        ('{"v": 1, "game": "short", "length": 1e999, "games": [[]]}', "bad_json"),
        ("[" * 100000 + "]" * 100000, "bad_json"),
        ('{"v": 1, "game": "short", "length": 0, "games": [[["roll", [7, 1]]]]}', "bad_record"),
        ('{"v": 1, "game": "nothing", "length": 0, "games": [[]]}', "unknown_game"),
    ],
)
def test_json_that_is_no_record_is_a_typed_error(text, reason):
    from nardy_core.formats.records import RecordError, import_json

    with pytest.raises(RecordError) as err:
        import_json(text)
    assert err.value.params["reason"] == reason


# === property tests ===============================================================================
# Every game key (and each match of mixed games) under option sets that between them take every
# value of every option (choices each, bools both, ints default/boundary/other, die sets
# default/empty/all/other), played at random by self-play through Game (rolls, cube actions,
# resignations offered, accepted and declined, plays chosen among the legal ones or made step by
# step in random orders). At every turn the state text and the state code round trip, and every
# legal play (a sample where there are many) is written and read back to itself; each game's
# whole-game code decodes to the same game, which the page opens and shares back unchanged; the
# match's saved record, JSON export and match file (where the game has one) read back to the
# same match, and a match file to the same text.
import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from nardy_core.engine.game import MOVE, OPENING, OVER, RESIGN  # noqa: E402
from nardy_core.engine.match import MATCH_KINDS, Match  # noqa: E402
from nardy_core.engine.playnotation import find_play, format_steps  # noqa: E402
from nardy_core.engine.turn import Turn  # noqa: E402
from nardy_core.formats import linkcode  # noqa: E402
from nardy_core.formats.record import (  # noqa: E402
    first_game_of,  # noqa: E402
    game_from_record,
    game_record,
    replay,
)
from nardy_core.variants import VARIANTS  # noqa: E402

HEAVY = bool(os.environ.get("NARDY_HEAVY"))
SCALE = 3 if HEAVY else 1
ACTIONS = 2000 if HEAVY else 60  # actions a game of the property tests runs to, at most
PLAYS_READ = 40 if HEAVY else 12  # legal plays written and read back per position, at most
CUBE_OPTIONS = {"max_cube", "jacoby", "beaver", "automatic_doubles", "crawford", "holland"}


def option_values(spec):
    """The values of one option the property tests take: every choice, both bools, an int's
    default, its boundary (the minimum) and another value, a die set's default, the empty
    set, every die and another set."""
    if spec.kind == "choice":
        return list(spec.choices)
    if spec.kind == "bool":
        return [spec.default, not spec.default]
    if spec.kind == "int":
        values = [spec.default, spec.minimum, spec.default + 1, spec.minimum + 3, 64]
        return list(dict.fromkeys(values))
    assert spec.kind == "dieset", spec.kind  # a new kind of option needs its values here
    return list(
        dict.fromkeys([spec.default, frozenset(), frozenset(range(1, 7)), frozenset({2, 5})])
    )


def option_sets(cls):
    """Option sets of ``cls`` in which each option takes each of its values at least once: set
    i gives every option its i-th value (cycling), the cube switched on where a cube option is
    off its default and the game has a cube option."""
    specs = cls.option_specs
    count = max(len(option_values(spec)) for spec in specs)
    keys = {spec.key for spec in specs}
    sets = []
    for i in range(count):
        options = {}
        for spec in specs:
            values = option_values(spec)
            options[spec.key] = values[i % len(values)]
        if "cube_enabled" in keys and any(
            options[s.key] != s.default for s in specs if s.key in CUBE_OPTIONS
        ):
            options["cube_enabled"] = True
        sets.append(options)
    for spec in specs:  # a value the cube's switching left out: on its own
        for value in option_values(spec):
            if all(options[spec.key] != value for options in sets):
                sets.append({spec.key: value})
    return sets


CASES = [
    (key, i, options)
    for key in sorted(VARIANTS)
    for i, options in enumerate(option_sets(VARIANTS[key]))
]


def test_the_option_sets_take_every_value():
    for key, cls in VARIANTS.items():
        sets = [cls(options).options for _, _, options in [c for c in CASES if c[0] == key]]
        for spec in cls.option_specs:
            taken = {s[spec.key] for s in sets}
            assert set(option_values(spec)) <= taken, (key, spec.key)


# --- the checks ----------------------------------------------------------------------------------
def check_state(position, cube, match):
    text = format_state(position, cube, match)
    assert format_state(*parse_state(text)) == text
    assert parse_state(text) == parse_state(format_state(*parse_state(text)))
    code = linkcode.encode_state(position, cube, match)
    assert format_state(*linkcode.decode_state(code)) == text
    assert linkcode.encode_state(*linkcode.decode_state(code)) == code


def all_plays(position, rng, limit):
    """Legal plays of ``position`` by their step sequences (every order the step interface
    accepts, not only the distinct results), a random sample of at most ``limit``."""
    out = []
    turn = Turn(position)

    def walk(budget=[400]):  # noqa: B006 - a walk's own node budget
        budget[0] -= 1
        if budget[0] < 0:
            return
        if turn.is_complete:
            out.append(turn.play())
            return
        steps = turn.legal_steps()
        for step in rng.sample(steps, len(steps)):
            turn.step(step)
            walk(budget)
            turn.undo()

    walk([400])
    return rng.sample(out, min(limit, len(out)))


def check_plays(position, rng):
    for play in all_plays(position, rng, PLAYS_READ):
        text = format_steps(play.steps)
        found = find_play(position, text)
        assert found.board == play.board, (format_state(position), text)
        assert format_steps(found.steps) == text, (format_state(position), text)


def check_game_link(game, whole=True):
    from nardy_core.ui import share

    record = game_record(game)
    again = game_from_record(json.loads(json.dumps(record)))  # the JSON game record, seed and all
    assert json.loads(json.dumps(game_record(again))) == json.loads(json.dumps(record))
    assert state_of(again) == state_of(game)
    assert (again.dice.seed, again.dice.used) == (game.dice.seed, game.dice.used)
    code = linkcode.encode_game(record)
    decoded = linkcode.decode_game(code)
    assert json.loads(json.dumps(decoded["actions"])) == json.loads(json.dumps(record["actions"]))
    rebuilt = game_from_record(decoded)
    assert state_of(rebuilt) == state_of(game) and rebuilt.phase == game.phase
    if whole:  # the page opens it, replays it and shares it back unchanged
        session = share.session_from("game", decoded, prefs=NO_AUTO)
        assert state_of(session.game) == state_of(game)
        assert share.fragment(session, whole_game=True) == "g=" + code
    else:
        assert linkcode.encode_game(decoded) == code


def whole_list(game) -> bool:
    """A roll of a long ordered list (an escalating double played as one list under
    ``escalation_lookahead=FULL``, a Russian complement double): its plays may be too many to
    list, so it is played by steps of the step interface, and its link names those steps
    (docs/links.md, version 2)."""
    return not game.turn().legality.listed


def act(game, rng):
    """One random action of any kind."""
    phase = game.phase
    resign = game.variant.options.values.get("allow_resign", True)
    if phase == OPENING:
        game.opening()
    elif phase == ROLL:
        if game.can_double() and rng.random() < 0.1:
            game.double()
        elif resign and rng.random() < 0.01:
            game.resign(rng.choice(game.variant.resign_levels())[0])
        else:
            game.roll()
    elif phase == MOVE:
        if resign and rng.random() < 0.005:
            game.resign(rng.choice(game.variant.resign_levels())[0])
        elif rng.random() < 0.5 and not whole_list(game):
            game.play(rng.choice(game.legal_plays()))
        else:
            turn = game.turn()
            while not turn.is_complete:
                turn.step(rng.choice(turn.legal_steps()))
            game.play(list(turn.steps))
    elif phase == DOUBLE:
        r = rng.random()
        if game.can_beaver() and r < 0.3:
            game.beaver()
        elif r < 0.85:
            game.take()
        else:
            game.drop()
    elif phase == RESIGN:
        if rng.random() < 0.4:
            game.accept_resignation()
        else:
            game.decline_resignation()


def play_match(match, rng, games=2, actions=ACTIONS, every=4):
    """Play ``match`` at random, checking the state and the plays along the way and each
    game's whole-game code after it."""
    for number in range(games):
        game = match.game
        turns = 0
        while game.phase != OVER and len(game.actions) < actions:
            if game.phase in (ROLL, MOVE) and not game.turn_in_progress:
                turns += 1
                if turns % every == 0:
                    check_state(game.position, game.cube, game.match)
                    if game.phase == MOVE:
                        check_plays(game.position, rng)
            act(game, rng)
        check_state(game.position, game.cube, game.match)
        check_game_link(game, whole=number > 0 or game.is_over)
        if not game.is_over or number + 1 == games or match.next_game() is None:
            break
    return match


def record_of(match):
    """The record a session saves for ``match`` (Session.to_dict()'s shape)."""
    from nardy_core.ui.session import HUMAN

    record = {
        "v": 1,
        "game": match.variant.key,
        "options": {},
        "length": match.length,
        "seed": match.seed,
        "players": [HUMAN, HUMAN],
        "games": [[list(a) for a in g.actions] for g in match.all_games()],
    }
    if match.kind is not None:
        record.update(
            v=2,
            kind=match.kind.key,
            game=match.kind.games[0],
            options={
                k: texts_of(get_variant(k, o))
                for k, o in match.kind_options.items()
                if texts_of(get_variant(k, o))
            },
        )
    else:
        record["options"] = texts_of(match.variant)
    return json.loads(json.dumps(record))


def texts_of(variant):
    specs = {o.key: o for o in variant.options.specs}
    return {k: specs[k].format(v) for k, v in variant.options.non_default().items()}


def trace(record):
    """What a replay of ``record`` shows, however the record spells the opening and the steps:
    each game's starting score and colours, the state after every play and cube action, each
    result."""
    from nardy_core.engine.match import Match as Rebuilt

    start = parse_state(record["start"]) if record.get("start") else None
    kind = record.get("kind")
    variant = (
        None
        if kind
        else start[0].variant
        if start
        else get_variant(record["game"], record.get("options") or {})
    )
    match = Rebuilt(
        variant,
        length=record["length"],
        throw_opening=False,
        start=start,
        kind=kind,
        options=record.get("options") if kind else None,
        first=first_game_of(record, start),
    )
    out = []
    for index, actions in enumerate(record["games"]):
        if index:
            match.next_game()
        game = match.game
        out.append(("game", list(match.score), game.players))
        for action in actions:
            replay(game, [action])
            if action[0] in ("play", "double", "take", "drop", "beaver", "accept"):
                out.append((action[0], state_of(game)))
        out.append(("result", game.result.to_dict() if game.result else None))
    return out


def check_records(match):
    """The saved record, its JSON export and its match file read back to the same match."""
    from nardy_core.formats.records import export_json, export_match, import_file, import_match
    from nardy_core.ui.session import Session

    record = record_of(match)
    session = Session.from_dict(record, prefs=NO_AUTO)
    saved = json.loads(json.dumps(session.to_dict()))
    assert saved == record
    assert [state_of(g) for g in session.match.all_games()] == [
        state_of(g) for g in match.all_games()
    ]
    text = export_json(record)  # replays the record, and import_file replays what it reads
    assert import_file(text) == json.loads(
        json.dumps(dict({k: v for k, v in record.items() if k != "seed"}, dice="recorded"))
    )
    if match.kind is not None or not match.variant.one_play_per_roll:
        return
    text = export_match(record)
    imported = import_match(text)
    assert trace(imported) == trace(record)
    assert export_match(imported) == text


# --- the tests -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "key,index,options", CASES, ids=[f"{key}-{index}" for key, index, _ in CASES]
)
def test_every_option_value_round_trips(key, index, options):
    for seed in range(SCALE):
        rng = random.Random(f"{key}/{index}/{seed}")
        variant = VARIANTS[key](options)
        length = (0, 3, 1, 5, 7)[(index + seed) % 5]
        match = Match(variant, length=length, seed=f"roundtrip/{key}/{index}/{seed}")
        check_records(play_match(match, rng))


@pytest.mark.parametrize("kind", sorted(MATCH_KINDS))
def test_mixed_matches_round_trip(kind):
    for seed in range(SCALE):
        rng = random.Random(f"{kind}/{seed}")
        match = Match(
            None, length=MATCH_KINDS[kind].lengths[0], seed=f"roundtrip/{kind}/{seed}", kind=kind
        )
        check_records(play_match(match, rng, games=3))


@st.composite
def options_of(draw, key):
    """Any values of any of the game's options (hypothesis draws which and what)."""
    options = {}
    for spec in VARIANTS[key].option_specs:
        if draw(st.booleans()):
            options[spec.key] = draw(st.sampled_from(option_values(spec)))
    return options


@settings(
    max_examples=12 * SCALE,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    st.sampled_from(sorted(VARIANTS)),
    st.data(),
    st.integers(0, 2**32),
    st.sampled_from([0, 1, 2, 5]),
)
def test_random_options_round_trip(key, data, seed, length):
    options = data.draw(options_of(key))
    match = Match(VARIANTS[key](options), length=length, seed=f"hypothesis/{seed}")
    check_records(play_match(match, random.Random(seed), actions=ACTIONS // 2))
