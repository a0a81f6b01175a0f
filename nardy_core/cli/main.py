"""Command line: ``python -m nardy_core COMMAND`` (``--help`` lists the commands; the limits on
its numbers and files are in docs/fuzzing.md)."""

from __future__ import annotations

import argparse
import os
import re
import sys

from ..analysis.dicecheck import MAX_ROLLS_LISTED, commitment, iter_rolls, verify, verify_record
from ..engine.dice import check_seed
from ..engine.errors import GameStateError, NardyError
from ..engine.match import MAX_LENGTH
from ..engine.movegen import legal_plays
from ..engine.position import OFF
from ..formats.inputs import decode_text, parse_json, read_file, read_json_file
from ..formats.notation import parse_position, parse_state
from ..variants import VARIANTS, get_variant

MAX_GAMES = 10_000  # the highest --game-number of review
MAX_SELFPLAY = 10_000_000  # the most games selfplay is asked for
MAX_JOBS = 256  # the most processes selfplay starts
_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # gettext's order


def _parse_dice(text):
    digits = [c for c in text if c.isdigit()]
    if not digits or any(not "1" <= c <= "6" for c in digits):
        raise NardyError(
            f"dice {text!r}: write them as digits 1-6, e.g. 31 or 6-6", code="bad_dice", dice=text
        )
    return tuple(int(c) for c in digits)


def _parse_options(pairs):
    options = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep:
            raise NardyError(f"option {pair!r}: write key=value", code="bad_option", option=pair)
        options[key.strip()] = value.strip()
    return options


def cmd_check_vectors(args):
    # start-up: the bots, the review, the referees and the page's logic load only for the
    # commands that use them
    from ..referee.vectors import check_file, report

    failed = 0
    for path in args.files:
        failed += report(check_file(path), sys.stdout)
    return 1 if failed else 0


def _to_play(position, dice):
    """``position`` with the roll ``dice`` (text), checked, and still a game to play on."""
    position = position.replace(dice=_parse_dice(dice))
    position.variant.validate(position)
    done = [side[OFF] == position.variant.checkers for side in position.sides]
    # over, unless it is Black's compensating last roll (long nardy's last_roll_draw)
    if done[position.turn] or (done[1 - position.turn] and not position.last_roll):
        raise GameStateError("the game is already over in this position", code="start_over")
    return position


def cmd_plays(args):
    if args.position:
        position = parse_position(args.position)
    else:
        position = get_variant(args.game, _parse_options(args.option)).initial_position()
    position = _to_play(position, args.dice)
    plays = legal_plays(position)
    ended = position.variant.roll_outcome(position, plays)
    if ended is not None:  # the roll itself ends the game (fayles: no play of every die)
        print(
            f"# the roll ends the game: {ended.kind}, {ended.points} point"
            f"{'' if ended.points == 1 else 's'} to the other side"
        )
        return 0
    for play in plays:
        print(play.notation())
    print(f"# {len(plays)} legal plays", file=sys.stderr)
    return 0


def cmd_selfplay(args):
    import time

    # start-up: the bots, the review, the referees and the page's logic load only for the
    # commands that use them
    from ..referee.option_matrix import matrix_variants

    games = list(VARIANTS) if not args.game or "all" in args.game else args.game
    options = _parse_options(args.option)
    bad = 0
    for key in games:
        variants = matrix_variants(key) if args.all_options else [get_variant(key, options)]
        start, played, turns, found = time.perf_counter(), 0, 0, 0
        for variant in variants:
            report = _selfplay_report(variant, args)
            print(report.line())
            for line in report.violations[:20]:
                print("  " + line)
            played, turns, found = (
                played + report.games,
                turns + report.turns,
                found + len(report.violations),
            )
        if args.all_options:
            print(
                f"{key}: {len(variants)} option values, {played} games, {turns} turns, "
                f"{found} rule violations, {time.perf_counter() - start:.1f} s"
            )
        bad += found
    return 1 if bad else 0


def _selfplay_report(variant, args):
    # start-up: the bots, the review, the referees and the page's logic load only for the
    # commands that use them
    from ..referee.option_matrix import label
    from ..referee.selfplay import selfplay

    # each value of the matrix plays its own games: the same dice under every option would
    # mostly replay the same games
    seed = f"{args.seed}/{label(variant)}" if args.all_options else args.seed
    if args.jobs > 1:
        return _parallel_selfplay(variant, args.games, seed, args.jobs)
    return selfplay(variant, args.games, seed=seed)


def _parallel_selfplay(variant, games, seed, jobs):
    from multiprocessing import Pool

    # start-up: the bots, the review, the referees and the page's logic load only for the
    # commands that use them
    from ..referee.option_matrix import label
    from ..referee.selfplay import SelfPlayReport

    chunks = [
        (variant.key, variant.options.values, games * i // jobs, games * (i + 1) // jobs, seed)
        for i in range(jobs)
    ]
    with Pool(jobs) as pool:
        parts = pool.map(_selfplay_chunk, chunks)
    total = SelfPlayReport(label(variant))
    for part in parts:
        total.games += part.games
        total.turns += part.turns
        total.outcomes.update(part.outcomes)
        total.violations += part.violations
    return total


def _selfplay_chunk(chunk):
    # start-up: the bots, the review, the referees and the page's logic load only for the
    # commands that use them
    from ..referee.selfplay import selfplay

    key, options, start, stop, seed = chunk
    return selfplay(get_variant(key, options), range(start, stop), seed=seed)


def cmd_choose(args):
    """One JSON line per vector: the outcome the bot plays (as a format-2 result)."""
    import json

    # start-up: the bots, the review, the referees and the page's logic load only for the
    # commands that use them
    from ..bots import Chooser
    from ..referee.vectors import load, outcome_key, position_from_json, vector_id, vector_variant

    fmt, file_game, vectors = load(args.file)
    if fmt != 2:
        raise NardyError(
            f"{args.file}: choose reads format-2 vector files", code="vector_file", path=args.file
        )
    choosers = {}
    for vector in vectors:
        variant = vector_variant(vector, file_game)
        chooser = choosers.get(variant)
        if chooser is None:
            chooser = choosers[variant] = Chooser(variant, args.level, seed=args.seed)
        position = start = position_from_json(variant, vector)
        transfer = ()
        while True:  # through every block of an escalating double
            play = chooser.choose(position)
            sides, pins = play.board
            after = position.replace(sides=sides, pins=pins)
            outcome, following = variant.end_of_turn(position, after)
            if outcome is None:
                following = variant.follow_up(position, play.steps, following)
                if following.pending and following.turn == position.turn:
                    position = following
                    continue
                if following.turn != position.turn:
                    transfer = following.pending
            break
        position = start
        end = None
        if outcome is not None:
            who = (
                "draw"
                if outcome.winner is None
                else ("mover" if outcome.winner == position.turn else "opponent")
            )
            end = {"winner": who, "points": outcome.points}
        mover = position.turn
        result = json.loads(
            outcome_key(sides[mover], pins[mover], sides[1 - mover], pins[1 - mover], transfer, end)
        )
        print(json.dumps({"id": vector_id(vector), "result": result}), flush=True)
    return 0


def cmd_hint(args):
    # start-up: the bots, the review, the referees and the page's logic load only for the
    # commands that use them
    from ..bots import Chooser

    position = _to_play(parse_position(args.position), args.dice)
    ranked = Chooser(position.variant, args.level, seed=args.seed).rank(position)
    best = ranked[0].equity
    print(
        f"{'#':>2}  {'play':<24} {'equity':>7} {'diff':>7}  {'win':>5} {'gammon':>6} "
        f"{'lose g':>6}  ply"
    )
    for i, r in enumerate(ranked[: args.top], 1):
        win, win_g, _, lose_g, _ = r.probs
        print(
            f"{i:>2}. {r.play.notation():<24} {r.equity:+7.3f} {r.equity - best:+7.3f}  "
            f"{win:5.1%} {win_g:6.1%} {lose_g:6.1%}  {r.ply}"
        )
    return 0


def cmd_rollout(args):
    import json
    import time

    # start-up: the bots, the review, the referees and the page's logic load only for the
    # commands that use them
    from ..analysis.rolloutjobs import rollout

    text = args.state.strip()
    cube = match = None
    if text in VARIANTS:  # a game's key alone: its starting position, White to roll
        position = get_variant(text).initial_position()
    else:
        position, cube, match = parse_state(text)
    if args.roll is not None:
        dice = _parse_dice(args.roll)
        position.variant.validate_dice(dice)
        position = position.replace(dice=dice)
    started = time.perf_counter()
    shown = [-1.0]

    def progress(done, games, elapsed, left):
        if done < games and elapsed - shown[0] < 1.0:
            return  # a line a second at most, and the last one
        shown[0] = elapsed
        print(
            f"rollout: {done}/{games} games, {elapsed:.1f} s, about {left:.0f} s left",
            file=sys.stderr,
            flush=True,
        )

    result = rollout(
        position,
        games=args.games,
        level=args.level,
        seed=args.seed,
        jobs=args.jobs,
        luck=args.luck,
        truncate=not args.no_truncate,
        horizon=args.horizon,
        cubeful=args.cubeful,
        cube=cube,
        match=match,
        decision="cube" if args.cube_decision else None,
        top=args.top,
        within=args.within,
        save=args.save,
        progress=progress,
    )
    result["seconds"] = round(time.perf_counter() - started, 3)
    print(json.dumps(result, ensure_ascii=False, indent=1))
    return 0


def cmd_review(args):
    import json

    # start-up: the bots, the review, the referees and the page's logic load only for the
    # commands that use them
    from ..analysis.review import Review, format_report

    data = read_file(args.file)
    game = None if args.game_number is None else args.game_number - 1
    review = Review(data, level=args.level, game=game)
    if args.annotated:
        sys.stdout.write(review.export_text())
        return 0
    report = review.report()
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=1))
        return 0
    variant = review.record.get("game") or review.record.get("kind")
    length = review.record.get("length", 0)
    # a file name need not be UTF-8 (its undecodable bytes are surrogates), the output must be
    shown = os.fsencode(args.file).decode("utf-8", errors="replace")
    title = (
        f"Review of {shown}: {variant}, "
        f"{'money' if not length else f'match to {length}'}, level {args.level}"
    )
    sys.stdout.write(format_report(report, review.names, title))
    return 0


def cmd_play(args):
    # start-up: the bots, the review, the referees and the page's logic load only for the
    # commands that use them
    from ..variants.i18n import best_language
    from .terminal import play_terminal

    # --lang, else the locale's variables as gettext reads them (LANGUAGE, LC_ALL, LC_MESSAGES,
    # LANG); a language with no catalogue falls back as the page's does
    tags = [args.lang] if args.lang else [os.environ.get(v) for v in _LOCALE_VARIABLES]
    return play_terminal(args, lang=best_language(*tags))


def cmd_codes(args):
    """Every code of a position given in any form the app reads."""
    # start-up: the bots, the review, the referees and the page's logic load only for the
    # commands that use them
    from ..ui import share

    kind, payload = share.read(args.code)
    if kind == "game":
        states = share.replay_states(payload)
        for _position, _cube, _match, row in states[1:]:
            if row and row.get("k") in ("play", "pass"):
                print(f"{'wb'[row['c']]} {''.join(map(str, row['dice']))}: {row['play'] or '-'}")
        payload = states[-1][:3]
    for key, value in share.state_codes(payload).items():
        if value is not None:
            print(f"{key:6} {value}")
    return 0


def friend_record(sources):
    """What ``verify-game`` checks: a friend game's file (the page's export, or a record), or
    its links — given as arguments, or in a text file such as a chat's history."""
    # start-up: the friend games' protocol loads only for this command
    from ..friends import FriendError, codes_in, record_of_links

    if len(sources) == 1 and os.path.exists(sources[0]):
        text = decode_text(read_file(sources[0]), sources[0])
        if text.lstrip().startswith(("{", "[")):
            return parse_json(text, sources[0])
        codes = codes_in(text)
        if not codes:
            raise FriendError(
                f"{sources[0]}: neither a friend game's file nor a text with its links",
                code="friend_file",
            )
        return record_of_links(codes)
    codes = []
    for source in sources:
        found = codes_in(source) or ([source] if re.fullmatch(r"[A-Za-z0-9_-]+", source) else [])
        if len(found) != 1:
            raise FriendError(
                f"{source[:60]!r} is neither a file nor one link (#f=…) of the game",
                code="friend_link",
            )
        codes += found
    return record_of_links(codes)


def cmd_verify_game(args):
    """A friend game's record replayed and checked: 0 when every link holds, 1 naming the first
    wrong link."""
    # start-up: the friend games' protocol loads only for this command
    from ..friends import FriendError
    from ..friends import verify as verify_friend_game

    try:
        record = friend_record(args.sources)
        checked, table = verify_friend_game(record)
    except FriendError as exc:
        if exc.code in ("friend_file", "friend_link") and "number" not in exc.params:
            raise
        print(f"NOT VERIFIED: {exc.message}")
        return 1
    games = table.match.all_games()
    rolls = sum(1 for g in games for a in g.actions if a[0] in ("roll", "opening"))
    state = "over" if table.over else "still being played"
    names = " and ".join(n or "?" for n in table.names)
    print(
        f"verified: {checked} links between {names}, {len(games)} game(s), {rolls} throws of "
        f"the dice, each from both players' revealed elements; every move legal; the game is "
        f"{state}"
    )
    return 0


def cmd_verify_dice(args):
    seed, digest = args.seed, args.hash
    record = None
    if args.record:  # read first: a file that cannot be used is an error before any verdict
        record = read_json_file(args.record)
        if isinstance(record, dict) and isinstance(record.get("session"), dict):
            record = record["session"]  # an entry of the page's saved games
        result = verify_record(record, seed)
    ok = verify(seed, digest)
    if ok:
        print(f"commitment: SHA-256({seed!r}) = {commitment(seed)}: matches")
    else:
        print(f"commitment: SHA-256({seed!r}) = {commitment(seed)}, not {digest!r}: DOES NOT MATCH")
    if record is not None:
        print(
            ("record: " + result.message())
            if not result.unavailable
            else f"record: not verifiable: {result.message()}"
        )
        ok = ok and result.ok
    else:
        stream = seed + "/1" if args.game else seed
        print(
            f"the first {args.count} rolls of two dice from {stream!r} (game n of a match "
            'played from a seed draws from seed + "/n"):'
        )
        for index, roll in enumerate(iter_rolls(stream, args.count), 1):
            print(f"  {index:3d}  {roll[0]}-{roll[1]}")
    return 0 if ok else 1


def _whole(low, high):
    """An argparse type: a whole number (ASCII digits) from ``low`` to ``high``; argparse
    answers anything else with its usage line and exit status 2."""

    def whole(text):
        if not re.fullmatch(r"-?[0-9]{1,12}", text) or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(
                f"expected a whole number from {low} to {high}, not {text!r}"
            )
        return int(text)

    return whole


def _seed(text):
    """An argparse type: a seed of text that UTF-8 can write, of at most ``dice.MAX_SEED``
    characters (an argument of undecodable bytes is not one)."""
    try:
        check_seed(text)
    except NardyError as exc:
        raise argparse.ArgumentTypeError(exc.message) from None
    return text


def _luck(text):
    """An argparse type: the luck adjustment of a rollout (``rollout.luck_rolls``)."""
    if text in ("auto", "all", "none"):
        return text
    return _whole(0, 10_000)(text)


def _points(text):
    """An argparse type: an equity difference from 0 to 10 points."""
    if not re.fullmatch(r"[0-9]{1,3}(\.[0-9]{1,6})?|\.[0-9]{1,6}", text) or float(text) > 10:
        raise argparse.ArgumentTypeError(f"expected points from 0 to 10, not {text!r}")
    return float(text)


def build_parser():
    parser = argparse.ArgumentParser(
        prog="python -m nardy_core", description="Rules engine for the nardy family of games."
    )
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("check-vectors", help="check rule vectors (format 1 or 2)")
    p.add_argument("files", nargs="+")
    p.set_defaults(func=cmd_check_vectors)

    p = sub.add_parser("plays", help="list the legal plays of a position and roll")
    p.add_argument(
        "position",
        nargs="?",
        help="position in the text notation (docs/notation.md);"
        " default: the starting position of --game",
    )
    p.add_argument("dice", help="the roll, e.g. 31 or 6-6")
    p.add_argument("--game", default="short", choices=sorted(VARIANTS))
    p.add_argument("--option", "-o", action="append", metavar="KEY=VALUE")
    p.set_defaults(func=cmd_plays)

    # start-up: the bots, the review, the referees and the page's logic load only for the
    # commands that use them
    from ..bots import LEVELS

    p = sub.add_parser("choose", help="the bot's play for each vector of a format-2 file")
    p.add_argument("--level", default="strong", choices=list(LEVELS))
    p.add_argument(
        "--seed", type=_seed, default="0", help="seed of the bot's noise (not of any dice)"
    )
    p.add_argument("file")
    p.set_defaults(func=cmd_choose)

    p = sub.add_parser("hint", help="the bot's best plays for a position and roll")
    p.add_argument("--level", default="strong", choices=list(LEVELS))
    p.add_argument("--seed", type=_seed, default="0")
    p.add_argument("--top", type=_whole(1, 1000), default=5, help="plays to list, 1-1000")
    p.add_argument("position", help="position in the text notation (docs/notation.md)")
    p.add_argument("dice", help="the roll, e.g. 31")
    p.set_defaults(func=cmd_hint)

    from ..analysis import rollout as limits

    p = sub.add_parser(
        "rollout",
        help="play a position out many times with a bot level: cubeless (or --cubeful) equity, "
        "outcome rates and standard errors as JSON; with --roll, the best plays compared; "
        "with --cube-decision, no double, double/take and double/pass (docs/rollouts.md)",
    )
    p.add_argument(
        "state",
        help="a state in the text notation (docs/notation.md), or a game's key for its "
        "starting position with White to roll",
    )
    p.add_argument("--roll", help="the roll to play, e.g. 31: compare the best plays of it")
    p.add_argument(
        "--games",
        type=_whole(1, limits.MAX_GAMES),
        default=324,
        help=f"trials, 1-{limits.MAX_GAMES}",
    )
    p.add_argument(
        "--level",
        default="intermediate",
        choices=list(limits.ROLLOUT_LEVELS),
        help="the bot level that plays the trials; 0ply: the evaluator's own choice, no noise",
    )
    p.add_argument("--seed", type=_seed, default="0", help="seed of the trials' dice")
    p.add_argument(
        "--jobs",
        "-j",
        type=_whole(1, limits.MAX_JOBS),
        default=1,
        help=f"processes, 1-{limits.MAX_JOBS} (the result does not depend on it)",
    )
    p.add_argument(
        "--save",
        metavar="FILE",
        help="checkpoint into FILE after every batch; a rerun with the same arguments goes on "
        "from it",
    )
    p.add_argument(
        "--no-truncate",
        action="store_true",
        help="play bear-off races to the end instead of taking the race database's values",
    )
    p.add_argument(
        "--cubeful",
        action="store_true",
        help="play the trials with the cube (money games; the state's cube as it stands)",
    )
    p.add_argument(
        "--cube-decision",
        action="store_true",
        help="the side on roll's cube decision: no double and double/take rolled out on the "
        "same dice (cubeful), double/pass the cube's value",
    )
    p.add_argument(
        "--horizon",
        type=_whole(1, limits.MAX_HORIZON),
        metavar="N",
        help="a truncated rollout: stop each trial after N plays and take the bot's evaluation "
        "there (faster and less noisy, biased by the evaluation's own errors)",
    )
    p.add_argument(
        "--luck",
        type=_luck,
        default="auto",
        help="luck adjustment: on the first N rolls of each trial, 'all', 'none', or 'auto' "
        "(the default: all with the strong level, none at the 0-ply levels, where it costs more time than it saves)",
    )
    p.add_argument(
        "--top",
        type=_whole(1, limits.MAX_TOP),
        default=5,
        help=f"plays compared with --roll, 1-{limits.MAX_TOP}",
    )
    p.add_argument(
        "--within",
        type=_points,
        help="with --roll: only the plays within this many points of the best",
    )
    p.set_defaults(func=cmd_rollout)

    p = sub.add_parser(
        "review",
        help="review a game record: every decision judged by a bot "
        "level, the luck of every roll, figures per player (docs/review.md)",
    )
    p.add_argument("file", help="a match record (.mat-style text) or a page's JSON record")
    p.add_argument("--level", default="strong", choices=list(LEVELS))
    p.add_argument(
        "--game-number",
        type=_whole(1, MAX_GAMES),
        help=f"review only this game of a match (1 = first, up to {MAX_GAMES})",
    )
    p.add_argument("--json", action="store_true", help="the review as JSON")
    p.add_argument(
        "--annotated",
        action="store_true",
        help="the record as text with the review's marks and comments",
    )
    p.set_defaults(func=cmd_review)

    p = sub.add_parser("play", help="play a game in the terminal")
    p.add_argument("--game", default="long", choices=sorted(VARIANTS))
    p.add_argument("--option", "-o", action="append", metavar="KEY=VALUE")
    p.add_argument(
        "--match",
        type=_whole(0, MAX_LENGTH),
        default=0,
        help=f"match length, 0-{MAX_LENGTH} (0 = one money game)",
    )
    p.add_argument("--seed", type=_seed, help="dice seed (the same seed replays the same dice)")
    p.add_argument(
        "--white", default="human", help=f"human (default) or a bot level: {', '.join(LEVELS)}"
    )
    p.add_argument("--black", default="human", help="human (default) or a bot level")
    p.add_argument(
        "--lang",
        help="the game's language, e.g. ru or tr (default: from LANGUAGE, LC_ALL, LANG)",
    )
    p.set_defaults(func=cmd_play)

    p = sub.add_parser(
        "codes",
        help="a position's codes (state text, link code, gnubg ID, "
        "XGID) from any of them, or from a link; a game code also lists its plays",
    )
    p.add_argument("code", help="a link, link code, gnubg PositionID:MatchID, XGID or state text")
    p.set_defaults(func=cmd_codes)

    p = sub.add_parser("selfplay", help="random games judged by an independent referee")
    p.add_argument("games", type=_whole(0, MAX_SELFPLAY), help=f"0-{MAX_SELFPLAY}")
    p.add_argument(
        "--game",
        action="append",
        choices=sorted(VARIANTS) + ["all"],
        help="a game to play (repeatable; default or 'all': every game)",
    )
    which = p.add_mutually_exclusive_group()
    which.add_argument(
        "--option",
        "-o",
        action="append",
        metavar="KEY=VALUE",
        help="one combination of options, for every game named",
    )
    which.add_argument(
        "--all-options",
        action="store_true",
        help="every value of every option of each game, one line per value "
        "(nardy_core/referee/option_matrix.py)",
    )
    p.add_argument("--seed", type=_seed, default="0")
    p.add_argument(
        "--jobs", "-j", type=_whole(1, MAX_JOBS), default=1, help=f"processes to use, 1-{MAX_JOBS}"
    )
    p.set_defaults(func=cmd_selfplay)

    p = sub.add_parser(
        "verify-dice",
        help="check a revealed dice seed against its commitment "
        "(SHA-256) and, with --record, every roll of a saved game (docs/dice.md)",
    )
    p.add_argument("seed", help="the seed the page revealed after the game")
    p.add_argument("hash", help="the commitment the page showed before the first roll")
    p.add_argument(
        "--record",
        metavar="FILE",
        help="a saved or exported game record (JSON): "
        "every throw in it is recomputed from the seed",
    )
    p.add_argument(
        "--count",
        type=_whole(0, MAX_ROLLS_LISTED),
        default=10,
        help=f"rolls to list without --record, 0-{MAX_ROLLS_LISTED}",
    )
    p.add_argument(
        "--game",
        action="store_true",
        help="list the rolls of the first game of a "
        'match played from the seed (seed + "/1") rather than of the seed itself',
    )
    p.set_defaults(func=cmd_verify_dice)

    p = sub.add_parser(
        "verify-game",
        help="replay a game played with a friend by links: every roll from the two players' "
        "revealed dice elements, every move by the rules (docs/dice.md)",
    )
    p.add_argument(
        "sources",
        nargs="+",
        metavar="FILE_OR_LINK",
        help="the friend game's file (exported by the page), a text file holding its links "
        "(a chat's history), or the links themselves: the invitation and every turn's link",
    )
    p.set_defaults(func=cmd_verify_game)
    return parser


def main(argv=None):
    """The exit status: 0 done, 1 a check found a difference, 2 the input was refused — by
    argparse (its usage line) or by the engine (``error: `` and the message). Every entry point
    refuses bad input with a ``NardyError``, so this is the one place that turns input errors
    into status 2; any other exception is a bug and keeps its traceback (the fuzz tests,
    tests/test_fuzz_cli.py, look for them)."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2), already printed
        return exc.code
    try:
        return args.func(args)
    except NardyError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into head & co.
        return 0
