"""`scripts/run-app`'s arguments and HAProxy's configuration (scripts/replicas.py), without starting anything;
tests/browser/test_serving_many.py runs it for real."""

from __future__ import annotations

import importlib.util
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser.conftest import _unavailable  # a skip here, a failure under CI
from tests.conftest import ROOT

LOCAL = [("127.0.0.1", 41001), ("127.0.0.1", 41002)]
MACHINES = [("10.0.0.11", 8501), ("10.0.0.12", 8501)]

spec = importlib.util.spec_from_file_location("replicas", ROOT / "scripts" / "replicas.py")
replicas = importlib.util.module_from_spec(spec)
sys.modules["replicas"] = replicas  # its dataclasses look their module up
spec.loader.exec_module(replicas)


@pytest.mark.parametrize("text, count", [("1", 1), ("2", 2), (" 3 ", 3), ("64", 64)])
def test_a_number_of_replicas(text, count):
    assert replicas.replica_count(text) == count


def test_auto_is_one_a_core():
    import os

    assert replicas.replica_count("auto") == replicas.replica_count("AUTO") == min(64, len(os.sched_getaffinity(0)))


@pytest.mark.parametrize("text", ["0", "65", "dos", "-1", "1.5", ""])
def test_what_cannot_serve_is_refused_saying_what_is_accepted(text):
    with pytest.raises(replicas.BadInput, match="give a whole number from 1 to 64, or auto"):
        replicas.replica_count(text)


@pytest.mark.parametrize("text", ["0", "65536", "http", "-80"])
def test_a_port_outside_1_to_65535_is_refused(text):
    with pytest.raises(replicas.BadInput, match="give a whole number from 1 to 65535"):
        replicas.port_number(text)


def test_a_port_in_use_is_refused():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        with pytest.raises(replicas.BadInput, match=f"port {port} on 127.0.0.1 is already in use"):
            replicas.check_port_free("127.0.0.1", port)


def test_argparse_errors_are_one_line():
    with pytest.raises(replicas.BadInput, match="expected one argument"):
        replicas.parse(["--replicas"])


def test_other_arguments_go_to_streamlit():
    args, extra = replicas.parse(["--replicas", "2", "--port", "8600", "--server.allowedHosts=pension.example.pr"])
    assert (args.replicas, args.port, args.address) == (2, 8600, "127.0.0.1")
    assert extra == ["--server.allowedHosts=pension.example.pr"]


def test_the_proxy_configuration(tmp_path):
    config = replicas.haproxy_config("127.0.0.1", 8600, LOCAL, tmp_path / "admin.sock")
    assert "bind 127.0.0.1:8600" in config  # loopback unless told otherwise
    assert "timeout tunnel 8h" in config  # WebSockets
    assert "option redispatch" in config
    assert 'cookie ESTIMADOR_SERVIDOR insert indirect nocache httponly attr "SameSite=Strict"' in config
    assert "http-check send meth GET uri /_stcore/health ver HTTP/1.1 hdr Host 127.0.0.1" in config
    assert "http-check expect string ok" in config
    assert "server app1 127.0.0.1:41001 check cookie app1" in config
    assert "server app2 127.0.0.1:41002 check cookie app2" in config
    assert f"stats socket {tmp_path / 'admin.sock'} mode 600 level admin" in config
    assert "http-response" not in config and "del-header" not in config  # the app's headers pass untouched


@pytest.mark.haproxy  # the second tier: the quick tier's set-up does not install HAProxy
def test_haproxy_accepts_the_configuration(tmp_path):
    haproxy = replicas.find_haproxy()
    if haproxy is None:
        _unavailable("HAProxy is missing: scripts/setup --test installs it (apt-get install haproxy)")
    config = tmp_path / "haproxy.cfg"
    config.write_text(replicas.haproxy_config("127.0.0.1", 8600, LOCAL, tmp_path / "admin.sock"))
    checked = subprocess.run([haproxy, "-c", "-f", str(config)], capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0, checked.stderr


def test_setup_for_the_tests_installs_haproxy():
    setup = (ROOT / "scripts" / "setup").read_text()
    assert "for tool in haproxy " in setup and 'missing+=("$tool")' in setup


# --- HAProxy in front of other machines (`--backends`, scripts/haproxy.py) ---------------------------------------

def test_backends_are_host_port_pairs():
    assert replicas.backend_list("10.0.0.11:8501, 10.0.0.12:8502") == [("10.0.0.11", 8501), ("10.0.0.12", 8502)]
    assert replicas.backend_list("App1:8501") == [("app1", 8501)]


@pytest.mark.parametrize("text", ["", "10.0.0.11", "10.0.0.11:0", "10.0.0.11:70000", "a b:1", ":8501",
                                  "10.0.0.11:8501,10.0.0.11:8501", "10.0.0.11:8501,"])
def test_backends_that_are_not_host_port_pairs_are_refused(text):
    with pytest.raises(replicas.BadInput, match="give host:port pairs separated by commas"):
        replicas.backend_list(text)


@pytest.mark.parametrize("args, says", [
    (["--backends", "10.0.0.11:8501", "--replicas", "2"], "--backends starts no app process here"),
    (["--backends", "10.0.0.11:8501", "--server.allowedHosts=x"], "--backends starts no app process here"),
    (["--check-host", "x.example"], "--check-host goes with --backends"),
    (["--backends", "10.0.0.11:8501", "--check-host", "no spaces"], "--check-host 'no spaces' is not a host name"),
])
def test_backends_with_what_does_not_go_with_them_is_refused(args, says):
    with pytest.raises(replicas.BadInput, match=says):
        replicas.parse(args)


def test_the_balancers_configuration_for_several_machines(tmp_path):
    config = replicas.haproxy_config("0.0.0.0", 443, MACHINES, check_host="pension.example.pr")
    assert "server app1 10.0.0.11:8501 check cookie app1\n" in config
    assert "server app2 10.0.0.12:8501 check cookie app2\n" in config
    assert "hdr Host pension.example.pr" in config  # a name the app allows, or every machine is down
    # a machine that answers nothing: its pages are cut from it at once, and reconnect to another
    assert "default-server inter 2s fall 2 rise 2 on-marked-down shutdown-sessions" in config
    assert "stats socket" not in config and "resolvers" not in config and "ssl" not in config
    tls = replicas.haproxy_config("0.0.0.0", 443, MACHINES, tls_cert=Path("/etc/haproxy/pension.pem"))
    assert "bind 0.0.0.0:443 ssl crt /etc/haproxy/pension.pem" in tls
    assert 'insert indirect nocache httponly secure attr "SameSite=Strict"' in tls
    assert 'http-response set-header Strict-Transport-Security "max-age=31536000"' in tls
    named = replicas.haproxy_config("0.0.0.0", 8080, [("app1", 8501)])
    assert "server app1 app1:8501 check cookie app1 resolvers system init-addr last,libc,none" in named


@pytest.mark.haproxy  # the second tier: the quick tier's set-up does not install HAProxy
def test_haproxy_accepts_the_balancers_configuration(tmp_path):
    haproxy = replicas.find_haproxy()
    if haproxy is None:
        _unavailable("HAProxy is missing: scripts/setup --test installs it (apt-get install haproxy)")
    config = tmp_path / "haproxy.cfg"
    config.write_text(replicas.haproxy_config("127.0.0.1", 8600, MACHINES, tmp_path / "admin.sock", "a.example"))
    checked = subprocess.run([haproxy, "-c", "-f", str(config)], capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0, checked.stderr


@pytest.mark.parametrize("args, says", [
    ([], "the following arguments are required: --backends"),
    (["--backends", "10.0.0.11"], "'10.0.0.11' is not host:port"),
    (["--backends", "10.0.0.11:8501", "--port", "http"], "--port 'http' is not a port"),
])
def test_the_configuration_command_refuses_bad_input_in_one_line(args, says, tmp_path):
    written = tmp_path / "haproxy.cfg"
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "haproxy.py"), *args, "-o", str(written)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == "" and not written.exists()
    assert done.stderr.splitlines() == [done.stderr.strip()] and says in done.stderr, done.stderr


def test_the_configuration_command_prints_what_haproxy_config_gives():
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "haproxy.py"), "--backends",
                           "10.0.0.11:8501,10.0.0.12:8501", "--check-host", "pension.example.pr", "--port", "443"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == replicas.haproxy_config("0.0.0.0", 443, MACHINES, check_host="pension.example.pr")
