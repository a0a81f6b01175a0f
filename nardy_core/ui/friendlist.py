"""The page's words about games with friends on another device (docs/dice.md, "Playing a friend
on another device"), kept out of the browser so that they are tested here: why a link was
refused, in the player's words; the summary kept beside each stored friend game (so that the
New game dialog's "Games with friends" lists them without replaying any), and a row of that list
read from it; how long ago a game last changed, as ``Intl.RelativeTimeFormat`` takes it."""

from __future__ import annotations

from typing import Any

from . import text as T

# the FriendError codes a player can meet, each with its page text ("friend_refused_" + the code
# without its "friend_" prefix); any other code gets the generic "friend_refused"
REFUSALS = (
    "friend_link",
    "friend_other_game",
    "friend_history",
    "friend_fork",
    "friend_accepted",
    "friend_own_link",
    "friend_missing",
    "friend_illegal",
    "friend_wrong_side",
    "friend_bad_element",
    "friend_early",
    "friend_order",
    "friend_bad_action",
    "friend_outbox",
    "friend_over",
    "friend_file",
    "friend_chain_used",
    "friend_wait",
)

# what a stored game waits for, by FriendGame.status() (its own turn is marked apart)
WAITING = {
    "invited": "friend_invited",
    "release": "friend_waiting_release",
    "wait": "friend_waiting",
}


def refusal_key(code: object) -> str:
    """The page text's key for a refusal of FriendError ``code``."""
    if isinstance(code, str) and code in REFUSALS:
        return "friend_refused_" + code[len("friend_") :]
    return "friend_refused"


def refusal(lang: str, exc: BaseException) -> str:
    """Why a link (or a file) was refused, in the player's words, in ``lang``; the generic
    sentence for a code this list does not know. The engine's English stays the notice's
    detail."""
    code = getattr(exc, "code", None)
    params = dict(getattr(exc, "params", {}) or {})
    return T.tr(lang, refusal_key(code), **params)


# --- the summary kept beside a stored game ------------------------------------------------------
def summary(session) -> dict[str, Any]:
    """What the list shows of a friend session, kept beside its game: the friend's name, where
    the game stands (``FriendGame.status()``), the match's score by player (inviter, friend)
    and its length (0: money), the links read and sent, and the ended game of a match the board
    still shows (its index, or None: ``FriendSession.pending_index``)."""
    friend = session.friend
    match = friend.match
    return {
        "other": friend.names[1 - friend.me],
        "me": friend.me,
        "status": friend.status(),
        "score": [_number(s) for s in match.score],
        "length": int(match.length or 0),
        "links": len(friend.messages),
        "pending": session.pending_index,
    }


def _number(value) -> int | float:
    return int(value) if float(value).is_integer() else float(value)


def score_text(lang: str, entry: dict[str, Any]) -> str:
    """The score of a stored game as the list says it: "money game", or this player's points
    and the friend's with the match's length; "" when the entry has none (stored before)."""
    try:
        length = int(entry["length"])
        if not length:
            return T.tr(lang, "money")
        me = int(entry["me"])
        score = [_number(s) for s in entry["score"][:2]]
        other = str(entry.get("other") or "?")
        return ", ".join(
            (
                T.tr(lang, "match_to", length=length),
                T.tr(lang, "friend_score", mine=score[me], theirs=score[1 - me], name=other),
            )
        )
    except (KeyError, TypeError, ValueError, IndexError):
        return ""


def mark(lang: str, status: object) -> tuple[str, bool]:
    """What a stored game waits for, and whether it waits for this player (shown marked)."""
    if status in ("play", "send"):
        return T.tr(lang, "friend_your_turn"), True
    if status in WAITING:
        return T.tr(lang, WAITING[str(status)]), False
    if status == "over":
        return T.tr(lang, "friend_over_mark"), False
    return "", False


# --- when ------------------------------------------------------------------------------------
MINUTE = 60_000
UNITS = (("minute", MINUTE, 60), ("hour", 60 * MINUTE, 24), ("day", 24 * 60 * MINUTE, 7))


def ago(now_ms: float, then_ms: object) -> tuple[int, str] | None:
    """How long before ``now_ms`` the moment ``then_ms`` was, as ``Intl.RelativeTimeFormat``
    takes it: ``(-amount, unit)`` with unit "minute", "hour" or "day" (0 minutes: just now);
    None for a week or more ago, a moment to come, or no moment (the list shows a date then)."""
    if not isinstance(then_ms, (int, float)) or isinstance(then_ms, bool) or then_ms <= 0:
        return None
    elapsed = now_ms - then_ms
    if elapsed < -MINUTE:  # a clock set back: a date says it better
        return None
    elapsed = max(0, elapsed)
    for unit, size, most in UNITS:
        amount = int(elapsed // size)
        if amount < most:
            return -amount, unit
    return None


__all__ = ["REFUSALS", "WAITING", "ago", "mark", "refusal", "refusal_key", "score_text", "summary"]
