"""Independent referees (each game's rules written out again from the spec, with no call to the
move generator), random self-play judged by them, the option matrix, and rule-vector checking."""
