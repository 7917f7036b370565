"""The pages' files, read once at start and served under a version: `/static/<version>/lib/clock.js`.

The version is a hash of every file's path and contents, so a changed file (after a restart) gives
new URLs and a browser may keep each answer for a year without asking again (`immutable`). The whole
tree sits under the one prefix and the modules import each other by relative paths (`./x.js`, and
`../lib/x.js` from a page's folder), so every import keeps the version without an import map (an
inline script the CSP would have to allow by hash) or rewriting the files when serving them.

Each text file is gzipped once here, at the highest level; an answer goes out compressed when the
browser accepts gzip. Besides the files, each catalogue is cut into one file per page
(`i18n/<page>/<lang>.json`, shaped like the whole one with that section only): a page loads its own
words, not the three other pages'.

Each page's modules are also joined into one file (live/edges/web/bundles.py: `<entry>.bundle.js`, a third of the
bytes and one request instead of thirty: over a phone's link each request is a round trip, and a browser
asks for six at a time; what a page imports with `import("./x.js")`, to load after its first screen, in a
file of its own beside it), and its stylesheets into one (`<entry>.bundle.css`, the files one after the other,
as the browser would apply them; those it adds later, in a `<template id="x-styles">`, into `<entry>.x.bundle.css`);
the page loads those, or, asked with `?modules` or when the join refused
its modules, the files themselves, every module named in the head so that they come at once.

The HTML pages are not cached: `page_html` fills each one per request with the versioned URLs, the
tournament's language and hints that let the browser fetch the modules and the catalogues at once,
in parallel, instead of one after the other as each module asks for the next. It also carries the
page's first data, `boot`: what the page's WebSocket would send a fresh client (`live.edges.hall.Hall.boot`:
the hello and the snapshot, built for this request), in a data block `<script type="application/json"
id="live-boot">` — not a script, so the CSP has nothing to allow, and with every "<" written `\\u003c`
so that no text in it (a player named "</script>") can end the block. The page draws its first screen
from it while its WebSocket connects.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import html
import json
import logging
import mimetypes
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from live.core.json import JSONValue
from live.edges import installed
from live.edges.web.bundles import Refused, bundle

log = logging.getLogger(__name__)
#: How long a browser may keep a versioned file: a year, the most any browser honours.
IMMUTABLE = "public, max-age=31536000, immutable"
#: Files worth compressing (images and fonts are compressed already, and the pages have none).
COMPRESSIBLE = {".js", ".mjs", ".css", ".json", ".html", ".svg", ".txt", ".map"}
#: The media types of the files the pages are made of, fixed: Python's `mimetypes` reads them from the Windows
#: registry there, where an installed editor or an old setting may say text/plain for .js or .css, and a
#: browser refuses a module script or a stylesheet served as text/plain. Other files: `mimetypes`.
MEDIA_TYPES = {".html": "text/html", ".css": "text/css", ".js": "text/javascript", ".mjs": "text/javascript",
               ".json": "application/json", ".map": "application/json", ".svg": "image/svg+xml", ".txt": "text/plain",
               ".png": "image/png", ".ico": "image/vnd.microsoft.icon", ".woff2": "font/woff2"}
#: The languages there are catalogues for (display/common.js `LANGUAGES`).
CATALOGUES = ("en", "sr-Cyrl", "sr-Latn", "sk")

_IMPORT = re.compile(r"""(?:^|[;\s])(?:import|export)\s[^;"']*?from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']""",
                     re.M)
_STATIC_REF = re.compile(r"""(\s(?:src|href)=")/static/""")
#: The HTML's own links to the server that go under a competition's base: the API and the pages, not /static/.
_SERVER_REF = re.compile(r"""(\s(?:src|href)=")(?=/(?:api|display|player|referee)[/?#"])""")
#: A base as the pages accept it (display/lib/base.js `baseOf`): one path segment, "/<tournament id>".
BASE_PATH = re.compile(r"/[A-Za-z0-9_-]+")
#: The id of a page's data block: what its WebSocket would send first (see the module).
BOOT_ID = "live-boot"
_ENTRY = re.compile(r"""<script\s+type="module"\s+src="/static/([^"]+)"></script>""")
_STYLESHEET = re.compile(r"""<link rel="stylesheet" href="/static/([^"]+\.css)">\n?""")
#: The stylesheets a page adds later (see `_page_styles`).
_LATER_STYLES = re.compile(r"""<template id="([a-z]+)-styles">\n?(.*?)</template>""", re.S)
#: What in display/ is not a page's file: the marks that make it a package (`__init__.py`, and what Python
#: compiles from it).
_PACKAGE_FILES = frozenset({"__init__.py", "__pycache__"})


def display_dir() -> Path:
    """The pages' folder as installed: display/ of the checkout in an editable install, live/display in a
    wheel's (live/edges/installed.py)."""
    return installed.folder(installed.DISPLAY)


def served(relative: str) -> bool:
    """Whether a file of display/ (its path from there, with "/") is one the server gives out: every one but
    hidden files (an editor's swap file, .DS_Store) and the package's own marks."""
    parts = PurePosixPath(relative).parts
    return not any(part.startswith(".") or part in _PACKAGE_FILES for part in parts)


@dataclass(frozen=True)
class Asset:
    body: bytes
    gzipped: bytes | None
    media_type: str


class Assets:
    """display/ as it was at start: the files under one version, and the HTML pages filled per request."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        files: dict[str, bytes] = {}
        for path in sorted(directory.rglob("*")):
            relative = path.relative_to(directory).as_posix()
            if path.is_file() and served(relative):
                files[relative] = path.read_bytes()
        files.update(_page_catalogues(files))
        self.bundles = _page_bundles(files)  # entry → its bundle's file name
        self.styles = _page_styles(files)  # page → its stylesheets' runs and their joined files' names
        digest = hashlib.sha256()
        for name, body in sorted(files.items()):
            digest.update(name.encode() + b"\0" + hashlib.sha256(body).digest())
        self.version = digest.hexdigest()[:12]
        self.prefix = f"/static/{self.version}/"
        self.files = {name: _asset(name, body) for name, body in files.items()}
        self._graphs: dict[str, list[str]] = {}  # entry → its modules: the files do not change after start

    def get(self, name: str) -> Asset | None:
        return self.files.get(name)

    def modules(self, entry: str) -> list[str]:
        """The modules `entry` loads (itself first, then what it imports, depth first), as file names:
        relative imports (`./x.js`, `../lib/x.js`) and absolute `/static/…` ones. Found once per entry."""
        if entry in self._graphs:
            return list(self._graphs[entry])
        seen: list[str] = []

        def visit(name: str) -> None:
            asset = self.files.get(name)
            if name in seen or asset is None:
                return
            seen.append(name)
            for match in _IMPORT.finditer(asset.body.decode("utf-8", "replace")):
                spec = match.group(1) or match.group(2)
                if spec.startswith(("./", "../")):
                    visit(_join(name, spec))
                elif spec.startswith("/static/"):
                    visit(spec.removeprefix("/static/"))

        visit(entry)
        self._graphs[entry] = seen
        return list(seen)

    def page_html(self, name: str, page: str, tournament_language: str, asked: str | None, *,
                  boot: object = None, bundled: bool = True, base: str = "") -> str | None:
        """The HTML page `name` for this request: versioned URLs, the tournament's language on a meta
        tag (the modules read it instead of asking the server), its modules joined in one file (unless not
        `bundled`, or there is no bundle: then preloads of every module), preloads of the catalogues it will
        load (`asked`: the request's ?lang=), and `boot` (JSON-ready, None: none) in its data block (see the
        module). With a `base` ("/<tournament id>": the page's competition on a server of several) the page
        names it in a meta tag, which its modules read (display/lib/base.js), and its own links to the API and
        the pages go under it; its files stay under /static/. Without one, the page is as it always was
        (docs/design.md#base-path)."""
        if base and not BASE_PATH.fullmatch(base):
            raise ValueError(f"a base is one path segment of letters, digits, _ and -: {base!r}")
        asset = self.files.get(name)
        if asset is None:
            return None
        text = asset.body.decode("utf-8")
        lang = requested_language(asked) or catalogue_language(tournament_language)
        entry = _ENTRY.search(text)
        hints = [f'<meta name="live-language" content="{html.escape(tournament_language)}">']
        if base:
            hints.append(f'<meta name="live-base" content="{base}">')
            text = _SERVER_REF.sub(lambda m: m.group(1) + base, text)
        joined = self.bundles.get(entry.group(1)) if entry and bundled else None
        if entry and joined:
            text = text.replace(entry.group(0), entry.group(0).replace(entry.group(1), joined), 1)
        elif entry:
            hints += [f'<link rel="modulepreload" href="{self.prefix}{module}">'
                      for module in self.modules(entry.group(1))[1:]]
        for run, joined_styles in self.styles.get(name, []) if bundled else []:
            # the stylesheets' links, one after the other, become one link to the joined file
            text = text.replace(run, f'<link rel="stylesheet" href="/static/{joined_styles}">\n', 1)
        own = f"i18n/{page}/{lang}.json"
        filled = lang != "en" and own in self.files and b'"_filled":true' in self.files[own].body
        for catalogue in (lang,) if filled else dict.fromkeys(("en", lang)):  # (a filled one needs no English)
            if f"i18n/{page}/{catalogue}.json" in self.files:
                hints.append(f'<link rel="preload" as="fetch" crossorigin href="{self.prefix}i18n/{page}/'
                             f'{catalogue}.json">')
        if boot is not None:
            hints.append(data_block(BOOT_ID, boot))
        text = _STATIC_REF.sub(lambda m: m.group(1) + self.prefix, text)
        text = text.replace('<html lang="en">', f'<html lang="{html.escape(lang)}">', 1)
        return text.replace("</head>", "\n".join(hints) + "\n</head>", 1)


def data_block(ident: str, value: object) -> str:
    """`value` as JSON in a `<script type="application/json">` element: the browser runs nothing in it, and
    with every "<" escaped (`\\u003c`, the same string to JSON.parse) no text in it can close the element
    or open a comment."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return f'<script type="application/json" id="{html.escape(ident)}">{text}</script>'


def requested_language(asked: str | None) -> str | None:
    """?lang= as the pages read it (display/common.js `requestedLanguage`)."""
    if not asked:
        return None
    if asked in CATALOGUES:
        return asked
    lower = asked.lower()
    found = next((c for c in CATALOGUES if c.lower() == lower), None)
    if found is None and lower == "sr":
        found = "sr-Cyrl"
    if found is None:
        found = next((c for c in CATALOGUES if c.split("-")[0] == lower.split("-")[0]), None)
    return found


def catalogue_language(tag: str | None) -> str:
    """The nearest language with a catalogue (display/common.js `catalogueLanguage`)."""
    if not tag:
        return "en"
    if tag in CATALOGUES:
        return tag
    lower = tag.lower()
    if lower.startswith("sr"):
        return "sr-Latn" if "latn" in lower else "sr-Cyrl"
    return next((c for c in CATALOGUES if c.lower() == lower.split("-")[0]), "en")


def _page_bundles(files: dict[str, bytes]) -> dict[str, str]:
    """Each page's modules in one file (live/edges/web/bundles.py), with its source map, added to `files`; entry →
    the bundle's file name. A page whose modules the join refuses keeps its modules (and the log says why)."""
    found: dict[str, str] = {}
    for page in sorted(n for n in files if n.endswith(".html") and "/" not in n):
        entry = _ENTRY.search(files[page].decode("utf-8", "replace"))
        if entry is None or entry.group(1) in found:
            continue
        name = entry.group(1).removesuffix(".js") + ".bundle.js"
        try:
            joined = bundle(entry.group(1), files, name)
        except Refused as exc:
            log.warning("%s loads its modules one by one: they cannot be joined (%s)", page, exc)
            continue
        files[name], files[name + ".map"] = joined.body, joined.source_map
        for part, body, source_map in joined.later:  # what the page imports after its first screen
            files[part], files[part + ".map"] = body, source_map
        found[entry.group(1)] = name
    return found


def _page_styles(files: dict[str, bytes]) -> dict[str, list[tuple[str, str]]]:
    """Each page's stylesheets (two or more, linked one after the other) in one file beside its entry, added
    to `files`: page → [(the links as the page writes them, the joined file's name)]. Joined only where one
    after the other means the same (no `@import` or `@charset`, which only count first, and no `url(` but
    data: ones, which would resolve from the new file's place). The links in a `<template id="x-styles">`
    (stylesheets the page adds later, display/referee/main.js) are joined apart, in `<entry>.x.bundle.css`."""
    found: dict[str, list[tuple[str, str]]] = {}
    for page in sorted(n for n in files if n.endswith(".html") and "/" not in n):
        text = files[page].decode("utf-8", "replace")
        entry = _ENTRY.search(text)
        if entry is None:
            continue
        stem = entry.group(1).removesuffix(".js")
        later = list(_LATER_STYLES.finditer(text))
        first = _LATER_STYLES.sub("", text)
        for inside, name in [(first, f"{stem}.bundle.css"),
                             *((m.group(2), f"{stem}.{m.group(1)}.bundle.css") for m in later)]:
            run = "".join(m.group(0) for m in _STYLESHEET.finditer(inside))
            sheets = _STYLESHEET.findall(inside)
            if len(sheets) < 2 or not all(s in files for s in sheets) or run not in inside:
                continue  # (not one after the other: something between them would change places)
            bodies = [files[s].decode("utf-8", "replace") for s in sheets]
            if any(re.search(r"@import|@charset|url\(\s*['\"]?(?!data:)", b, re.I) for b in bodies):
                log.warning("%s keeps its stylesheets apart: one imports or names a file", page)
                continue
            files[name] = "\n".join(f"/* {s} */\n{b}" for s, b in zip(sheets, bodies, strict=True)).encode("utf-8")
            found.setdefault(page, []).append((run, name))
    return found


def _page_catalogues(files: dict[str, bytes]) -> dict[str, bytes]:
    """`i18n/<page>/<lang>.json`: each catalogue's page sections, one file each; in a language other than English
    with English filling what it lacks, as the page would (display/lib/i18n.js `mergeCatalogues`; not the
    English `locale`: the page takes the language's own), marked `"_filled": true`, so that the page needs no
    second file (on a phone's link the English words were as many bytes again as the page's own)."""
    out: dict[str, bytes] = {}
    english: JSONValue = {}
    with contextlib.suppress(ValueError):
        english = json.loads(files.get("i18n/en.json", b"{}"))
    for name, body in files.items():
        match = re.fullmatch(r"i18n/([^/]+)\.json", name)
        if not match:
            continue
        try:
            catalogue = json.loads(body)
        except ValueError:
            continue  # a catalogue being edited: the whole file is still served, the page falls back to English
        if not isinstance(catalogue, dict):
            continue
        for page, section in catalogue.items():
            if not page.startswith("_") and isinstance(section, dict):
                base = english.get(page) if isinstance(english, dict) else None
                if match.group(1) != "en" and isinstance(base, dict):
                    section = {**_merged({k: v for k, v in base.items() if k != "locale"}, section), "_filled": True}
                out[f"i18n/{page}/{match.group(1)}.json"] = json.dumps(
                    {page: section}, ensure_ascii=False, separators=(",", ":")).encode()
    return out


def _merged(base: Mapping[str, JSONValue], over: Mapping[str, JSONValue]) -> dict[str, JSONValue]:
    """English under the language's words, as display/lib/i18n.js `mergeCatalogues` lays them: a key the language
    lacks (or gives as null, or a text where English has a list) keeps English's; keys starting "_" are notes."""
    out = dict(base)
    for key, value in over.items():
        if key.startswith("_"):
            continue
        under = base.get(key)
        if isinstance(value, dict) and isinstance(under, dict):
            out[key] = _merged(under, value)
        elif value is not None and (not isinstance(under, list) or isinstance(value, list)):
            out[key] = value
    return out


def _asset(name: str, body: bytes) -> Asset:
    suffix = Path(name).suffix
    media_type = MEDIA_TYPES.get(suffix) or mimetypes.guess_type(name)[0] or "application/octet-stream"
    if media_type.startswith("text/") or media_type in ("application/json", "image/svg+xml"):
        media_type += "; charset=utf-8"
    gzipped = gzip.compress(body, compresslevel=9, mtime=0) if suffix in COMPRESSIBLE and len(body) >= 256 else None
    if gzipped is not None and len(gzipped) >= len(body):
        gzipped = None
    return Asset(body, gzipped, media_type)


def _join(base: str, relative: str) -> str:
    parts = base.split("/")[:-1]
    for part in relative.split("/"):
        if part == "..":
            if parts:
                parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts)
