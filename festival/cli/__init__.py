"""The `festival` command line: one module per command group; each only prints what the
services return."""
