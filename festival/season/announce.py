"""The season as players may know it, in Markdown (the Discord adapter cuts it into
messages): who is still in, garnets and Tokens of Life, and each episode's outcome. Nothing
of the host's: no Discord ids, no notes, no ledger."""

from __future__ import annotations

from festival.season.ledger import Episode, Finals, Replayed


def season_markdown(name: str, state: Replayed, best_of: int = 3) -> str:
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
    if state.finals.begun:
        lines.append("")
        lines.extend(finals_lines(state.finals, state.alive, best_of))
    return "\n".join(lines) + "\n"


def finals_lines(finals: Finals, finalists: tuple[str, ...], best_of: int) -> list[str]:
    """The finals in Markdown lines, as players may know them (the game room's post and the
    dashboard's Season page): the series' score, each game, the supporters' garnets and the
    champion."""
    score = " - ".join(f"{p} {finals.wins(p)}" for p in finalists)
    lines = [f"**Finals** (best of {best_of}): {score}."]
    for g in finals.games:
        said = f"Game {g.number} ({g.game}): {g.players[0]} starts against {g.players[1]}; "
        if g.winner is not None:
            said += f"won by {g.winner}."
        else:
            said += "drawn, replayed." if g.drawn else "in play."
        lines.append("- " + said)
    for s in finals.supports:
        lines.append(f"- {s.supporter} ({s.placed}) supports {s.finalist}: {garnets(s.garnets)}.")
    if finals.champion is not None:
        lines.append(f"Champion of the season: **{finals.champion}**.")
    return lines


def episode_line(e: Episode) -> str:
    """An episode in one Markdown line, as players may know it (the game room's post and the
    dashboard's Season page say it the same way)."""
    won = "Winner" if len(e.winners) == 1 else "Winners"
    said = f"**Episode {e.number}.** {won}: {', '.join(e.winners) or 'none'}. "
    said += f"Elimination Candidate: {e.candidate}."
    if e.opponent:
        said += f" Death Match Opponent: {e.opponent}."
    if e.eliminated:
        said += f" Eliminated: **{e.eliminated}**."
    elif e.duel_id:
        said += " The Death Match is on."
    return said


def counted(n: int, one: str, many: str) -> str:
    """`1 garnet`, `2 garnets`: a number with its noun, for people (the post, the dashboard,
    the command line's season words)."""
    return f"{n} {one if n == 1 else many}"


def garnets(n: int) -> str:
    return counted(n, "garnet", "garnets")


def tokens(n: int) -> str:
    return counted(n, "Token of Life", "Tokens of Life")
