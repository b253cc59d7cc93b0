"""The server of ``make site`` (``reversis_site.serve``): the site under its path, text compressed with
gzip for a browser that accepts it, the same bytes as the file once decompressed; the rest as it is."""

from __future__ import annotations

import gzip
import http.client
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from reversis_site import serve

PAGE = "<!doctype html><title>T</title>" + "<p>the quinola is the jack of hearts</p>" * 200


@pytest.fixture
def server(tmp_path: Path) -> Iterator[int]:
    (tmp_path / "index.html").write_text(PAGE, encoding="utf-8")
    (tmp_path / "guide").mkdir()
    (tmp_path / "guide" / "index.html").write_text(PAGE, encoding="utf-8")
    (tmp_path / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(2000))
    (tmp_path / "404.html").write_text("<p>missing</p>", encoding="utf-8")
    (tmp_path / "try" / "pyodide").mkdir(parents=True)
    (tmp_path / "try" / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm\1\0\0\0" + bytes(20000))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), serve.handler(tmp_path, "/site/"))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd.server_address[1]
    httpd.shutdown()
    httpd.server_close()
    thread.join()


def _get(port: int, path: str, encoding: str | None) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path, headers={"Accept-Encoding": encoding} if encoding else {})
    return connection.getresponse()


@pytest.mark.parametrize("path", ["/site/", "/site/index.html", "/site/guide/"])
def test_a_page_goes_compressed_to_a_browser_that_accepts_gzip(server: int, path: str) -> None:
    response = _get(server, path, "gzip, deflate, br")
    body = response.read()
    assert response.status == 200 and response.getheader("Content-Encoding") == "gzip"
    assert response.getheader("Content-Type", "").startswith("text/html")
    assert int(response.getheader("Content-Length", "0")) == len(body) < len(PAGE) // 4
    assert gzip.decompress(body).decode("utf-8") == PAGE


@pytest.mark.parametrize("encoding", [None, "identity", "gzip;q=0"])
def test_a_page_goes_as_it_is_to_a_client_that_refuses_gzip(server: int, encoding: str | None) -> None:
    response = _get(server, "/site/", encoding)
    assert response.getheader("Content-Encoding") is None
    assert response.read().decode("utf-8") == PAGE


def test_an_image_goes_as_it_is_and_a_missing_page_gets_the_404_page(server: int) -> None:
    image = _get(server, "/site/logo.png", "gzip")
    assert image.getheader("Content-Encoding") is None and len(image.read()) == 2008
    missing = _get(server, "/site/no/such/page/", "gzip")
    assert missing.status == 404 and b"missing" in missing.read()
    folder = _get(server, "/site/guide", "gzip")  # a folder without its slash: redirected first
    assert folder.status == 301 and folder.getheader("Location", "").endswith("/site/guide/")


def _get_with(port: int, path: str, headers: dict[str, str]) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path, headers=headers)
    return connection.getresponse()


def test_the_engine_goes_compressed_kept_an_hour_and_the_rest_asked_again(server: int) -> None:
    """Pyodide's WebAssembly compressed and kept by the browser for an hour (a second visit loads it
    from the cache); a page asked again each time, answered 304 while unchanged."""
    wasm = _get(server, "/site/try/pyodide/pyodide.asm.wasm", "gzip")
    body = wasm.read()
    assert wasm.getheader("Content-Encoding") == "gzip" and wasm.getheader("Content-Type") == "application/wasm"
    assert gzip.decompress(body).startswith(b"\0asm") and len(body) < 1000
    assert wasm.getheader("Cache-Control") == "public, max-age=3600"
    page = _get(server, "/site/guide/", "gzip")
    page.read()
    etag = page.getheader("ETag")
    assert page.getheader("Cache-Control") == "no-cache" and etag
    again = _get_with(server, "/site/guide/", {"Accept-Encoding": "gzip", "If-None-Match": etag})
    assert again.status == 304 and not again.read()
    other = _get_with(server, "/site/guide/", {"Accept-Encoding": "gzip", "If-None-Match": '"0-0"'})
    assert other.status == 200 and gzip.decompress(other.read()).decode("utf-8") == PAGE
