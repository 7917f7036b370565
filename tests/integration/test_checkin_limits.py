"""Check-in codes cannot be guessed: limited per address, one answer for every failure, counted.

A real `live serve` subprocess and httpx. The round starts more than an hour from now, so no
round is open for check-in: a right code cannot be used yet, and its bare answer must be the
answer a wrong code gets.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import httpx
from server import codes_page, round_entry, start_server, write_tournament

SCENARIO_TIMEOUT = 60.0
BURST = 10  # live.edges.web.ratelimit.BURST: wrong codes one address may try at once




def wrong_code(codes: dict[str, str], k: int) -> str:
    code = f"ZZZZ-{k:04d}".replace("0", "A").replace("1", "B")
    assert code not in codes.values()
    return code


async def test_a_wrong_code_and_a_right_one_out_of_its_window_get_the_same_answer(tmp_path: Path) -> None:
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=2 * 3600, minutes=60)])
    with start_server(file, tmp_path / "t.db") as server:
        async def scenario() -> None:
            codes = await codes_page(server)
            assert all(re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}", c) for c in codes.values()), codes
            async with httpx.AsyncClient(timeout=10) as http:
                wrong = await http.post(f"{server.url}/api/checkin", json={"code": wrong_code(codes, 1)})
                right = await http.post(f"{server.url}/api/checkin", json={"code": codes["p2"]})
            assert (wrong.status_code, wrong.json()) == (right.status_code, right.json()), (wrong.text, right.text)
            assert wrong.status_code == 403 and "opens at" not in right.text
            assert "set-cookie" not in right.headers, "a right code that cannot check in opens nothing"
            assert [(e["seq"], e["type"]) for e in await server.events()] == [(1, "plan_recorded")]
            health = await server.health()
            assert health["checkin_failures"] == {"total": 2, "refused": 0, "addresses": 1}
        await asyncio.wait_for(scenario(), SCENARIO_TIMEOUT)


async def test_too_many_wrong_codes_from_one_address_are_refused_with_retry_after(tmp_path: Path) -> None:
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=30 * 60, minutes=60)])
    with start_server(file, tmp_path / "t.db") as server:
        async def scenario() -> None:
            codes = await codes_page(server)
            async with httpx.AsyncClient(timeout=10) as http:
                answers = [await http.post(f"{server.url}/api/checkin", json={"code": wrong_code(codes, k)})
                           for k in range(BURST)]
                assert [a.status_code for a in answers] == [403] * BURST
                limited = await http.post(f"{server.url}/api/checkin", json={"code": wrong_code(codes, 99)})
                assert limited.status_code == 429, limited.text
                assert 1 <= int(limited.headers["retry-after"]) <= 30
                # while limited even the right code is not looked at (else the limit would be an oracle) ...
                right = await http.post(f"{server.url}/api/checkin", json={"code": codes["p1"]})
                assert right.status_code == 429
                # ... and a session is not opened either: the same bucket
                session = await http.post(f"{server.url}/api/player-session", json={"code": codes["p1"]})
                assert session.status_code == 429 and "retry-after" in session.headers
            health = await server.health()
            assert health["checkin_failures"] == {"total": BURST, "refused": 3, "addresses": 1}
            assert [(e["seq"], e["type"]) for e in await server.events()] == [(1, "plan_recorded")]
            assert codes["p1"] not in server.output() and wrong_code(codes, 1) not in server.output(), \
                "the log names the address, never the code"
            assert "127.0.0.1" in server.output()
        await asyncio.wait_for(scenario(), SCENARIO_TIMEOUT)


async def test_right_codes_do_not_count_and_check_in_opens_the_session(tmp_path: Path) -> None:
    players = [{"id": f"p{k}", "name": f"Player {k}"} for k in range(1, 16)]
    file = write_tournament(tmp_path / "t.toml", players=players,
                            timetable=[round_entry("r1", 1, start_in=30 * 60, minutes=60)])
    with start_server(file, tmp_path / "t.db") as server:
        async def scenario() -> None:
            codes = await codes_page(server)
            # fifteen players behind one address, more than the burst, each with a right code: all in
            for pid in codes:
                async with httpx.AsyncClient(timeout=10) as http:
                    answer = await http.post(f"{server.url}/api/checkin", json={"code": codes[pid].lower()})
                    assert answer.status_code == 200, answer.text
                    assert "live_player=" in answer.headers["set-cookie"]
                    assert "HttpOnly" in answer.headers["set-cookie"]
                    assert "samesite=strict" in answer.headers["set-cookie"].lower()
                    # in the session the code opened, a second try says why it cannot be done
                    again = await http.post(f"{server.url}/api/checkin", json={})
                    assert again.status_code == 409 and "already checked in" in again.json()["error"]
            assert (await server.health())["checkin_failures"]["total"] == 0
            async with httpx.AsyncClient(timeout=10) as http:
                bare = await http.post(f"{server.url}/api/checkin", json={"code": codes["p1"]})
                assert bare.status_code == 403, "the bare code's answer: the one for every failure"
                assert (await http.post(f"{server.url}/api/checkin", json={})).status_code == 401
        await asyncio.wait_for(scenario(), SCENARIO_TIMEOUT)
