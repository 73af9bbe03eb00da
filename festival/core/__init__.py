"""The small shared core every part of the host uses: seeds, paths, player names, errors, and the
one registry of festival events and duel games."""
