"""A game in the terminal: hot-seat play with the board drawn as text (``python -m nardy_core
play``). Bots plug in through ``PLAYERS`` once they exist."""

from __future__ import annotations

import sys

from ..engine.errors import NardyError, SearchLimitError
from ..engine.game import DOUBLE, MOVE, RESIGN, ROLL
from ..engine.match import Match
from ..engine.playnotation import format_steps
from ..formats.textboard import render
from ..variants import get_variant

COLOURS = ("White (O)", "Black (X)")


def _ask(prompt, out):
    out.write(prompt)
    out.flush()
    try:
        line = sys.stdin.readline()
    except UnicodeDecodeError:  # a strict decoder drops the rest of its buffer: EOF follows
        raise NardyError("the line typed is not UTF-8 text", code="not_utf8") from None
    if not line:
        raise EOFError
    return line.strip()


def _describe_action(game, action):
    if action[0] == "play":
        return "plays " + format_steps([tuple(s) for s in action[1]])
    if action[0] == "roll":
        return "rolls " + "-".join(map(str, action[1]))
    return action[0]


def _describe_result(game):
    r = game.result
    if r.winner is None:
        return f"Draw ({r.points} each)"
    how = {
        "drop": "the double was dropped",
        "resign": f"resignation ({r.kind})",
        "bear_off": r.kind,
        "roll": f"the roll could not be played ({r.kind})",
    }[r.reason]
    return f"{COLOURS[r.winner]} wins {r.points} point(s): {how}, cube {r.cube}"


def _human_turn(game, out):
    colour = COLOURS[game.position.turn]
    if game.phase == ROLL:
        hint = "Enter = roll" + (", d = double" if game.can_double() else "") + ", r = resign"
        answer = _ask(f"{colour}: {hint}, q = quit > ", out).lower()
        if answer == "d":
            game.double()
        elif answer == "r":
            game.resign()
        elif answer == "q":
            raise EOFError
        else:
            game.roll()
    elif game.phase == DOUBLE:
        taker = COLOURS[game.actor]
        extra = ", b = beaver" if game.can_beaver() else ""
        answer = _ask(
            f"{taker}: double to {game.cube.value * 2}: t = take, p = pass{extra} > ", out
        ).lower()
        {"t": game.take, "p": game.drop, "b": game.beaver}.get(answer, game.take)()
    elif game.phase == RESIGN:
        resigner, kind = game.resign_offer
        answer = _ask(f"{COLOURS[1 - resigner]}: accept resignation ({kind})? y/n > ", out)
        (game.accept_resignation if answer.lower().startswith("y") else game.decline_resignation)()
    elif game.phase == MOVE:
        try:
            plays = game.legal_plays()
        except SearchLimitError:  # a whole escalating list: its plays are typed, not listed
            plays = []
            out.write("  too many plays to list: type one in notation\n")
        for i, play in enumerate(plays[:40], 1):
            out.write(f"  {i:2}. {play}\n")
        if len(plays) > 40:
            out.write(f"  … {len(plays)} plays in all: type one in notation\n")
        answer = _ask(f"{colour}: play (number or e.g. 24/18 13/8), r = resign > ", out)
        if answer.lower() == "r":
            game.resign()
        elif answer.isdigit():  # a number of the list, not a play written as text
            game.play(_listed(plays, answer))
        else:
            game.play(answer)


def _listed(plays, answer):
    # isdigit() also holds for other scripts' digits (², ٣), which int() refuses, and int()
    # refuses thousands of digits: only a short ASCII number can pick a play
    if answer.isascii() and len(answer) <= len(str(len(plays))) and 1 <= int(answer) <= len(plays):
        return plays[int(answer) - 1]
    raise NardyError(
        f"there is no play number {answer[:20]}: choose 1-{len(plays)} or write the play",
        code="bad_choice",
        answer=answer[:20],
        count=len(plays),
    )


def play_terminal(args, out=None) -> int:
    out = out or sys.stdout
    options = {}
    for pair in args.option or ():
        key, _, value = pair.partition("=")
        options[key] = value
    # start-up: the bots, the review, the referees and the page's logic load only for the
    # commands that use them
    from ..bots import LEVELS
    from ..bots.player import BotPlayer

    for who in (args.white, args.black):
        if who != "human" and who not in LEVELS:
            raise NardyError(
                f"unknown player {who!r} (human or a bot level: {', '.join(LEVELS)})", code="player"
            )
    variant = get_variant(args.game, options)
    bots = {
        who: BotPlayer(variant, who, seed=args.seed or 0)
        for who in (args.white, args.black)
        if who != "human"
    }
    match = Match(variant, length=args.match, seed=args.seed)
    out.write(f"{variant.names['en']} — dice seed {match.seed}\n")
    try:
        while match.game is not None:
            game = match.game
            while not game.is_over:
                out.write("\n" + render(game.position) + "\n")
                # --white / --black name the players who start the match as White / Black
                who = (args.white, args.black)[game.players[game.position.turn]]
                try:
                    if who == "human":
                        _human_turn(game, out)
                    else:
                        before = len(game.actions)
                        colour = COLOURS[game.position.turn]
                        bots[who].act(game)
                        for action in game.actions[before:]:
                            out.write(f"  {colour} bot ({who}): {_describe_action(game, action)}\n")
                except NardyError as exc:
                    out.write(f"  ! {exc}\n")
            out.write("\n" + render(game.position) + "\n" + _describe_result(game) + "\n")
            if not match.length:  # a money session: another game if a person wants one
                if "human" not in (args.white, args.black):
                    break
                if _ask("Another game? Enter = yes, q = quit > ", out).lower() == "q":
                    raise EOFError
            match.next_game()
            out.write(f"Match score {match.score[0]}-{match.score[1]} (to {match.length})\n")
    except EOFError:
        out.write("\nbye\n")
    return 0
