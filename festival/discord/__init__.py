"""Messages for Discord: what the players read, split to fit."""
