"""The season as players may know it, in Markdown (the Discord adapter cuts it into
messages): who is still in, garnets and Tokens of Life, and each episode's outcome. Nothing
of the host's: no Discord ids, no notes, no ledger."""

from __future__ import annotations

from festival.season.ledger import Episode, Replayed


def season_markdown(name: str, state: Replayed) -> str:
    lines = [f"## Season {name}", ""]
    lines.append(f"{len(state.alive)} of {len(state.standings)} players still in.")
    lines.append("")
    lines.append("| Player | In | Garnets | Tokens of Life |")
    lines.append("|---|---|---|---|")
    for s in state.standings:
        lines.append(
            f"| {s.player} | {'yes' if s.alive else 'eliminated'} | {s.garnets} | {s.tokens} |"
        )
    for e in state.episodes:
        lines.append("")
        lines.append(episode_line(e))
    return "\n".join(lines) + "\n"


def episode_line(e: Episode) -> str:
    """An episode in one Markdown line, as players may know it (the game room's post and the
    dashboard's Season page say it the same way)."""
    said = f"**Episode {e.number}.** Winner(s): {', '.join(e.winners) or 'none'}. "
    said += f"Elimination Candidate: {e.candidate}."
    if e.opponent:
        said += f" Death Match Opponent: {e.opponent}."
    if e.eliminated:
        said += f" Eliminated: **{e.eliminated}**."
    elif e.duel_id:
        said += " The Death Match is on."
    return said
