"""A game in the terminal: hot-seat play with the board drawn as text (``python -m nardy_core
play``). Bots plug in through ``PLAYERS`` once they exist."""

from __future__ import annotations

import sys

from ..engine.errors import NardyError, SearchLimitError
from ..engine.game import DOUBLE, MOVE, RESIGN, ROLL
from ..engine.match import Match
from ..engine.playnotation import format_steps
from ..formats.textboard import render
from ..ui.text import error_text, ntr, outcome_word, result_text, tr
from ..variants import get_variant
from ..variants.i18n import game_name

# the bot's other actions, named as the page's buttons name them
_ACTION_KEYS = {
    "double": "double",
    "take": "take",
    "drop": "drop",
    "beaver": "beaver",
    "resign": "resign",
    "accept": "accept",
    "decline": "decline",
}


def _colour(lang, colour):
    return tr(lang, ("term_white", "term_black")[colour])


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


def _describe_action(lang, player, level, action):
    if action[0] == "play":
        play = format_steps([tuple(s) for s in action[1]])
        return tr(lang, "term_bot_plays", player=player, level=level, play=play)
    if action[0] == "roll":
        dice = "-".join(map(str, action[1]))
        return tr(lang, "term_bot_rolls", player=player, level=level, dice=dice)
    word = tr(lang, _ACTION_KEYS[action[0]]) if action[0] in _ACTION_KEYS else action[0]
    return tr(lang, "term_bot_does", player=player, level=level, action=word)


def _describe_result(lang, game):
    r = game.result
    result = {"winner": r.winner, "kind": r.kind, "reason": r.reason, "points": r.points}
    text = result_text(lang, result)
    return text if r.winner is None else tr(lang, "term_cube", result=text, cube=r.cube)


def _human_turn(lang, game, out):
    player = _colour(lang, game.position.turn)
    if game.phase == ROLL:
        key = "term_ask_roll_double" if game.can_double() else "term_ask_roll"
        answer = _ask(tr(lang, key, player=player), out).lower()
        if answer == "d":
            game.double()
        elif answer == "r":
            game.resign()
        elif answer == "q":
            raise EOFError
        else:
            game.roll()
    elif game.phase == DOUBLE:
        key = "term_ask_take_beaver" if game.can_beaver() else "term_ask_take"
        taker = _colour(lang, game.actor)
        answer = _ask(tr(lang, key, player=taker, value=game.cube.value * 2), out).lower()
        {"t": game.take, "p": game.drop, "b": game.beaver}.get(answer, game.take)()
    elif game.phase == RESIGN:
        resigner, kind = game.resign_offer
        prompt = tr(
            lang,
            "term_ask_accept",
            player=_colour(lang, 1 - resigner),
            kind=outcome_word(lang, kind),
        )
        answer = _ask(prompt, out)
        (game.accept_resignation if answer.lower().startswith("y") else game.decline_resignation)()
    elif game.phase == MOVE:
        try:
            plays = game.legal_plays()
        except SearchLimitError:  # a whole escalating list: its plays are typed, not listed
            plays = []
            out.write("  " + tr(lang, "term_too_many") + "\n")
        for i, play in enumerate(plays[:40], 1):
            out.write(f"  {i:2}. {play}\n")
        if len(plays) > 40:
            out.write("  " + ntr(lang, "term_more_plays", len(plays)) + "\n")
        answer = _ask(tr(lang, "term_ask_play", player=player), out)
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


def play_terminal(args, out=None, lang="en") -> int:
    """A game in the terminal, its words in ``lang`` (``--lang``, else the ``LANG`` variable)."""
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
    out.write(tr(lang, "term_title", game=game_name(variant, lang), seed=match.seed) + "\n")
    try:
        while match.game is not None:
            game = match.game
            while not game.is_over:
                out.write(
                    "\n" + render(game.position, words=lambda key, **p: tr(lang, key, **p)) + "\n"
                )
                # --white / --black name the players who start the match as White / Black
                who = (args.white, args.black)[game.players[game.position.turn]]
                try:
                    if who == "human":
                        _human_turn(lang, game, out)
                    else:
                        before = len(game.actions)
                        colour = _colour(lang, game.position.turn)
                        bots[who].act(game)
                        for action in game.actions[before:]:
                            out.write("  " + _describe_action(lang, colour, who, action) + "\n")
                except NardyError as exc:
                    out.write(f"  ! {error_text(lang, exc)}\n")
            result = _describe_result(lang, game)
            out.write(
                "\n"
                + render(game.position, words=lambda key, **p: tr(lang, key, **p))
                + "\n"
                + result
                + "\n"
            )
            if not match.length:  # a money session: another game if a person wants one
                if "human" not in (args.white, args.black):
                    break
                if _ask(tr(lang, "term_another"), out).lower() == "q":
                    raise EOFError
            match.next_game()
            white, black = match.score
            out.write(tr(lang, "term_score", white=white, black=black, length=match.length) + "\n")
    except EOFError:
        out.write("\n" + tr(lang, "term_bye") + "\n")
    return 0
