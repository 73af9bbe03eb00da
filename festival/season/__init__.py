"""The season (a domain): the players of a Genius-style season, their garnets and Tokens of
Life, episode by episode, kept as a ledger (festival/season/ledger.py) in the season folder's
own store; every change a typed command through `festival.season.service.run`, posting to
the game room too (through the port of festival/season/room.py, which Discord fills)."""
