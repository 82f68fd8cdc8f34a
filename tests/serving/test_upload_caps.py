"""The uploaded files the server holds are capped (serving.UploadGuard): a page that sends file after file
without the app reading them is refused past `UploadLimits`, and the files are released when the session ends.
A member's page never comes near: the app reads each file once and releases it at once (ui/shell/uploads.py)."""

from __future__ import annotations

import asyncio
import http.client
import uuid
from urllib.parse import urlsplit

import pytest
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.runtime.memory_uploaded_file_manager import MemoryUploadedFileManager
from streamlit.runtime.uploaded_file_manager import UploadedFileRec
from streamlit.web.server.starlette.starlette_app_utils import generate_xsrf_token_string

from serving import MIDDLEWARE, UploadGuard, UploadLimits, held_uploads
from tests.serving.test_flood import page_connection, rerun

MB = 1024 * 1024


@pytest.fixture(scope="module")
def served():
    from scripts.served_app import APP, serve

    with serve(APP) as server:
        yield server


def session_id(websocket) -> str:
    websocket.send(rerun())
    while True:
        message = ForwardMsg()
        message.ParseFromString(websocket.recv(timeout=300))
        if message.WhichOneof("type") == "new_session":
            return message.new_session.initialize.session_id


def put_file(url: str, session: str, content: bytes) -> int:
    """Upload one file to the session as the page does (multipart PUT with the XSRF token); the status."""
    address = urlsplit(url)
    token = generate_xsrf_token_string()
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"salarios.csv\"\r\n"
            f"Content-Type: text/csv\r\n\r\n").encode() + content + f"\r\n--{boundary}--\r\n".encode()
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=60)
    try:
        connection.request("PUT", f"/_stcore/upload_file/{session}/{uuid.uuid4()}", body=body, headers={
            "Host": address.netloc, "Content-Type": f"multipart/form-data; boundary={boundary}",
            "X-Xsrftoken": token, "Cookie": f"_streamlit_xsrf={token}"})
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def test_the_guard_is_on_the_served_app():
    assert any(entry.cls is UploadGuard for entry in MIDDLEWARE)


def test_a_page_holds_at_most_so_many_files(served):
    limit = UploadLimits().files_per_session
    with page_connection(served.url) as websocket:
        session = session_id(websocket)
        statuses = [put_file(served.url, session, b"salary\n30000\n") for _ in range(limit + 10)]
    assert statuses == [204] * limit + [413] * 10


def test_a_page_holds_at_most_so_many_bytes(served):
    limits = UploadLimits()
    size = 1_000_000  # under server.maxUploadSize (1 MB)
    fit = limits.bytes_per_session // size  # 5,242,880 ÷ 1,000,000 → 5 files
    with page_connection(served.url) as websocket:
        session = session_id(websocket)
        statuses = [put_file(served.url, session, b"9" * size) for _ in range(fit + 3)]
    assert statuses == [204] * fit + [413] * 3


# --- the guard itself, on a stand-in for Streamlit ------------------------------------------------------

def test_held_files_are_read_from_streamlits_manager_and_released_with_the_session(monkeypatch):
    """Reads Streamlit's in-memory manager as 1.67 keeps it (`file_storage`, `_lock`): this fails if it moves."""
    from streamlit.runtime import Runtime

    manager = MemoryUploadedFileManager("/_stcore/upload_file")
    monkeypatch.setattr(Runtime, "exists", classmethod(lambda cls: True))
    monkeypatch.setattr(Runtime, "instance", classmethod(lambda cls: type("R", (), {"uploaded_file_mgr": manager})))
    for n in range(3):
        manager.add_file("mine", UploadedFileRec(f"f{n}", "a.csv", "text/csv", b"x" * 100))
    manager.add_file("other", UploadedFileRec("g", "b.csv", "text/csv", b"y" * 50))
    assert held_uploads("mine") == (3, 300, 350)
    manager.remove_session_files("mine")  # what Streamlit does when the session ends
    assert held_uploads("mine") == (0, 0, 50)


def test_uploads_still_arriving_count_against_the_limits():
    held = {"files": 0, "bytes": 0}
    limits = UploadLimits(files_per_session=3, bytes_per_session=1000, bytes_all_sessions=10_000)
    release = asyncio.Event()

    async def streamlit(scope, receive, send):  # holds each upload until told to finish
        await release.wait()
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    guard = UploadGuard(streamlit, limits, held=lambda session: (held["files"], held["bytes"], held["bytes"]))

    def upload(session: str, size: int) -> dict:
        return {"type": "http", "method": "PUT", "path": f"/_stcore/upload_file/{session}/{uuid.uuid4()}",
                "headers": [(b"content-length", str(size).encode())]}

    async def main():
        statuses = []

        async def send_one(scope):
            async def send(message):
                if message["type"] == "http.response.start":
                    statuses.append(message["status"])
            await guard(scope, lambda: None, send)

        arriving = [asyncio.create_task(send_one(upload("s", 400))) for _ in range(2)]
        await asyncio.sleep(0)  # both have started: 800 bytes on their way
        await send_one(upload("s", 400))  # 1,200 > 1,000: refused at once
        assert statuses == [413], statuses
        arriving.append(asyncio.create_task(send_one(upload("t", 400))))  # another session has its own room
        await asyncio.sleep(0)
        assert statuses == [413], statuses
        release.set()
        await asyncio.wait_for(asyncio.gather(*arriving), 30)
        return statuses

    statuses = asyncio.run(main())
    assert sorted(statuses) == [204, 204, 204, 413]
    assert guard.arriving == {}


def test_a_refused_upload_is_noted_for_its_session():
    from ui.shell import uploads

    async def streamlit(scope, receive, send):
        raise AssertionError("a refused upload never reaches Streamlit")

    sent = []

    async def send(message):
        sent.append(message)

    guard = UploadGuard(streamlit, UploadLimits(files_per_session=1), held=lambda session: (1, 10, 10))
    scope = {"type": "http", "method": "PUT", "path": "/_stcore/upload_file/session-9/file-1", "headers": []}
    asyncio.run(guard(scope, None, send))
    assert sent[0]["status"] == 413
    assert uploads._refused_by_session.pop("session-9") == 1


@pytest.mark.parametrize("page, uploader, lang, words", [
    ("pages/1_Comparar.py", "compare_upload", "es", "No se aceptaron 2 de los archivos elegidos: se aceptan hasta 20"),
    ("app.py", "saved_upload", "en", "2 of the files chosen were not accepted: up to 20 files at once"),
])
def test_the_page_says_how_many_files_were_not_accepted(app, monkeypatch, page, uploader, lang, words):
    """The server refused two of the files chosen (`note_refused`): the page says so, in its language,
    when it reads the others (the uploader is emptied, and the refused files' marks with it)."""
    from tests.ui.sections import uploader as find_uploader
    from tests.ui.shell.test_file_text_links import saved_file
    from ui.shell import uploads

    refused = iter([2])
    monkeypatch.setattr(uploads, "_take_refused", lambda: next(refused, 0))
    app.switch_page(page).run()
    app.segmented_control(key="lang").set_value(lang).run()
    found = find_uploader(app, uploader)
    chosen = ("m.json", saved_file(), "application/json")
    found.set_value([chosen] if found.accept_multiple_files else chosen).run()
    assert [w.value for w in app.warning if words in w.value], [w.value for w in app.warning]
    app.run()
    assert not [w for w in app.warning if words in w.value]  # said once
