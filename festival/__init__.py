"""festival: the host's toolkit for an online "Genius"-style game, in layers (docs/architecture.md).

- `core`: what every layer shares: the registry of festival events and duel games, seeds,
  paths, player names, options, every shared error, the SQLite file, the folder lock, the
  palette and the board picture renderer. It imports nothing above it.
- domains: `match` (the AWA Festival main match), `duels` (the elemental duel games),
  `season` (the season's ledger of garnets and Tokens of Life, its episodes and Death
  Matches), `lab` (the balance lab), with `bots` (the events' strategy bots) and `sample`
  (the sample festival and `festival demo`). They give values and Markdown, and speak no
  Discord or Google.
- adapters: `google` (Google Sheets for the match and duels) and `discord` (webhooks, the
  sender, the post log, messages cut to fit, posting, the match's channels port, the
  deadlines' runner).
- front ends: `cli` (the `festival` command), the Streamlit dashboard (`dashboard/`, beside
  this package) and `bot` (the Discord bot: duels, and a match's hand-ins and deadlines).
"""
