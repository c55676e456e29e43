"""Sub-commands of the ``showdown`` command line, one module each."""
