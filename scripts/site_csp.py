"""The site's Content-Security-Policy, a meta tag at the head of every page: scripts, styles,
images, fonts, requests and workers from the site only, no plugin, no inline style attribute, no
``eval``. A MkDocs hook (``mkdocs.yml``, ``hooks:``), run by every build of the site.

The theme writes a few small scripts into each page (Material for MkDocs keeps its settings in
``localStorage`` with them, and sets the colour scheme before the page is drawn); the policy allows
exactly those, each by its SHA-256 hash (:func:`policy`), as the page holds them: a script that the
theme changes, or one that anything else puts into a page, is refused by the browser. Data blocks
(``<script type="application/json">``, ``application/ld+json``) are not scripts and need nothing.

>>> page = '<html><head><meta charset="utf-8"><script>var a=1</script></head></html>'
>>> print(policy(page))  # doctest: +ELLIPSIS
default-src 'self'; script-src 'self' 'sha256-...'; style-src 'self'; ...; form-action 'self'
>>> with_policy(page).startswith('<html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy"')
True
"""

from __future__ import annotations

import base64
import hashlib
import re
from typing import Any

from mkdocs.config.defaults import MkDocsConfig

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


class PolicyError(ValueError):
    """A page the policy cannot be put at the head of."""


def policy(html: str) -> str:
    """The policy of a page: :data:`DIRECTIVES`, and scripts from the site and the page's inline
    scripts by their hashes."""
    hashes = dict.fromkeys(
        "'sha256-" + base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode("ascii") + "'"
        for body in _INLINE_SCRIPT.findall(html)
    )
    script = " ".join(["script-src 'self'", *hashes])
    return "; ".join([DIRECTIVES[0], script, *DIRECTIVES[1:]])


def with_policy(html: str) -> str:
    """The page with its policy as the first element after its character set (a policy given by a
    meta tag covers only what follows it)."""
    if _CHARSET not in html:
        raise PolicyError(f"a page without {_CHARSET}: the policy has no place before its scripts")
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy(html)}">'
    return html.replace(_CHARSET, _CHARSET + meta, 1)


def on_post_page(output: str, *, page: Any, config: MkDocsConfig) -> str:
    return with_policy(output)


def on_post_template(output_content: str, *, template_name: str, config: MkDocsConfig) -> str:
    """The theme's own pages (the 404 page); the sitemap is not HTML."""
    return with_policy(output_content) if template_name.endswith(".html") else output_content
