"""Separate app hosts on this one machine, for the tests and the benchmarks: each host a Linux network namespace
with its own address on a virtual link (a veth pair whose other end is on a bridge in the root namespace, which
has an address of its own), running the app's process there as a machine of its own would
(docs/deployment.md, *Several machines*). A balancer in the root namespace reaches the hosts over the bridge.

    with host_network(2) as network:        # namespaces, links and addresses made here, removed at the end
        network.start_apps(allowed=[...])   # one `streamlit run serve.py` in each, on its own address
        network.cut(network.hosts[0])       # the host's link down: it answers nothing any more
        network.restore(network.hosts[0])

`host_network(n, silent_resolver=True)` gives every host a name resolver that never answers (as in a sandbox, a
locked-down cluster or an outage): a listener on the bridge that records each name asked for
(`network.resolver.asked`) and answers nothing.

Every name (namespaces, bridge, links) carries a random tag and the addresses are a /24 no route of this
machine uses, so nothing here touches what was there before; everything made is removed at the end, whatever
happened. Needs root (`cannot_make_hosts` says why not)."""

from __future__ import annotations

import ipaddress
import os
import random
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from scripts.supervision import healthy, start, stop

APP_PORT = 8501
NETNS_ETC = Path("/etc/netns")  # a namespace's own /etc files (`ip netns exec` mounts them over /etc's)
START_TIMEOUT_S = 120  # several hosts importing the app at once on a busy 2-core machine


@dataclass
class Host:
    name: str       # its namespace
    address: str    # on the bridge
    link: str       # its link's end on the bridge (down: the host is lost to the network)
    process: subprocess.Popen | None = None
    log: Path | None = None  # what its app process printed

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log else ""

    @property
    def backend(self) -> str:
        return f"{self.address}:{APP_PORT}"


class SilentResolver:
    """A DNS server on `address` that answers nothing: each name asked for is recorded in `asked`."""

    def __init__(self, address: str) -> None:
        self.asked: list[str] = []
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self._socket.bind((address, 53))
        self._thread = threading.Thread(target=self._listen, daemon=True)
        self._thread.start()

    def _listen(self) -> None:
        while True:
            try:
                query = self._socket.recv(4096)
            except OSError:  # closed
                return
            self.asked.append(_queried_name(query))

    def close(self) -> None:
        self._socket.close()


def _queried_name(query: bytes) -> str:
    """The name a DNS query asks for (its first question), as text."""
    labels, at = [], 12
    while at < len(query) and query[at]:
        labels.append(query[at + 1:at + 1 + query[at]].decode("ascii", "replace"))
        at += 1 + query[at]
    return ".".join(labels)


@dataclass
class HostNetwork:
    bridge: str
    gateway: str    # the bridge's address: the balancer's side
    hosts: list[Host]
    env: dict[str, str] = field(default_factory=dict)
    resolver: SilentResolver | None = None  # the hosts' name resolver, when it is a silent one

    @property
    def backends(self) -> str:
        """`--backends` for scripts/run-app and scripts/haproxy.py."""
        return ",".join(host.backend for host in self.hosts)

    def start_apps(self, allowed: list[str], env: dict[str, str] | None = None, every_address: bool = False) -> None:
        """`streamlit run serve.py` in each host, on its own address (on all its addresses, 0.0.0.0, as the
        container listens, with `every_address`), allowing these Host names; all with the same cookie secret (a
        page moved to another host keeps its XSRF cookie valid); waits until each answers its health check over
        the bridge."""
        self.env = {**os.environ, "STREAMLIT_SERVER_COOKIE_SECRET": secrets.token_hex(32), **(env or {})}
        hosts = [f"--server.allowedHosts={name}" for name in allowed]
        for host in self.hosts:  # started together: each imports the app while the others do
            listen = "0.0.0.0" if every_address else host.address
            host.log = Path(tempfile.mkstemp(prefix=f"{host.name}-", suffix=".log")[1])
            with host.log.open("w") as sink:
                host.process = start(["ip", "netns", "exec", host.name, sys.executable, "-m", "streamlit", "run",
                                      "serve.py", f"--server.address={listen}", f"--server.port={APP_PORT}",
                                      "--server.headless=true", "--server.fileWatcherType=none", *hosts],
                                     env=self.env, output=sink)
        deadline = time.monotonic() + START_TIMEOUT_S
        for host in self.hosts:
            while not healthy(APP_PORT, host.address, allowed[0]):
                if host.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the app on host {host.name} ({host.backend}) did not answer:\n"
                                       f"{host.output()[-2000:]}")
                time.sleep(0.2)

    def cut(self, host: Host) -> None:
        """The host lost: its link down, so nothing it sends or is sent arrives (no reset, no answer)."""
        _ip("link", "set", host.link, "down")

    def restore(self, host: Host) -> None:
        _ip("link", "set", host.link, "up")


def cannot_make_hosts() -> str | None:
    """Why network namespaces cannot be made here, or None when they can."""
    if os.geteuid() != 0:
        return "making network namespaces needs root (ip netns add)"
    if shutil.which("ip") is None:
        return "the `ip` command (iproute2) is missing: apt-get install iproute2"
    return None


def _ip(*args: str) -> None:
    done = subprocess.run(["ip", *args], capture_output=True, text=True, timeout=30)
    if done.returncode != 0:
        raise RuntimeError(f"ip {' '.join(args)}: {done.stderr.strip()}")


def _free_subnet() -> ipaddress.IPv4Network:
    """A /24 in 10.0.0.0/8 that no address or route of this machine overlaps."""
    used = subprocess.run(["ip", "-4", "route", "show", "table", "all"], capture_output=True, text=True,
                          timeout=30).stdout
    taken = []
    for word in used.split():
        try:
            taken.append(ipaddress.ip_network(word, strict=False))
        except ValueError:
            continue
    for _ in range(200):
        subnet = ipaddress.ip_network(f"10.{random.randint(64, 254)}.{random.randint(0, 255)}.0/24")
        if not any(subnet.overlaps(other) for other in taken if other.prefixlen > 0):
            return subnet
    raise RuntimeError("no free /24 in 10.0.0.0/8 for the hosts' network")


@contextmanager
def host_network(count: int, silent_resolver: bool = False) -> Iterator[HostNetwork]:
    """`count` hosts on a bridge of their own (see the module's docstring), with a name resolver that never
    answers if `silent_resolver`; everything removed at the end."""
    tag = secrets.token_hex(3)
    subnet = _free_subnet()
    addresses = list(subnet.hosts())
    network = HostNetwork(f"epb{tag}", str(addresses[0]), [
        Host(f"estimador-{tag}-{i}", str(addresses[10 + i]), f"epv{tag}{i}") for i in range(1, count + 1)])
    made_bridge, made = False, []
    try:
        _ip("link", "add", network.bridge, "type", "bridge")
        made_bridge = True
        _ip("addr", "add", f"{network.gateway}/24", "dev", network.bridge)
        _ip("link", "set", network.bridge, "up")
        if silent_resolver:
            network.resolver = SilentResolver(network.gateway)
        for i, host in enumerate(network.hosts, 1):
            if silent_resolver:  # `ip netns exec` shows this file as the host's /etc/resolv.conf
                (NETNS_ETC / host.name).mkdir(parents=True, exist_ok=True)
                (NETNS_ETC / host.name / "resolv.conf").write_text(f"nameserver {network.gateway}\n")
            _ip("netns", "add", host.name)
            made.append(host)
            inside = f"epp{tag}{i}"
            _ip("link", "add", host.link, "type", "veth", "peer", "name", inside)
            _ip("link", "set", inside, "netns", host.name)
            _ip("-n", host.name, "link", "set", "lo", "up")  # its own loopback, as a machine has
            _ip("-n", host.name, "addr", "add", f"{host.address}/24", "dev", inside)
            _ip("-n", host.name, "link", "set", inside, "up")
            _ip("link", "set", host.link, "master", network.bridge, "up")
        yield network
    finally:
        for host in made:
            stop(host.process)
            _end_everything_in(host.name)
            if host.log:
                host.log.unlink(missing_ok=True)
            subprocess.run(["ip", "netns", "del", host.name], capture_output=True, timeout=30)  # its links too
        for host in network.hosts:
            shutil.rmtree(NETNS_ETC / host.name, ignore_errors=True)
        if network.resolver:
            network.resolver.close()
        if made_bridge:
            subprocess.run(["ip", "link", "del", network.bridge], capture_output=True, timeout=30)


def _end_everything_in(namespace: str) -> None:
    """Kill whatever still runs in the namespace (a process that outlived its parent)."""
    pids = subprocess.run(["ip", "netns", "pids", namespace], capture_output=True, text=True, timeout=30).stdout
    for pid in pids.split():
        try:
            os.kill(int(pid), 9)
        except (ProcessLookupError, ValueError):
            continue
