"""The shared core every layer above uses, importing nothing above it: the one registry of
festival events and duel games, seeds, paths, player names, options, every shared error
(`errors.py`), the SQLite file both stores are (`sqlite_file.py`), what posting did as values
(`posted.py`), the folder lock
(`lock.py`), the names of host inputs several layers read (`host_inputs.py`), the palette, the
board picture renderer (`picture.py`), this computer's key and the child-process helper."""
