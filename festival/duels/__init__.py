"""Hosting duels: a duel's folder and store, the clock, order files, board pictures and bots."""
