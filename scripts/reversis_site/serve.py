"""Serve the built site where it is published: ``python -m reversis_site.serve [--port 8000] [SITE]``.

The site is built for the address of ``site_url`` in ``mkdocs.yml`` (``/reversis/`` on its host):
every page links the theme's files relative to itself, but the 404 page, which the server returns
for any missing address however deep, links them from that path. Served from the server's root
(``python -m http.server``) the 404 page would find none of them and show unstyled; this server
puts the site under that path, as it is published, and sends the root there.

It compresses what it serves as a host does (GitHub Pages, where the site is published, sends text
compressed): a text file (HTML, CSS, JavaScript, JSON, SVG, XML) and the engine's WebAssembly
(``pyodide.asm.wasm``, 9.6 MB, 3.5 MB compressed) go with gzip to a browser that accepts it, so that
what a reader's browser transfers here is what it transfers from the host (the home page: under
150 KiB, ``tests/site/test_browser_reading.py``). Each file is compressed once, at its first request
(the WebAssembly as the server starts), and kept while it is unchanged.

Every answer says how the browser may keep it: Pyodide's own files (``try/pyodide/``, which change
only with its version) for an hour without asking again, so that a second visit starts the engine
from the browser's cache, the compiled WebAssembly with it; everything else is asked again each time
(``no-cache``) and answered "not modified" while it is unchanged (its ``ETag``).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import io
import os
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import yaml

REPO = Path(__file__).resolve().parents[2]


def site_path(config: Path = REPO / "mkdocs.yml") -> str:
    """The path of ``site_url`` (``/reversis/``), ``/`` when it has none."""

    class Loader(yaml.SafeLoader):
        """mkdocs.yml's own tags (``!ENV``) read as nothing: only ``site_url`` is wanted here."""

    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
    data = yaml.load(config.read_text(encoding="utf-8"), Loader=Loader)
    path = urlsplit(str(data.get("site_url") or "")).path or "/"
    return path if path.endswith("/") else path + "/"


#: The files sent compressed, by their suffix: text, which gzip makes four to eight times smaller
#: (images, fonts and the engine's archives are compressed already).
COMPRESSED = (".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt", ".map", ".wasm")
#: The folder whose files the browser keeps for an hour (Pyodide's, which change with its version only).
KEPT = "try/pyodide/"
#: What the browser is told of everything else: ask again, each time (answered 304 while unchanged).
ASK_AGAIN = "no-cache"

_compressed: dict[str, tuple[tuple[int, int], bytes]] = {}  # a file's (mtime, size) and its gzip
_compressing = threading.Lock()


_locks: dict[str, threading.Lock] = {}  # one per file: a request waits for the file being compressed


def compressed(path: str) -> bytes:
    """The file ``path`` compressed with gzip, compressed once while it is unchanged (a second request
    meanwhile waits for it rather than compressing it again)."""
    with _compressing:
        lock = _locks.setdefault(path, threading.Lock())
    with lock:
        stat = os.stat(path)
        key = (stat.st_mtime_ns, stat.st_size)
        kept = _compressed.get(path)
        if kept is not None and kept[0] == key:
            return kept[1]
        with open(path, "rb") as f:
            body = gzip.compress(f.read(), compresslevel=6, mtime=0)
        _compressed[path] = (key, body)
        return body


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """The files of the site under ``prefix``, text compressed for a browser that accepts gzip; the
    server's root sent there; anything else a 404, answered with the site's own 404 page."""

    prefix = "/"

    def send_head(self) -> Any:
        if self.path in ("", "/") and self.prefix != "/":
            self.send_response(302)
            self.send_header("Location", self.prefix)
            self.end_headers()
            return None
        if self._unchanged():
            self.send_response(304)
            self.end_headers()
            return None
        path = self._file()
        if path is None or not self._accepts_gzip():
            return super().send_head()
        body = compressed(path)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(os.path.getmtime(path))))
        self.end_headers()
        return io.BytesIO(body)

    def _etag(self) -> str | None:
        """The version of the file the request names: its modification time and size."""
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        try:
            stat = os.stat(path)
        except OSError:
            return None
        return f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"' if os.path.isfile(path) else None

    def _unchanged(self) -> bool:
        """Whether the browser's copy (its If-None-Match) is the file as it is."""
        etag = self._etag()
        asked = self.headers.get("If-None-Match")
        return etag is not None and asked is not None and etag in [t.strip() for t in asked.split(",")]

    def end_headers(self) -> None:
        if not self.path.startswith(self.prefix) or self.command not in ("GET", "HEAD"):
            super().end_headers()
            return
        kept = self.path.removeprefix(self.prefix).startswith(KEPT)
        self.send_header("Cache-Control", "public, max-age=3600" if kept else ASK_AGAIN)
        etag = self._etag()
        if etag is not None:
            self.send_header("ETag", etag)
        super().end_headers()

    def _file(self) -> str | None:
        """The text file the request names, to be compressed; None for anything else (a folder
        without its final slash, which the base class redirects, a missing file, an image)."""
        url_path = urlsplit(self.path).path
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not url_path.endswith("/"):
                return None
            path = os.path.join(path, "index.html")
        return path if path.endswith(COMPRESSED) and os.path.isfile(path) else None

    def _accepts_gzip(self) -> bool:
        """Whether the request's Accept-Encoding names gzip (or ``*``) with a weight above 0."""
        for part in self.headers.get("Accept-Encoding", "").split(","):
            name, _, weight = part.partition(";")
            if name.strip() in ("gzip", "*"):
                try:
                    return float(weight.strip().removeprefix("q=") or "1") > 0
                except ValueError:
                    return False
        return False

    def translate_path(self, path: str) -> str:
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / "\0outside")  # no such file: a 404
        return super().translate_path("/" + path.removeprefix(self.prefix))

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


def handler(directory: Path, prefix: str) -> Callable[..., SiteHandler]:
    """The request handler of the site in ``directory``, served under ``prefix``."""

    class Served(SiteHandler):
        pass

    Served.prefix = prefix
    return functools.partial(Served, directory=str(directory))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("site", nargs="?", type=Path, default=REPO / "site", help="the built site (default: site/)")
    parser.add_argument("--port", type=int, default=8000, help="the port (default: 8000)")
    parser.add_argument("--bind", default="127.0.0.1", help="the address (default: 127.0.0.1)")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"error: {args.site}: no built site there (run: make build)", file=sys.stderr)
        return 2
    prefix = site_path()
    server = http.server.ThreadingHTTPServer((args.bind, args.port), handler(args.site, prefix))
    wasm = args.site / "try" / "pyodide" / "pyodide.asm.wasm"
    if wasm.is_file():  # compressed before the first reader asks for it (a few seconds)
        threading.Thread(target=compressed, args=(str(wasm),), daemon=True).start()
    print(f"Serving the site on http://{args.bind}:{server.server_address[1]}{prefix}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
