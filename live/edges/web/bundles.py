"""A page's modules in one file, joined at start: one request where the browser would make thirty.

Over a phone's link every request costs a round trip, and a browser asks one server for at most six
things at once over HTTP/1.1: a page of 35 small modules waits six round trips for them before it can
run (bench/first_screen.py; on a 3G link that alone is over two seconds). So, when it starts, the server
joins the modules an entry loads into one module that runs them exactly as the browser would: in the
order the browser evaluates them (each one's imports first, in the order it names them), each module's
text in a function of its own, so that its names stay its own; what it imports taken from the modules
that ran before it, what it exports handed to those after. Nothing in display/ changes and nothing is
built by hand: the files stay the source, the node tests import them as they are, and the page can
always be had as separate modules (`?modules`, live/edges/web/api.py).

The join takes the modules as the pages write them, and refuses (the page then loads its modules one by
one, as before) anything it does not read with certainty: an import that is not `import { a, b as c }
from "./x.js";` on one line before the module's code, an export that is not `export` before a
declaration of one name, an import cycle, an imported name its module does not export, a dynamic `import(`
of anything but a relative path written out (`import("./cards.js")`), or one in a module that is itself
loaded that way.

A dynamic import is how a page puts off what its first screen does not need: the modules it loads (those
the entry has not loaded already) are joined into a second file of their own (`main.cards.bundle.js` for
`import("./cards.js")` in `referee/main.js`), fetched only when the page asks for them, after its first
screen. That file imports the first one's table of exports (`__live`, exported by the first file: the same
module, so the same table), and the `import("./cards.js")` in the first becomes the import of the second
and then the module's exports from the table: what the browser does with separate modules, the modules
already run not run again. Two differences from separate modules, both harmless to the pages: a module's exports are
handed on as they are when it has run (an exported `let` changed later is seen changed by its own module
only; the pages have one, display/lib/i18n.js `pageLanguage`, fixed from the page's address and head
before anything reads it), and a module after one that awaits at its top level waits for it even when
it does not import it.

Whole-line comments are left out (they are a third of the pages' bytes), as empty lines: every line of a
module keeps its number, so the source map (served beside the bundle, read by the browser's developer
tools only) points each line at its file.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

#: The one import the join reads: named bindings from a path, on one line.
_IMPORT_LINE = re.compile(r"""^import\s*\{([^}]*)\}\s*from\s*"([^"]+)";?\s*(?://.*)?$""")
_EXPORT_LINE = re.compile(r"^export\s+(?:async\s+function\*?|function\*?|class|const|let|var)\s+([A-Za-z_$][\w$]*)")
_NAME = re.compile(r"[A-Za-z_$][\w$]*")
#: The one dynamic import the join reads: a relative path written out.
_DYNAMIC = re.compile(r"""\bimport\s*\(\s*"(\.{1,2}/[^"]+)"\s*\)""")
#: The object in the bundle that holds each module's exports once it has run.
_HOLDER = "__live"


class Refused(Exception):
    """The modules hold something the join does not read with certainty (the reason says what)."""


@dataclass(frozen=True)
class Bundle:
    body: bytes
    source_map: bytes
    #: The files for the modules loaded later (each dynamic import's), by file name: (body, source map).
    later: tuple[tuple[str, bytes, bytes], ...] = ()


@dataclass(frozen=True)
class _Module:
    name: str
    lines: list[str]
    imports: list[tuple[str, list[tuple[str, str]], int]]  # (module, [(exported, local)], line index)
    exports: list[str]
    dynamic: list[str]  # the modules it imports with `import("…")`, as file names


def resolve(base: str, spec: str) -> str:
    """A module's import as a file name under display/ (`../lib/x.js` from `player/main.js`: `lib/x.js`)."""
    if spec.startswith("/static/"):
        return spec.removeprefix("/static/")
    if not spec.startswith(("./", "../")):
        raise Refused(f"{base}: imports {spec!r}, neither relative nor under /static/")
    return posixpath.normpath(posixpath.join(posixpath.dirname(base), spec))


def _read(name: str, text: str) -> _Module:
    lines = text.split("\n")
    imports: list[tuple[str, list[tuple[str, str]], int]] = []
    exports: list[str] = []
    dynamic: list[str] = []
    code_seen = False
    comment = False
    for index, line in enumerate(lines):
        stripped = line.strip()
        if comment:
            comment = "*/" not in stripped
            continue
        if re.match(r"\s+(?:import|export)(?=[\s{*])", line):
            raise Refused(f"{name}:{index + 1}: an indented import or export")
        if re.match(r"import(?=[\s{*\"'])", line):
            found = _IMPORT_LINE.match(line)
            if not found:
                raise Refused(f"{name}:{index + 1}: an import the join does not read: {line.strip()[:80]}")
            if code_seen:
                raise Refused(f"{name}:{index + 1}: an import after the module's code")
            imports.append((resolve(name, found.group(2)), _bindings(name, index, found.group(1)), index))
            continue
        if re.match(r"export(?=[\s{*])", line):
            found = _EXPORT_LINE.match(line)
            if not found:
                raise Refused(f"{name}:{index + 1}: an export the join does not read: {line.strip()[:80]}")
            exports.append(found.group(1))
        if re.search(r"\bimport\s*\(", line) and not stripped.startswith(("//", "*")):
            written = _DYNAMIC.findall(line)
            if len(written) != len(re.findall(r"\bimport\s*\(", line)):
                raise Refused(f"{name}:{index + 1}: a dynamic import of something else than a path written out")
            dynamic += [resolve(name, spec) for spec in written]
        if stripped.startswith("/*"):
            comment = "*/" not in stripped
        elif stripped and not stripped.startswith("//"):
            code_seen = True
    return _Module(name, lines, imports, exports, dynamic)


def _bindings(name: str, index: int, inside: str) -> list[tuple[str, str]]:
    out = []
    for part in (p.strip() for p in inside.split(",")):
        if not part:
            continue
        words = part.split()
        if len(words) == 1 and _NAME.fullmatch(words[0]):
            out.append((words[0], words[0]))
        elif len(words) == 3 and words[1] == "as" and all(_NAME.fullmatch(w) for w in (words[0], words[2])):
            out.append((words[0], words[2]))
        else:
            raise Refused(f"{name}:{index + 1}: an import binding the join does not read: {part!r}")
    return out


def _order(entry: str, read: Callable[[str], _Module], ran: frozenset[str] = frozenset()) -> list[_Module]:
    """The modules as the browser evaluates them: each one's imports first, in the order it names them; those
    in `ran` (run before) left out."""
    done: dict[str, _Module] = {}
    out: list[_Module] = []

    def visit(name: str, path: tuple[str, ...]) -> None:
        if name in path:
            raise Refused(f"an import cycle: {' → '.join((*path[path.index(name):], name))}")
        if name in done or name in ran:
            return
        module = read(name)
        for target, _, _ in module.imports:
            visit(target, (*path, name))
        done[name] = module
        out.append(module)

    visit(entry, ())
    return out


def _without_comments(lines: list[str]) -> list[str]:
    """Whole-line comments as empty lines. Only where no text can span lines (no line holds an odd number of
    backticks, none ends in a backslash): there a line that starts with `//` or `/*` is a comment."""
    if any(line.count("`") % 2 or line.endswith("\\") for line in lines):
        return lines
    out: list[str] = []
    comment = False
    for line in lines:
        stripped = line.strip()
        if comment:
            out.append("")
            comment = "*/" not in stripped
            continue
        if stripped.startswith("//"):
            out.append("")
        elif stripped.startswith("/*"):
            end = stripped.find("*/", 2)
            if end == -1:
                out.append("")
                comment = True
            else:
                out.append(stripped[end + 2:])  # code after a comment on its line stays
        else:
            out.append(line)
    if comment:
        return lines  # a comment that never ends: leave the module as it is (the browser will say)
    return out


def _vlq(value: int) -> str:
    digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    number = (-value << 1) | 1 if value < 0 else value << 1
    out = ""
    while True:
        digit, number = number & 31, number >> 5
        out += digits[digit | (32 if number else 0)]
        if not number:
            return out


def bundle(entry: str, files: Mapping[str, bytes], name: str) -> Bundle:
    """The modules `entry` loads (file names under display/, their text in `files`) as one module served as
    `name` (a file name under display/ too: module URLs are made relative to it), and those it imports
    dynamically as one more file each, beside it (see the module). Raises Refused."""
    def read(module: str) -> _Module:
        body = files.get(module)
        if body is None:
            raise Refused(f"{module} is imported but there is no such file")
        return _read(module, body.decode("utf-8"))

    first = _order(entry, read)
    ran = frozenset(m.name for m in first)
    stem = posixpath.basename(name).removesuffix(".js").removesuffix(".bundle")
    later: dict[str, tuple[str, list[_Module]]] = {}  # a dynamic import's module → (its file's name, modules)
    for module in first:
        for target in module.dynamic:
            if target in ran or target in later:
                continue
            part = posixpath.join(posixpath.dirname(name), f"{stem}.{posixpath.basename(target).removesuffix('.js')}"
                                                           ".bundle.js")
            if any(part == p for p, _ in later.values()):
                raise Refused(f"two modules imported later would be one file: {part}")
            later[target] = (part, _order(target, read, ran))
    placed: dict[str, str] = {}  # each module loaded later → its file
    for target, (part, modules) in later.items():
        for module in modules:
            if module.dynamic:
                raise Refused(f"{module.name}: a dynamic import in a module loaded later ({target})")
            if module.name in placed:
                raise Refused(f"{module.name} would run twice: imported by {target} and by another module loaded later")
            placed[module.name] = part
    every = [*first, *(m for _, modules in later.values() for m in modules)]
    exported = {m.name: set(m.exports) for m in every}
    for module in every:
        for target, bindings, index in module.imports:
            missing = [b for b, _ in bindings if b not in exported[target]]
            if missing:
                raise Refused(f"{module.name}:{index + 1}: {target} exports no {', '.join(missing)}")
    where = {target: part for target, (part, _) in later.items()} | {m: name for m in ran}
    head = [f"// {entry} and the modules it imports, joined by the server (live/edges/web/bundles.py); "
            f"the files are the source.", f"const {_HOLDER} = {{}};"]
    if later:
        head.append(f"export {{ {_HOLDER} }};")
    body, source_map = _joined(first, name, head, where)
    parts = []
    for target, (part, modules) in later.items():
        back = "./" + posixpath.relpath(name, posixpath.dirname(part) or ".")
        head = [f"// {target} and the modules it imports that {entry} has not, joined by the server "
                f"(live/edges/web/bundles.py); loaded when {entry} asks for it.",
                f"import {{ {_HOLDER} }} from {json.dumps(back)};"]
        parts.append((part, *_joined(modules, part, head, where)))
    return Bundle(body, source_map, tuple(parts))


def _joined(modules: list[_Module], name: str, head: list[str], where: Mapping[str, str]) -> tuple[bytes, bytes]:
    """`modules` in one file named `name`, after the lines `head`: the file and its source map. `where`: the file
    each module imported dynamically is in."""
    here = posixpath.dirname(name)
    out = list(head)
    segments = [""] * len(head)
    sources: list[str] = []
    previous = [0, 0]  # the source index and line of the last segment, for the map's deltas

    def later(match: re.Match[str], module: str) -> str:
        target = resolve(module, match.group(1))
        file = "./" + posixpath.relpath(where[target], here or ".")
        return f"import({json.dumps(file)}).then(() => {_HOLDER}[{json.dumps(target)}])"

    for number, module in enumerate(modules):
        relative = posixpath.relpath(module.name, here or ".")
        sources.append(relative)
        lines = _without_comments(module.lines)
        for target, bindings, index in module.imports:
            names = ", ".join(b if b == local else f"{b}: {local}" for b, local in bindings)
            lines[index] = f"const {{ {names} }} = {_HOLDER}[{json.dumps(target)}];"
        lines = [line.removeprefix("export ") if _EXPORT_LINE.match(line) else line for line in lines]
        lines = [line.replace("import.meta.url", f"new URL({json.dumps(relative)}, import.meta.url).href")
                 for line in lines]
        if module.dynamic:
            def swap(match: re.Match[str], of: str = module.name) -> str:
                return later(match, of)
            lines = [line if line.strip().startswith(("//", "*")) else _DYNAMIC.sub(swap, line) for line in lines]
        awaits = any(re.search(r"\bawait\b", line) for line in lines)
        opener = "await (async () => {" if awaits else "(() => {"
        out.append(f"{_HOLDER}[{json.dumps(module.name)}] = {opener}")
        segments.append("")
        for line_number, line in enumerate(lines):
            out.append(line)
            segments.append("A" + _vlq(number - previous[0]) + _vlq(line_number - previous[1]) + "A")
            previous = [number, line_number]
        out.append(f"return {{ {', '.join(module.exports)} }};" if module.exports else "return {};")
        out.append("})();")
        segments += ["", ""]
    map_name = posixpath.basename(name) + ".map"
    out.append(f"//# sourceMappingURL={map_name}")
    source_map = {"version": 3, "file": posixpath.basename(name), "sources": sources, "names": [],
                  "mappings": ";".join(segments)}
    return ("\n".join(out).encode("utf-8") + b"\n",
            json.dumps(source_map, separators=(",", ":")).encode("utf-8"))
