"""What one page's connection may ask of the server, bounded (`FloodGuard`): a page that sends more than its
budget is closed, and reruns waiting behind a running one are merged into one."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass

_LOG = logging.getLogger("serving")


@dataclass(frozen=True)
class Limits:
    """What one page's WebSocket may send. A person's page sends a rerun when a value changes (a box
    left, Enter, a click) and a heartbeat now and then: far below these."""

    reruns_burst: int = 10          # reruns started at once …
    reruns_per_second: float = 4    # … and then this many a second; the others wait, merged into the latest
    messages_burst: int = 100       # messages of any kind at once …
    messages_per_second: float = 20  # … and then this many a second; beyond, the connection is closed


class _Bucket:
    """A token bucket: `burst` at once, refilled at `rate` a second."""

    def __init__(self, burst: int, rate: float) -> None:
        self.burst, self.rate = burst, rate
        self.tokens, self.at = float(burst), time.monotonic()

    def _refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def take(self) -> bool:
        self._refill()
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def wait(self) -> float:
        """Seconds until a token is there."""
        self._refill()
        return max(0.0, (1 - self.tokens) / self.rate)


_FLOOD = object()  # what the reader puts in the inbox when the client sent more than its budget


def _is_rerun(message: dict) -> bool:
    from streamlit.proto.BackMsg_pb2 import BackMsg

    data = message.get("bytes")
    if message["type"] != "websocket.receive" or not data:
        return False
    back = BackMsg()
    try:
        back.ParseFromString(data)
    except Exception:  # noqa: BLE001 — Streamlit itself refuses it (and closes the connection)
        return False
    return back.WhichOneof("type") == "rerun_script"


def _merged(pending: dict | None, newer: dict) -> dict:
    """The newer rerun request in place of the one waiting: it carries every widget's newest value, and keeps
    a click (a trigger) the waiting one carried, as Streamlit itself merges queued reruns — a member's click
    on a button is never lost. A request to rerun one fragment that replaces a whole-page one becomes a
    whole-page one (both are honoured)."""
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.runtime.scriptrunner_utils.script_requests import _coalesce_widget_states

    if pending is None:
        return newer
    older, back = BackMsg(), BackMsg()
    older.ParseFromString(pending["bytes"])
    back.ParseFromString(newer["bytes"])
    if older.rerun_script.widget_states.widgets:
        back.rerun_script.widget_states.CopyFrom(
            _coalesce_widget_states(older.rerun_script.widget_states, back.rerun_script.widget_states))
    if older.rerun_script.fragment_id and back.rerun_script.fragment_id == older.rerun_script.fragment_id:
        return newer
    back.rerun_script.fragment_id = ""
    return {**newer, "bytes": back.SerializeToString()}


class _GuardedConnection:
    """One WebSocket's messages on their way to Streamlit: a reader takes them off the socket as they
    arrive (counting them against `messages_*`); reruns beyond `reruns_*` wait, the latest replacing the
    one waiting, and go through as the budget allows. A client over its message budget is disconnected."""

    def __init__(self, receive, send, limits: Limits) -> None:
        self._receive, self._send = receive, send
        self.limits = limits
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.messages = _Bucket(limits.messages_burst, limits.messages_per_second)
        self.reruns = _Bucket(limits.reruns_burst, limits.reruns_per_second)
        self.pending: dict | None = None  # a rerun waiting for the budget (the latest asked for)
        self.closed = False
        self.reader: asyncio.Task | None = None

    async def _read(self) -> None:
        while True:
            message = await self._receive()
            if message["type"] == "websocket.receive" and not self.messages.take():
                await self.inbox.put(_FLOOD)
                return
            await self.inbox.put(message)
            if message["type"] == "websocket.disconnect":
                return

    async def receive(self) -> dict:
        if self.closed:
            return {"type": "websocket.disconnect", "code": 1008}
        if self.reader is None:
            self.reader = asyncio.create_task(self._read())
        while True:
            try:
                message = self.inbox.get_nowait()
            except asyncio.QueueEmpty:
                if self.pending is None:
                    message = await self.inbox.get()
                else:
                    try:
                        message = await asyncio.wait_for(self.inbox.get(), self.reruns.wait())
                    except asyncio.TimeoutError:
                        if self.reruns.take():
                            message, self.pending = self.pending, None
                            return message
                        continue
            if message is _FLOOD:
                return await self._close_flood()
            if message["type"] == "websocket.disconnect":
                self.pending = None
                return message
            if not _is_rerun(message):
                return message
            if self.pending is None and self.reruns.take():
                return message
            self.pending = _merged(self.pending, message)

    async def _close_flood(self) -> dict:
        self.closed, self.pending = True, None
        _LOG.warning("Closed a page connection that sent more than %s messages at once.",
                     self.limits.messages_burst)
        await self._send({"type": "websocket.close", "code": 1008})
        return {"type": "websocket.disconnect", "code": 1008}

    async def send(self, message: dict) -> None:
        if not self.closed:  # once closed here, what Streamlit still sends to the page goes nowhere
            await self._send(message)

    def stop(self) -> None:
        if self.reader is not None:
            self.reader.cancel()


class FloodGuard:
    """ASGI middleware: bounds what one page's WebSocket can ask of the server. Streamlit starts a script
    thread for every rerun request it receives (`AppSession.request_rerun`), so a client sending a
    thousand of them at once stalled every other page for a minute. Here reruns beyond `Limits` wait and
    are merged (the latest carries every widget's newest value), and a connection sending more messages
    than any page does is closed. HTTP requests pass untouched."""

    def __init__(self, app, limits: Limits | None = None) -> None:
        self.app = app
        self.limits = limits or Limits()

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        connection = _GuardedConnection(receive, send, self.limits)
        try:
            await self.app(scope, connection.receive, connection.send)
        finally:
            connection.stop()
