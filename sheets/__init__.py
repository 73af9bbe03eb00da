"""The I/O edge: reading submission and roster files, writing templates and result workbooks.

Everything that touches a file (or, later, a remote spreadsheet) lives here. Rules engines
only ever see the plain `events.tables.Grid` values these modules produce, and only ever
describe workbooks as `events.template.Template` values these modules render.
"""
