"""The `live` command on a console that cannot print everything (live/edges/cli.py): a Windows console whose output
is redirected encodes in the ANSI code page (cp1250 in Serbia and Slovakia, cp1252 further west)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from live.edges.cli import QR_BLOCKS, can_print, main
from live.edges.installed import EXAMPLES, folder

CACAK = str(folder(EXAMPLES) / "cacak-preferans-2027.toml")  # its name and titles are Cyrillic


def console(encoding: str) -> tuple[io.BytesIO, io.TextIOWrapper]:
    raw = io.BytesIO()
    return raw, io.TextIOWrapper(raw, encoding=encoding, errors="strict", write_through=True)


@pytest.mark.parametrize("encoding", ["cp1250", "cp1252", "ascii"])
def test_check_prints_what_the_console_cannot_carry_as_question_marks(encoding: str,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    out, stdout = console(encoding)
    _, stderr = console(encoding)
    monkeypatch.setattr(sys, "stdout", stdout)
    monkeypatch.setattr(sys, "stderr", stderr)
    assert main(["check", CACAK]) == 0
    text = out.getvalue().decode(encoding)
    assert text.startswith("??? ????? ? ?????????? 2027  (cacak-preferans")  # Куп Чачка у преферансу 2027
    assert "  r1         round        ???? 1" in text  # Коло 1, in its column


def test_a_utf8_console_prints_the_names_as_they_are(monkeypatch: pytest.MonkeyPatch) -> None:
    out, stdout = console("utf-8")
    monkeypatch.setattr(sys, "stdout", stdout)
    assert main(["check", CACAK]) == 0
    assert out.getvalue().decode().startswith("Куп Чачка у преферансу 2027")


@pytest.mark.parametrize(("encoding", "drawn"), [("utf-8", True), ("cp437", True), ("cp852", True),
                                                 ("cp1250", False), ("cp1252", False), ("ascii", False)])
def test_the_qr_code_is_drawn_only_where_the_encoding_has_block_characters(encoding: str, drawn: bool,
                                                                          tmp_path: Path) -> None:
    with (tmp_path / "out.txt").open("w", encoding=encoding) as stream:
        assert can_print(QR_BLOCKS, stream) is drawn


def test_a_stream_without_an_encoding_is_taken_for_ascii() -> None:
    assert can_print("hall", object()) and not can_print("→", object())
