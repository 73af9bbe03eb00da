"""The AWA Festival main match: roster, allocation, rounds, standings, store, command line."""
