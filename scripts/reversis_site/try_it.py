"""The engine in the reader's browser: the files of "Try it", copied into a built site.

A step of the builder after MkDocs (:mod:`reversis_site.finish`, which ``make build`` and the site
tests run after ``mkdocs build``; ``python -m reversis_site.try_it SITE_DIR`` alone) writes
``SITE_DIR/try/``:

- ``pyodide/``: the files of Pyodide that run Python in the page (the npm package that
  ``site_engine/package-lock.json`` pins, installed by ``make``'s setup), and nothing else of it;
- the engine's wheel, built from a copy of this checkout's package files (``pip wheel --no-deps``,
  without the site builder: ``REVERSIS_ENGINE_ONLY=1``, see ``setup.py``; checked to hold the
  engine alone; kept under ``build/try/`` while the package's files are unchanged), and PyYAML's pure-Python ``yaml``
  package, zipped from the one installed here (Pyodide's npm package carries no PyYAML; without
  libyaml the engine reads YAML with PyYAML's ``SafeLoader``);
- ``rulesets/<id>.json``: each ruleset's options as ``reversis rules ID --json`` prints them, with
  the cards a card option may name; ``examples/<page>.yaml``: each worked example's scenario;
  ``templates/<id>.yaml``: an empty scenario per ruleset, for "Check your own reading";
- ``pycache.zip``: the bytecode of both, compiled by Pyodide itself under Node
  (``site_engine/compile.mjs``; without Node the page compiles them as it imports them), and
  ``snapshot.gz``: Pyodide's memory once Python has started and imported the engine, made by the
  same script, which the page restores instead of starting Python (without Node, the page starts it);
- ``worker.js``, ``engine.js`` and ``options.js`` (the loader and the option controls that "Try it"
  and "Play a hand" share), ``ui.js`` and ``try.css`` of ``site_engine/``, and ``manifest.json``: what the
  worker fetches, with the size of each file (the progress bar's total).

Nothing of it is fetched before the reader presses the control (``docs/javascripts/try.js`` draws
the control; the rest is ``ui.js``'s). Without Pyodide installed (no npm), or without a wheel
(``pip`` offline), the site is built without the engine: the manifest says why, and the control
that the engine is not part of this copy.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

import yaml

from reversis.annotations import Annotation, load_annotations
from reversis.apps.web import card_values, ruleset_data
from reversis.core.roles import ROLES
from reversis.core.ruleset import load_ruleset, ruleset_ids
from reversis.corpus import load_corpus
from reversis.corpus.model import paragraph_anchor
from reversis.games import game_of
from reversis_site.examples import WorkedExample, load_examples

REPO = Path(__file__).resolve().parents[2]
ENGINE = REPO / "site_engine"
PYODIDE = ENGINE / "node_modules" / "pyodide"
#: The files of Pyodide's npm package that a page needs to run Python (no console, no types, no maps).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: The component's own files, copied as they are.
OWN_FILES = ("worker.js", "engine.js", "options.js", "ui.js", "try.css")
CACHE = REPO / "build" / "try"


class Unavailable(Exception):
    """The engine cannot be built here (no Pyodide, or no wheel): the site goes without it."""


#: What the engine's wheel is built from, copied out of the checkout into a temporary folder first:
#: built in the checkout, setuptools would reuse its ``build/lib``, where an earlier build of the whole
#: distribution may have left the site builder (an engine-only wheel was seen to contain it).
WHEEL_SOURCES = ("setup.py", "pyproject.toml", "README.md", "reversis")


def _package_digest(root: Path = REPO) -> str:
    """A digest of everything the wheel is built from."""
    digest = hashlib.sha256()
    for path in sorted([*(root / "reversis").rglob("*"), root / "pyproject.toml", root / "setup.py"]):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def engine_files(wheel: Path) -> list[str]:
    """The files of the engine's wheel, checked: the engine's package and the wheel's metadata, and
    nothing else (:class:`Unavailable` names the first stray file)."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    stray = [n for n in names if not n.startswith("reversis/") and not re.match(r"reversis-[^/]+\.dist-info/", n)]
    if stray or "reversis/__init__.py" not in names:
        what = f"{stray[0]}, which is not the engine's" if stray else "no reversis/__init__.py"
        raise Unavailable(f"{wheel.name} holds {what}")
    return names


def project_wheel(root: Path = REPO, cache: Path = CACHE) -> Path:
    """The engine's wheel, built once for the package's files as they are (kept in ``cache``), from a
    copy of the checkout's :data:`WHEEL_SOURCES` and checked by :func:`engine_files`."""
    digest = _package_digest(root)
    folder = cache / "wheel"
    stamp = folder / "digest"
    wheels = sorted(folder.glob("reversis-*.whl"))
    if len(wheels) == 1 and stamp.is_file() and stamp.read_text() == digest:
        return wheels[0]
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="reversis-wheel-") as tmp:
        source = Path(tmp) / "source"
        for name in WHEEL_SOURCES:
            if (root / name).is_dir():
                shutil.copytree(root / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                source.mkdir(exist_ok=True)
                shutil.copyfile(root / name, source / name)
        command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(folder)]
        command.append(str(source))
        env = {**os.environ, "REVERSIS_ENGINE_ONLY": "1"}  # the engine alone (setup.py): no site builder
        done = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
    wheels = sorted(folder.glob("reversis-*.whl"))
    if done.returncode != 0 or len(wheels) != 1:
        last = (done.stderr.strip().splitlines() or ["no wheel written"])[-1]
        raise Unavailable(f"pip wheel failed: {last}")
    try:
        engine_files(wheels[0])
    except Unavailable:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    stamp.write_text(digest)
    return wheels[0]


def bytecode(wheel: Path, yaml_zip: Path) -> tuple[Path, Path | None] | None:
    """The engine's bytecode as Pyodide compiles it, and Pyodide's memory with the engine imported
    (a gzipped snapshot, which the page restores instead of starting Python), both made with Node by
    ``site_engine/compile.mjs`` and kept beside the wheel; None without Node (the page then starts
    Python and compiles the engine as it imports it); no snapshot when it alone could not be made."""
    node = shutil.which("node")
    if node is None:
        return None
    out, snapshot = wheel.parent / "pycache.zip", wheel.parent / "snapshot.gz"
    if all(p.is_file() and p.stat().st_mtime >= wheel.stat().st_mtime for p in (out, snapshot)):
        return out, snapshot
    for made in (out, snapshot):
        made.unlink(missing_ok=True)
    done = subprocess.run(
        [node, str(ENGINE / "compile.mjs"), *(str(p.resolve()) for p in (wheel, yaml_zip, out, snapshot))],
        capture_output=True,
        text=True,
        cwd=ENGINE,
        check=False,
    )
    errors = [line for line in done.stderr.splitlines() if "Error" in line] or ["nothing written"]
    if done.returncode != 0 or not out.is_file():
        print(f"try it: the engine's bytecode not compiled (the page compiles it): {errors[0][:300]}")
        return None
    if not snapshot.is_file():
        print(f"try it: no snapshot of the engine (the page starts Python itself): {errors[0][:300]}")
        return out, None
    return out, snapshot


def pure_yaml(out: Path) -> None:
    """PyYAML's pure-Python package (its ``.py`` files, not the libyaml binding) and its licence, as a zip."""
    root = Path(yaml.__file__).resolve().parent
    licence = next(iter(sorted(root.parent.glob("PyYAML-*.dist-info/LICENSE*"))), None) or next(
        iter(sorted(root.parent.glob("PyYAML-*.dist-info/licenses/LICENSE*"))), None
    )
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(root.glob("*.py")):
            archive.write(path, f"yaml/{path.name}")
        if licence is not None:
            archive.write(licence, "yaml/LICENSE.PyYAML")


def _template(ruleset: str) -> str:
    rules = load_ruleset(ruleset)
    return (
        f"# A hand of {rules.title}: the fields are those of the scenario format (Scenarios page).\n"
        f"ruleset: {ruleset}\n"
        "options: {}        # e.g. {name: value}, names and values as the ruleset lists them\n"
        "dealer: 0\n"
        "seed: 1            # deals the hands; or give hands: {0: [...], ...} and talon: [...]\n"
        "plays: []          # the cards in playing order; a bot plays the rest\n"
        "bot: cautious\n"
    )


def _words(annotations: dict[str, Annotation], ruleset: str) -> dict[str, Any]:
    """What the form shows of the sources beside each option, and what a result says of a reading:
    per option, the quote of its first annotation in its language with its English gloss, and the
    readings (in the annotations' English) that set it alone."""
    rules = load_ruleset(ruleset)
    languages = {s.id: s.language for s in load_corpus().sources}
    quotes: dict[str, Any] = {}
    readings: dict[str, list[dict[str, Any]]] = {name: [] for name in rules.options}
    for name, option in rules.options.items():
        first = annotations.get(option.annotations[0])
        if first is not None:
            quotes[name] = {
                "annotation": first.id,
                "paragraph": first.paragraph,
                "quote": first.quote,
                "lang": languages[first.source],
                "gloss": " ".join(first.gloss.split()),
            }
    for a in annotations.values():
        if ruleset not in a.rulesets:
            continue
        for r in a.readings:
            if len(r.options) == 1:
                [(name, value)] = r.options.items()
                if name in readings and value not in [x["value"] for x in readings[name]]:
                    readings[name].append({"value": value, "says": " ".join(r.says.split())})
    return {"quotes": quotes, "readings": {k: v for k, v in readings.items() if v}}


def _ruleset_json(ruleset: str, annotations: dict[str, Annotation] | None = None) -> dict[str, Any]:
    rules = load_ruleset(ruleset)
    data = ruleset_data(rules)
    # the words of the page: the places of the players, the unit of a result, the sources' words
    data["roles"] = list(ROLES)
    data["unit"] = game_of(rules).unit
    data.update(_words(annotations if annotations is not None else {a.id: a for a in load_annotations()}, ruleset))
    for name, option in rules.options.items():
        domain = option.domain
        cards = []
        if domain is not None and domain.kind == "card":
            cards = card_values(domain, rules)
        elif domain is not None and domain.kind == "list" and domain.items is not None and domain.items.kind == "card":
            cards = card_values(domain.items, rules)
        if cards:
            data["options"][name]["cards"] = cards
    # each paragraph cited or quoted, as the address of its anchor under the site's root
    cited = {c for o in data["options"].values() for c in o["cites"]}
    cited |= {q["paragraph"] for q in data["quotes"].values()}
    data["links"] = {c: f"sources/{c.split(':')[0]}/#{paragraph_anchor(c.split(':')[1])}" for c in sorted(cited)}
    return data


def illustrated(example: WorkedExample, annotations: dict[str, Annotation]) -> list[str]:
    """The options a worked example is about, the first the one it illustrates: those its scenario
    sets, then those of the annotations it shows (as its ruleset's index lists them), in order;
    ``accept_illegal``, which only lets a scenario play a fault, after the option of that fault."""
    rules = load_ruleset(example.ruleset)
    names = [str(n) for n in (example.data.get("options") or {}) if n != "accept_illegal"]
    for aid in example.annotations:
        if aid in annotations and example.ruleset in annotations[aid].rulesets:
            names += annotations[aid].options
    names = [n for n in dict.fromkeys(names) if n in rules.options and n != "accept_illegal"]
    return names + (["accept_illegal"] if "accept_illegal" in (example.data.get("options") or {}) else [])


def write(site: Path) -> dict[str, Any]:
    """Write ``site/try/``; the manifest."""
    out = site / "try"
    shutil.rmtree(out, ignore_errors=True)
    (out / "pyodide").mkdir(parents=True)
    for name in OWN_FILES:
        shutil.copyfile(ENGINE / name, out / name)
    for sub in ("rulesets", "examples", "templates"):
        (out / sub).mkdir()
    annotations = {a.id: a for a in load_annotations()}
    for ruleset in ruleset_ids():
        text = json.dumps(_ruleset_json(ruleset, annotations), ensure_ascii=False)
        (out / "rulesets" / f"{ruleset}.json").write_text(text, encoding="utf-8")
        (out / "templates" / f"{ruleset}.yaml").write_text(_template(ruleset), encoding="utf-8")
    for example in load_examples():
        shutil.copyfile(example.path, out / "examples" / f"{example.page}.yaml")
        shows = {"options": illustrated(example, annotations)}
        (out / "examples" / f"{example.page}.json").write_text(json.dumps(shows), encoding="utf-8")
    manifest: dict[str, Any] = {"engine": PYODIDE.joinpath("package.json").is_file()}
    if not manifest["engine"]:
        manifest["why"] = f"{PYODIDE.relative_to(REPO)} is not installed (npm ci in site_engine/)"
    else:
        try:
            wheel = project_wheel()
        except Unavailable as exc:
            manifest.update(engine=False, why=str(exc))
    if manifest["engine"]:
        for name in PYODIDE_FILES:
            shutil.copyfile(PYODIDE / name, out / "pyodide" / name)
        shutil.copyfile(wheel, out / wheel.name)
        pure_yaml(out / "pyyaml.zip")
        compiled = bytecode(wheel, out / "pyyaml.zip")
        if compiled is not None:
            shutil.copyfile(compiled[0], out / "pycache.zip")
            if compiled[1] is not None:
                shutil.copyfile(compiled[1], out / "snapshot.gz")
        version = json.loads((PYODIDE / "package.json").read_text(encoding="utf-8"))["version"]
        files = {f"pyodide/{name}": (out / "pyodide" / name).stat().st_size for name in PYODIDE_FILES}
        files[wheel.name] = (out / wheel.name).stat().st_size
        files["pyyaml.zip"] = (out / "pyyaml.zip").stat().st_size
        if compiled is not None:
            files["pycache.zip"] = (out / "pycache.zip").stat().st_size
            manifest["bytecode"] = "pycache.zip"
        if (out / "snapshot.gz").is_file():
            files["snapshot.gz"] = (out / "snapshot.gz").stat().st_size
            # the size of the memory it holds (gzip's last four bytes): the page makes room for it at once
            size = int.from_bytes((out / "snapshot.gz").read_bytes()[-4:], "little")
            manifest.update(snapshot="snapshot.gz", snapshot_size=size)
        manifest.update(pyodide=version, wheel=wheel.name, yaml="pyyaml.zip", files=files, total=sum(files.values()))
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    return manifest


def report(site: Path, manifest: dict[str, Any]) -> str:
    """One line on what :func:`write` put into ``site``."""
    if manifest["engine"]:
        return f"try it: {site / 'try'}: Pyodide {manifest['pyodide']}, {manifest['total'] / 1e6:.1f} MB"
    return f"try it: no engine in the site: {manifest['why']}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("site", type=Path, help="the built site (mkdocs build's site_dir)")
    args = parser.parse_args()
    print(report(args.site, write(args.site)))


if __name__ == "__main__":
    main()
