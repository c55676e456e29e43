# TEMPORARY STUB (not committed): the stats helper writes the real module.
from showdown.tracker.schema import STAT_COLUMNS


def hand_stats(history, won):
    return [(0,) * len(STAT_COLUMNS) for _ in range(history.player_count)]
