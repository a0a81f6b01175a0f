"""Matches and money sessions (CORE_RULES.md 2.2, 2.7.6, 3.2, 3.9).

A match is a sequence of games between player 0 and player 1. Each game is played by colour;
``game.players[colour]`` says which player has that colour. The match decides who starts each
game (next_game_starter), keeps the score by player and tracks the Crawford game.
"""

from __future__ import annotations

from dataclasses import dataclass

PRE_CRAWFORD, CRAWFORD, POST_CRAWFORD = "pre", "crawford", "post"


@dataclass(frozen=True)
class MatchScore:
    """The score as the current game sees it: by colour, with the match length (0 = money) and
    where the match stands with respect to the Crawford game."""

    length: int = 0
    score: tuple = (0, 0)          # (white, black)
    crawford: str = PRE_CRAWFORD   # pre | crawford (this game is it) | post

    @property
    def is_money(self) -> bool:
        return self.length == 0


class Match:
    def __init__(self, variant, length: int = 0, seed=None, throw_opening=True, start=None):
        """``throw_opening=False`` leaves each new game in its opening phase, for a caller that
        replays a record (``Game.opening()`` then throws the same dice from the seed).
        ``start=(position, cube, MatchScore)``: the first game is played on from that state
        (a shared position); the match takes its length, score and Crawford state, player 0
        playing White."""
        from .dice import Dice
        from .variants import get_variant
        self.variant = get_variant(variant) if isinstance(variant, str) else variant
        self.length = length
        self.seed = Dice(seed).seed
        self.score = [0, 0]          # by player
        self.crawford = PRE_CRAWFORD
        self.games = []              # finished games
        self.game = None
        self.throw_opening = throw_opening
        self.start = start
        if start is not None:
            self.variant = start[0].variant
            self.length = start[2].length
            self.score = list(start[2].score)
            self.crawford = start[2].crawford
        self._start_game(previous=None)

    @property
    def is_over(self) -> bool:
        return bool(self.length) and max(self.score) >= self.length

    @property
    def winner(self):
        if not self.is_over:
            return None
        return 0 if self.score[0] > self.score[1] else 1

    def score_for(self, players) -> MatchScore:
        return MatchScore(self.length, (self.score[players[0]], self.score[players[1]]),
                          self.crawford if self.length else PRE_CRAWFORD)

    def _start_game(self, previous):
        from .game import Game
        seed = f"{self.seed}/{len(self.games) + 1}"
        players, starter = self._next_colours(previous)
        if previous is None and self.start is not None:
            position, cube, _ = self.start
            self.game = Game(self.variant, seed=seed, match=self.score_for(players),
                             position=position, cube=cube, players=players)
            return
        self.game = Game(self.variant, seed=seed, match=self.score_for(players), players=players,
                         starter=starter, throw_opening=self.throw_opening)

    def _next_colours(self, previous):
        """(players by colour, starting colour or None for an opening throw)."""
        if previous is None:
            return (0, 1), None
        rule = self.variant.options.values.get("next_game_starter", "opening_roll")
        result = previous.result
        prev_players = previous.players
        if self.variant.lot_decides_colour:  # long nardy: the starter is White
            swapped = (prev_players[1], prev_players[0])
            if result.winner is None:           # a drawn game is replayed by the same starter
                return prev_players, 0
            if rule == "winner":
                winner = prev_players[result.winner]
                return (winner, 1 - winner), 0
            if rule == "lot":
                return (0, 1), None
            return swapped, 0                   # alternate: the previous Black takes White
        if rule in ("winner", "previous_winner") and result.winner is not None:
            return prev_players, result.winner
        return prev_players, None

    def next_game(self):
        """Score the finished current game and start the next one (unless the match is over)."""
        game = self.game
        if not game.is_over:
            from .errors import GameStateError
            raise GameStateError("the current game is not over", code="game_not_over")
        result = game.result
        if result.winner is not None:
            self.score[game.players[result.winner]] += result.points
        elif not self.length:  # money: a draw pays each side its share
            for colour in (0, 1):
                self.score[game.players[colour]] += result.points
        self.games.append(game)
        if self.crawford == CRAWFORD:
            self.crawford = POST_CRAWFORD
        elif (self.length and self.crawford == PRE_CRAWFORD
              and self.variant.options.values.get("crawford", True)
              and not self.is_over and self.length - 1 in self.score):
            self.crawford = CRAWFORD
        if self.is_over:
            self.game = None
            return None
        self._start_game(previous=game)
        return self.game
