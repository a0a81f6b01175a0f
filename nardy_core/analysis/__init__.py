"""Analysis of played games: the review, dice statistics and dice verification."""
