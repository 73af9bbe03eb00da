"""Rules engines, one subpackage per game. Pure: standard library and numpy only.

The shared vocabulary every engine speaks lives in the modules of this package:
`tables` (what the sheets layer hands over), `errors` (coded submission errors),
`template` (what a submission workbook looks like), `report` (what a round tells whom),
`ranking` (ordering players), and `engine` (the interface the match drives).
"""
