"""The duel domain: a duel's folder and store, its lock and clock, where an input came from,
sealed orders (from files, or from tabs an adapter reads through `OrderTabs`), order
workbooks, step words, the bots and their levels, practice duels, the shipped games' data, and
the duel service. It speaks no Discord or Google."""
