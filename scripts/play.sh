#!/usr/bin/env bash
# Installs showdown with the game into .venv and starts Poker vs Dealer.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh game,tracker
exec .venv/bin/showdown play "$@"
