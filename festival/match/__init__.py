"""The festival main match: its folder and store, roster, allocation, rounds, standings and
announcements."""
