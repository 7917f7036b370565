"""Names in each language's alphabetical order and script (live/rules/alphabet.py), and the printed list of
codes and the slips that use it. The orders are the browsers' (Intl.Collator, CLDR): the same lists are
sorted by tests/pages/name-order.test.mjs, so a page and the paper beside it agree."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from live.core.tournament import load
from live.edges.hall import Hall
from live.edges.log.sqlite import SQLiteLog
from live.edges.web.app import create_app
from live.rules.alphabet import by_name, collation_key, page_language, shown, to_cyrillic, to_latin

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TOKEN = "words-token"


def ordered(names: list[str], language: str) -> list[str]:
    return sorted(names, key=lambda n: collation_key(n, language))


def test_serbian_cyrillic_keeps_its_own_alphabet() -> None:
    expected = ["Драган", "Ђорђе", "Живко", "Зоран", "Иван", "Јован", "Лазар", "Лука", "Љуба", "Нада", "Никола",
                "Његош", "Ћира", "Цане", "Чедо", "Џаја", "Шоша"]
    assert ordered(list(reversed(expected)), "sr-Cyrl") == expected


def test_serbian_latin_reads_dz_lj_nj_as_one_letter_each() -> None:
    expected = ["Cane", "Čedo", "Ćira", "Dragan", "Dušan", "Duško", "Džaja", "Đorđe", "Lazar", "Luka", "Ljuba",
                "Nada", "Nikola", "Njegoš", "Zoran", "Živko"]
    assert ordered(list(reversed(expected)), "sr-Latn") == expected
    assert ordered(["DŽAJA", "Dušan", "ĐURIĆ"], "sr-Latn") == ["Dušan", "DŽAJA", "ĐURIĆ"]


def test_slovak_puts_ch_after_h_and_the_accents_second() -> None:
    expected = ["Ábel", "Adam", "Äno", "Bela", "Cibula", "Čierny", "Dobák", "Ďurica", "Dzurinda", "Džurko",
                "Hudec", "Chalupa", "Ivan", "Ondrej", "Ôsa", "Ryba", "Sova", "Šimon"]
    assert ordered(list(reversed(expected)), "sk") == expected


def test_english_reads_accents_second_and_case_third() -> None:
    assert ordered(["Zoe", "Čedo", "Cane", "cane", "Ana Petrović", "Anabela"], "en") == [
        "Ana Petrović", "Anabela", "cane", "Cane", "Čedo", "Zoe"]


def test_transliteration_both_ways() -> None:
    assert to_latin("Љубомир Ђорђевић") == "Ljubomir Đorđević"
    assert to_latin("ЉУБА ЊЕГОШ") == "LJUBA NJEGOŠ"
    assert to_cyrillic("Ljubomir Đorđević") == "Љубомир Ђорђевић"
    assert to_cyrillic("LJUBA NJEGOŠ Džajić") == "ЉУБА ЊЕГОШ Џајић"
    assert to_cyrillic("Crvena zvezda 2") == "Црвена звезда 2"
    # A name with a letter outside Gaj's alphabet is foreign and stays as written, all of it.
    assert to_cyrillic("Marko Wagner") == "Marko Wagner"
    assert to_cyrillic("Chalupa Ján") == "Chalupa Ján"
    assert to_cyrillic("Z\u030celjko") == "Жељко"
    assert shown("Zoran Vuković", "sr-Cyrl") == "Зоран Вуковић"
    assert shown("Зоран Вуковић", "sk") == shown("Зоран Вуковић", "sr-Latn") == "Zoran Vuković"
    assert page_language("sr") == "sr-Cyrl" and page_language("sk-SK") == "sk" and page_language("de") == "en"


def test_a_name_sorts_as_the_page_shows_it_then_by_id() -> None:
    rows = [("p10", "Živko"), ("p2", "Зоран"), ("p1", "Зоран"), ("p3", "Dragan")]
    assert by_name(rows, "sr-Latn", name=lambda r: r[1], ident=lambda r: r[0]) == [
        ("p3", "Dragan"), ("p1", "Зоран"), ("p2", "Зоран"), ("p10", "Živko")]
    assert by_name(rows, "sr-Cyrl", name=lambda r: r[1], ident=lambda r: r[0]) == [
        ("p3", "Dragan"), ("p10", "Živko"), ("p1", "Зоран"), ("p2", "Зоран")]


@pytest.fixture
def cacak(tmp_path: Path) -> Iterator[TestClient]:
    """Čačka's day (sr-Cyrl), with two players entered in Latin letters at the desk's form."""
    text = (EXAMPLES / "cacak-preferans-2027.toml").read_text(encoding="utf-8")
    text += '\n[[players]]\nid = "p90"\nname = "Đorđe Živković"\n\n[[players]]\nid = "p91"\nname = "Ljubiša Babić"\n'
    path = tmp_path / "cacak.toml"
    path.write_text(text, encoding="utf-8")
    t = load(path)
    hall = Hall(t, SQLiteLog(tmp_path / "c.db", t.name), run_scheduler=False, clock=lambda: t.items[0].start_ms)
    with TestClient(create_app(hall, TOKEN)) as http:
        yield http


def test_the_code_list_is_in_the_tournaments_language_script_and_order(cacak: TestClient) -> None:
    page = cacak.get("/api/checkin-codes", headers={"Authorization": f"Bearer {TOKEN}"}).text
    assert "Кодови за пријаву" in page and "<th>Име и презиме</th>" in page
    assert "check-in" not in page.lower()
    names = re.findall(r"<tr><td>p\d+</td><td>([^<]*)</td>", page)
    assert "Ђорђе Живковић" in names and "Љубиша Бабић" in names
    assert names == ordered(names, "sr-Cyrl")
    assert names.index("Драган Петровић") < names.index("Ђорђе Живковић") < names.index("Живорад Ранковић")


def test_the_slips_come_in_the_same_order_and_script(cacak: TestClient) -> None:
    page = cacak.get("/api/checkin-slips", headers={"Authorization": f"Bearer {TOKEN}"}).text
    names = re.findall(r"<div class=name>([^<]*)</div>", page)
    codes = cacak.get("/api/checkin-codes", headers={"Authorization": f"Bearer {TOKEN}"}).text
    assert names == re.findall(r"<tr><td>p\d+</td><td>([^<]*)</td>", codes)
    assert "Ljubiša Babić" not in page and "<html lang=\"sr-Cyrl\">" in page
