"""The ports the tests' servers are given: when tests run several at a time, each worker has ports of its own."""

from __future__ import annotations

import pytest

from scripts.served_app import free_port
from scripts.supervision import free_loopback_ports


@pytest.mark.parametrize("worker, workers", [("gw0", 2), ("gw1", 2), ("gw2", 3)])
def test_each_worker_takes_only_its_own_ports(monkeypatch, worker, workers):
    monkeypatch.setenv("PYTEST_XDIST_WORKER", worker)
    monkeypatch.setenv("PYTEST_XDIST_WORKER_COUNT", str(workers))
    slot = int(worker[2:])
    ports = free_loopback_ports(5) + [free_port() for _ in range(5)]
    assert all(port // 2 % workers == slot for port in ports), ports
    assert len(set(free_loopback_ports(5))) == 5  # distinct, as before


def test_outside_the_tests_any_free_port_will_do(monkeypatch):
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    monkeypatch.delenv("PYTEST_XDIST_WORKER_COUNT", raising=False)
    ports = free_loopback_ports(40)
    assert len(set(ports)) == 40 and {port // 2 % 2 for port in ports} == {0, 1}
