"""``python -m showdown`` runs the command line."""

import sys

from showdown.cli import main

sys.exit(main())
