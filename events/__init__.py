"""Rules engines, one subpackage per game: the festival's events (`alchemy`, `continuum`,
`summoners`) and the duel games (`element`, `halma`, `alchelemental`, `elementarium`). Pure:
standard library and numpy only.

The shared vocabulary every engine speaks lives in the modules of this package:
`tables` (what the sheets layer hands over), `errors` (coded submission errors),
`template` (what a submission workbook looks like), `report` (what a round tells whom),
`ranking` (ordering players), `engine` (the interface the match drives), `duel` (`DuelGame`,
the interface every duel game provides), `offers` (what a duel game offers every front end
beyond its notation), `palette` (every picture's colours), `parsed`, `places`, `numbers`,
`memo`, `catalog_tables`, and `behaviour` (the lab's figures of how a player played).
"""
