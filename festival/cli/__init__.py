"""The `festival` command line, a front end: one module per command group; each turns its
arguments into calls of the services (and the Google and Discord adapters) and prints what
they return."""
