"""The lab's fixtures: a real ``showdown lab`` server on 127.0.0.1 for each test module
(``server``), and an HTTP client holding its session's cookie and token (``client``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from helpers.lab_server import LabClient, LabServer, running_lab


@pytest.fixture(scope="module")
def server() -> Iterator[LabServer]:
    yield from running_lab()


@pytest.fixture
def client(server: LabServer) -> Iterator[LabClient]:
    c = LabClient(server.url)
    yield c
    c.close()
