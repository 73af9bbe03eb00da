"""Simple strategy bots that play the events, for the sample festival and designers' runs.

A bot sees what its player may see (the event's public and private views) and answers with
the canonical JSON of a submission, exactly as a script or a player would.
"""
