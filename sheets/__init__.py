"""The I/O edge: reading submission and roster files, writing templates and result workbooks.

Everything that touches a file or a Google spreadsheet (`google*.py`) lives here, with the
mark festival puts in what it makes (`stamp.py`), the limits of what it reads, and the retry
of an outside service. Rules engines only ever see the plain `events.tables.Grid` values
these modules produce, and only ever describe workbooks as `events.template.Template` values
these modules render.
"""
