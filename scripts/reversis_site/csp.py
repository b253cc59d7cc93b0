"""The site's Content-Security-Policy, a meta tag at the head of every page: scripts, styles,
images, fonts, requests and workers from the site only, no plugin, no inline style attribute, no
``eval``. A step of the builder after MkDocs (:func:`finish`, run by :mod:`reversis_site.finish`),
on every page that MkDocs wrote.

The theme writes a few small scripts into each page (Material for MkDocs keeps its settings in
``localStorage`` with them, and sets the colour scheme before the page is drawn); the policy allows
exactly those, each by its SHA-256 hash (:func:`policy`), as the page holds them: a script that the
theme changes, or one that anything else puts into a page, is refused by the browser. Data blocks
(``<script type="application/json">``, ``application/ld+json``) are not scripts and need nothing.

The copy of the site read from disk runs its search's worker in a frame (the iframe-worker shim,
``docs/javascripts/iframe-worker-shim.js``), whose document the shim writes with one inline script
of its own; the frame has the page's policy, which allows that script by its hash too
(:func:`shim_script`).

>>> page = '<html><head><meta charset="utf-8"><script>var a=1</script></head></html>'
>>> print(policy(page))  # doctest: +ELLIPSIS
default-src 'self'; script-src 'self' 'sha256-...'; style-src 'self'; ...; form-action 'self'
>>> with_policy(page).startswith('<html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy"')
True
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from functools import cache
from pathlib import Path

#: The directives besides ``script-src`` (whose hashes are the page's own). Images may also be
#: ``data:`` URLs, which the theme's stylesheet uses for its icons.
DIRECTIVES = (
    "default-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
)

# An inline script as the theme writes it: a bare <script> element (one with a src, or a data block
# with a type, has attributes).
_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)
_CHARSET = '<meta charset="utf-8">'
_CONFIG = re.compile(r'<script id="__config" type="application/json">(.*?)</script>', re.DOTALL)
SHIM = Path(__file__).resolve().parents[2] / "docs" / "javascripts" / "iframe-worker-shim.js"


class PolicyError(ValueError):
    """A page the policy cannot be put at the head of."""


@cache
def _shim_functions() -> tuple[str, str]:
    """The source of the shim's two functions that its frame's script is made of (``c``, which
    posts to the page, and ``d``, which loads scripts), as the shim's code writes them."""
    code = SHIM.read_text(encoding="utf-8")
    post = re.search(r"function c\(s,n\)\{parent\.postMessage\(s,n\|\|\"\*\"\)\}", code)
    load = re.search(r"function d\(\.\.\.s\)\{return s\.reduce\(.*?Promise\.resolve\(\)\)\}", code)
    if post is None or load is None:
        raise PolicyError(f"{SHIM}: not the iframe-worker shim whose frame script the policy allows")
    return post.group(0), load.group(0)


def shim_script(worker: str) -> str:
    """The inline script of the frame in which the iframe-worker shim runs the worker ``worker``
    (the address as the page gives it to the shim)."""
    post, load = _shim_functions()
    return (
        f"postMessage={post};importScripts={load};"
        'addEventListener("error",({error})=>{parent.dispatchEvent(new ErrorEvent("error",'
        f'{{filename:"{worker}",error}}))}})'
    )


def _hash(body: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode("ascii") + "'"


def policy(html: str) -> str:
    """The policy of a page: :data:`DIRECTIVES`, and scripts from the site and the page's inline
    scripts by their hashes (with the shim's frame script, on a page that loads the shim)."""
    bodies = _INLINE_SCRIPT.findall(html)
    config = _CONFIG.search(html)
    if "javascripts/iframe-worker-shim.js" in html and config:
        bodies.append(shim_script(json.loads(config.group(1))["search"]))
    hashes = dict.fromkeys(_hash(body) for body in bodies)
    script = " ".join(["script-src 'self'", *hashes])
    return "; ".join([DIRECTIVES[0], script, *DIRECTIVES[1:]])


def with_policy(html: str) -> str:
    """The page with its policy as the first element after its character set (a policy given by a
    meta tag covers only what follows it)."""
    if _CHARSET not in html:
        raise PolicyError(f"a page without {_CHARSET}: the policy has no place before its scripts")
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy(html)}">'
    return html.replace(_CHARSET, _CHARSET + meta, 1)


def finish(site: Path) -> int:
    """Every page of the built site ``site`` (each ``.html`` file; the files of "Try it" are added
    after) with its policy; the number of pages."""
    pages = sorted(site.rglob("*.html"))
    for path in pages:
        html = path.read_text(encoding="utf-8")
        if 'http-equiv="Content-Security-Policy"' in html:
            raise PolicyError(f"{path}: the page has its policy already (build the site again)")
        path.write_text(with_policy(html), encoding="utf-8")
    return len(pages)
