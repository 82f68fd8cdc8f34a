"""One client cannot stall the server: a page connection that floods the server with rerun requests and
leaves costs the others nothing they notice (serving.FloodGuard). Measured on `serve.py` as served, with a
WebSocket client speaking Streamlit's own protocol; the bounds are generous (seconds, where an unguarded
server stalled for 10 s to minutes)."""

from __future__ import annotations

import asyncio
import time
import urllib.request
from urllib.parse import urlsplit

import pytest
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from serving import MIDDLEWARE, FloodGuard, Limits, _merged

HEALTH_WITHIN_S = 5      # an unguarded server left it unanswered 10 s (300 requests) to minutes (3,000)
ROUND_TRIP_WITHIN_S = 15  # another page's rerun, start to finish (≈0.1–0.8 s on a quiet machine)


def rerun(query: str = "", fragment: str = "") -> bytes:
    message = BackMsg()
    message.rerun_script.query_string = query
    message.rerun_script.fragment_id = fragment
    return message.SerializeToString()


def page_connection(url: str):
    return connect(f"ws://{urlsplit(url).netloc}/_stcore/stream", subprotocols=["streamlit"], max_size=None,
                   open_timeout=120)


def round_trip(websocket) -> float:
    """Seconds from a rerun request to the run's end, as a page waits for it."""
    started = time.perf_counter()
    websocket.send(rerun())
    while True:
        message = ForwardMsg()
        message.ParseFromString(websocket.recv(timeout=300))
        if message.WhichOneof("type") == "script_finished":
            return time.perf_counter() - started


def health(url: str) -> float:
    started = time.perf_counter()
    with urllib.request.urlopen(f"{url}/_stcore/health", timeout=300) as response:
        assert response.read() == b"ok"
    return time.perf_counter() - started


@pytest.fixture(scope="module")
def served():
    from scripts.served_app import APP, serve

    with serve(APP) as server:
        yield server


def test_the_guard_is_on_the_served_app():
    assert any(entry.cls is FloodGuard for entry in MIDDLEWARE)


@pytest.mark.parametrize("requests", [300, 1000, 3000])
def test_a_client_flooding_reruns_and_leaving_does_not_stall_the_others(served, requests):
    with page_connection(served.url) as other:
        round_trip(other)  # a member's page, open before the flood
        with page_connection(served.url) as flood:
            try:
                for _ in range(requests):
                    flood.send(rerun())
            except ConnectionClosed:  # the server closed it: a flood
                pass
        assert health(served.url) < HEALTH_WITHIN_S
        assert round_trip(other) < ROUND_TRIP_WITHIN_S
    with page_connection(served.url) as new:  # and a page opened afterwards
        assert round_trip(new) < ROUND_TRIP_WITHIN_S
    assert health(served.url) < HEALTH_WITHIN_S


# --- the guard itself, on a stand-in for Streamlit ------------------------------------------------------

def run_guarded(messages: list[bytes], limits: Limits, stop_at: bytes | None = None) -> tuple[list, list]:
    """What Streamlit would receive through the guard from a client that sends `messages` at once (and
    then nothing), and what was sent back to the client; Streamlit's stand-in reads until `stop_at` arrives
    or the connection ends."""
    received, sent = [], []

    async def main():
        quiet = asyncio.Event()  # the client, after its messages: never sends again
        queue = [{"type": "websocket.connect"}] + [{"type": "websocket.receive", "bytes": m} for m in messages]

        async def receive():
            if queue:
                return queue.pop(0)
            await quiet.wait()

        async def send(message):
            sent.append(message)

        async def app(scope, receive, send):
            assert (await receive())["type"] == "websocket.connect"
            while True:
                message = await receive()
                received.append(message.get("bytes", message["type"]))
                if message["type"] == "websocket.disconnect" or message.get("bytes") == stop_at:
                    return

        await asyncio.wait_for(FloodGuard(app, limits)({"type": "websocket"}, receive, send), 30)

    asyncio.run(main())
    return received, sent


def test_reruns_beyond_the_budget_wait_and_only_the_latest_runs():
    requests = [rerun(f"n={n}") for n in range(30)]
    limits = Limits(reruns_burst=2, reruns_per_second=1, messages_burst=1000, messages_per_second=1)
    received, sent = run_guarded(requests, limits, stop_at=requests[-1])
    assert received == [requests[0], requests[1], requests[-1]]  # two at once, then the latest one
    assert sent == []


def test_a_client_over_its_message_budget_is_disconnected():
    limits = Limits(reruns_burst=1000, reruns_per_second=1, messages_burst=5, messages_per_second=1)
    received, sent = run_guarded([rerun()] * 50, limits)
    assert received == [rerun()] * 5 + ["websocket.disconnect"]
    assert sent == [{"type": "websocket.close", "code": 1008}]


def test_a_waiting_rerun_merged_with_a_newer_one_keeps_what_both_ask_for():
    as_message = lambda data: {"type": "websocket.receive", "bytes": data}  # noqa: E731
    same = _merged(as_message(rerun("a", fragment="f")), as_message(rerun("b", fragment="f")))
    assert same["bytes"] == rerun("b", fragment="f")  # the same fragment: the newer request
    for older, newer in [(rerun("a"), rerun("b", fragment="f")), (rerun("a", fragment="f"), rerun("b")),
                         (rerun("a", fragment="f"), rerun("b", fragment="g"))]:
        assert _merged(as_message(older), as_message(newer))["bytes"] == rerun("b")  # the whole page, newest values


def test_a_click_in_a_waiting_rerun_survives_a_newer_one():
    """A button's click is sent once (a trigger); a newer rerun that replaces the waiting one keeps it, with
    the newer value of every other widget."""
    older, newer = BackMsg(), BackMsg()
    click = older.rerun_script.widget_states.widgets.add()
    click.id, click.trigger_value = "report_download", True
    box = older.rerun_script.widget_states.widgets.add()
    box.id, box.string_value = "average_annual_text", "50,000.00"
    box = newer.rerun_script.widget_states.widgets.add()
    box.id, box.string_value = "average_annual_text", "51,000.00"
    merged = BackMsg()
    merged.ParseFromString(_merged({"type": "websocket.receive", "bytes": older.SerializeToString()},
                                   {"type": "websocket.receive", "bytes": newer.SerializeToString()})["bytes"])
    states = {w.id: w for w in merged.rerun_script.widget_states.widgets}
    assert states["report_download"].trigger_value is True
    assert states["average_annual_text"].string_value == "51,000.00"
