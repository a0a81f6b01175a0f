"""The review's marks by equity lost (single-game units), GNU Backgammon's defaults: (name,
symbol, from). Their own module so that the page's start-up (the tutor setting of a session)
reads them without loading the bots (``review`` imports them from here)."""

MARKS = (("blunder", "??", 0.16), ("error", "?", 0.08), ("doubtful", "?!", 0.04))
