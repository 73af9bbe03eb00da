"""Pebbles: a made-up duel game that exists only to prove that a new duel game is its package
plus one registry entry (tests/test_duel_package.py). It is Take-away (tests/support/toy_duel.py)
played on heaps read from its shipped data file, with boards to choose, a shortcut verb and a
colour of its own in its pictures."""
