"""Text formats: the state notation, link codes, GNU Backgammon's IDs and XGID, match files and
saved records, the text board, and the bounded readers every outside input goes through.
(Play notation, how a play is written and read, lives with the plays in ``engine.playnotation``:
a ``Play`` prints itself.)"""
