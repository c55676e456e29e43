"""The Omaha percentage order read from its data file (``omaha_order.bin``) is the order
that shipped inside ``omaha_order.py`` as base64 before: the same 16,432 class indices."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from showdown.odds.ranges.omaha_order import (
    MAGIC,
    PATH,
    SAMPLES,
    class_order,
    pack_order,
    read_order,
    unpack_order,
)

#: sha256 of the order as little-endian uint16, as the base64 table decoded.
SHIPPED_SHA256 = "ad6c8eed2d25344114c84cd84c134330df47444006d98ac9f965e51805bba461"


def test_the_loaded_order_is_the_shipped_one() -> None:
    order = class_order()
    assert order.dtype == np.int64 and len(order) == 16432
    assert order[:5].tolist() == [12209, 12376, 12043, 11551, 12544]
    assert hashlib.sha256(order.astype("<u2").tobytes()).hexdigest() == SHIPPED_SHA256
    assert SAMPLES == 8000


def test_the_file_reads_back_what_was_packed() -> None:
    order, samples = read_order(PATH)
    with open(PATH, "rb") as file:
        assert pack_order(order, samples) == file.read()
    assert (order == class_order()).all() and samples == SAMPLES


def test_the_order_is_shared_and_read_only() -> None:
    assert class_order() is class_order()
    with pytest.raises(ValueError, match="read-only"):
        class_order()[0] = 0


def test_other_bytes_are_refused() -> None:
    with pytest.raises(ValueError, match="not a showdown Omaha order file"):
        unpack_order(b"ORDER_BASE64 = (...)")
    with pytest.raises(ValueError, match="not a showdown Omaha order file"):
        unpack_order(MAGIC + bytes(5))
