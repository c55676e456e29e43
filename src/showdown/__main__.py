"""``python -m showdown`` runs the command line."""

import sys

from showdown.commands.main import main

sys.exit(main())
