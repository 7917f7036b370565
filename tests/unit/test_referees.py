"""Named referees (live/core/referees.py): who a token belongs to, sessions and one-time login links that a
tampered or expired value does not pass, the file's `[[referees]]` and LIVE_REFEREES with errors that
name what is wrong, and the actor on every command with "undo last" meaning the asker's own last."""

from __future__ import annotations

from typing import Any

import pytest

from live.commands.decide import CommandError, decide
from live.core import events as E
from live.core.events import Event
from live.core.plan import to_json as plan_json
from live.core.referees import SESSION_MS, LoginRefused, RefereeConfigError, Referees, actor, name_of, parse_env
from live.core.state import apply, fold
from live.core.tournament import TournamentFileError, parse
from live.projections.views import public_audit, referee_only

NOW = 1_800_000_000_000
ANA, BOJAN = "ana-token-0123456789", "bojan-token-0123456789"


def registry() -> Referees:
    return Referees("the-secret", [("referee", "shared-token"), ("Ana", ANA), ("Bojan", BOJAN)])


def test_a_token_names_its_referee_and_a_wrong_one_nobody() -> None:
    r = registry()
    assert r.who(ANA, {}) == "Ana" and r.who(f" {BOJAN} ", {}) == "Bojan" and r.who("shared-token", {}) == "referee"
    assert r.who("ana-token-012345678", {}) is None and r.who("", {}) is None


def test_a_referee_added_at_the_console_has_a_token_derived_from_the_secret_not_stored() -> None:
    r = registry()
    token = r.added_token("Vesna", "salt-of-vesna")
    assert r.who(token, {"Vesna": "salt-of-vesna"}) == "Vesna"
    assert r.who(token, {}) is None, "taken away (an undone addition): the token no longer signs in"
    other = Referees("another-secret", [("referee", "shared-token")])
    assert other.added_token("Vesna", "salt-of-vesna") != token, "without the secret the salt gives nothing"
    assert r.added_token("Vesna", "another-salt") != token


def test_a_session_holds_its_referee_until_it_expires() -> None:
    r = registry()
    value = r.session("Ana", NOW, {})
    assert r.session_name(value, NOW + 1, {}) == "Ana"
    assert r.session_name(value, NOW + SESSION_MS - 1, {}) == "Ana"
    assert r.session_name(value, NOW + SESSION_MS, {}) is None, "expired"


@pytest.mark.parametrize("change", ["name", "expiry", "mac", "kind", "garbage"])
def test_a_tampered_session_is_refused(change: str) -> None:
    r = registry()
    kind, name, expires, mac = r.session("Bojan", NOW, {}).split(".")
    forged = {
        "name": f"{kind}.QW5h.{expires}.{mac}",  # "Ana" with Bojan's signature
        "expiry": f"{kind}.{name}.{int(expires) + SESSION_MS}.{mac}",
        "mac": f"{kind}.{name}.{expires}.{mac[:-2]}AA",
        "kind": f"l1.{name}.{expires}.{mac}",
        "garbage": "s1.%%%.x.y",
    }[change]
    assert r.session_name(forged, NOW + 1, {}) is None


def test_a_session_signed_with_another_secret_is_refused() -> None:
    value = Referees("other", [("Ana", ANA)]).session("Ana", NOW, {})
    assert registry().session_name(value, NOW + 1, {}) is None


def test_a_login_link_names_its_referee_and_a_key_that_makes_it_single_use() -> None:
    r = registry()
    value = r.login_link("Ana", NOW, 60_000)
    login = r.check_login(value, NOW + 1, {})
    assert login.name == "Ana" and login.key.startswith("login:") and len(login.key) > 16
    assert r.check_login(r.login_link("Ana", NOW, 60_000), NOW + 1, {}).key != login.key, "a nonce per link"
    with pytest.raises(LoginRefused, match="expired"):
        r.check_login(value, NOW + 60_000, {})
    kind, name, expires, nonce, mac = value.split(".")
    with pytest.raises(LoginRefused):
        r.check_login(f"{kind}.{name}.{int(expires) + 10**6}.{nonce}.{mac}", NOW + 1, {})
    with pytest.raises(LoginRefused):
        r.check_login(r.session("Ana", NOW, {}), NOW + 1, {})  # a session is not a login link
    with pytest.raises(LoginRefused, match="no longer a referee"):
        r.check_login(r.login_link("Vesna", NOW, 60_000), NOW + 1, {})


def test_actors_keep_old_logs_readable() -> None:
    assert actor("referee") == "referee" and actor("Ana") == "referee:Ana"
    assert name_of("referee") == "referee" and name_of("referee:Ana") == "Ana"
    assert name_of("scheduler") is None and name_of("player:p1") is None and name_of("organizer") is None


def test_live_referees_from_the_environment() -> None:
    assert parse_env("Ana:" + ANA + ", Bojan Ilić:" + BOJAN + ",") == [("Ana", ANA), ("Bojan Ilić", BOJAN)]
    with pytest.raises(RefereeConfigError, match="entry 2 must be name:token"):
        parse_env(f"Ana:{ANA},Bojan")
    with pytest.raises(RefereeConfigError, match=r"entry 1 \(Ana\): the token must be at least 16"):
        parse_env("Ana:short")
    with pytest.raises(RefereeConfigError, match="entry 1: the name must not be empty"):
        parse_env(f" :{ANA}")


def test_two_referees_may_not_share_a_name_or_a_token() -> None:
    with pytest.raises(RefereeConfigError, match="given twice"):
        Referees("s", [("Ana", ANA), ("ana", BOJAN)])
    with pytest.raises(RefereeConfigError, match="same token"):
        Referees("s", [("Ana", ANA), ("Bojan", ANA)])


FILE = """
[tournament]
name = "Cup"
timezone = "Europe/Belgrade"
preset = "cacak-preferans"

[[timetable]]
id = "r1"
kind = "round"
round = 1
start = 2030-05-01T10:00:00
minutes = 60
"""


def test_the_file_names_referees_with_their_tokens_which_stay_out_of_the_plan() -> None:
    t = parse(FILE + f'\n[[referees]]\nname = "Ana"\ntoken = "{ANA}"\n'
              f'\n[[referees]]\nname = "Bojan"\ntoken = "{BOJAN}"\n')
    assert t.referees == (("Ana", ANA), ("Bojan", BOJAN))
    assert ANA not in repr(plan_json(t)) and ANA not in repr(t)


@pytest.mark.parametrize(("entries", "where", "why"), [
    ('name = "Ana"', "referees[1].token", "is missing"),
    ('name = "Ana"\ntoken = "short"', "referees[1].token", "at least 16"),
    ('name = "Ana:B"\ntoken = "' + ANA + '"', "referees[1].name", "must not hold ','"),
    ('name = "referee"\ntoken = "' + ANA + '"', "referees[1].name", "shared token's referee"),
    ('name = "Ana"\ntoken = "' + ANA + '"\nrole = "chief"', "referees[1].role", "not a known field"),
    ('name = "Ana"\ntoken = "' + ANA + '"\n\n[[referees]]\nname = "ANA"\ntoken = "' + BOJAN + '"',
     "referees[2].name", "used twice"),
    ('name = "Ana"\ntoken = "' + ANA + '"\n\n[[referees]]\nname = "Bojan"\ntoken = "' + ANA + '"',
     "referees[2].token", "another referee's token"),
])
def test_a_bad_referees_entry_says_which_and_why_without_the_token(entries: str, where: str, why: str) -> None:
    with pytest.raises(TournamentFileError) as caught:
        parse(FILE + "\n[[referees]]\n" + entries + "\n")
    assert caught.value.field == where and why in caught.value.message and caught.value.line
    assert ANA not in str(caught.value)


# the actor of every command, and "undo last" as each referee's own ------------------------------


def logged(t: Any, commands: list[tuple[str, dict[str, Any]]]) -> list[Event]:
    events: list[Event] = [Event(1, NOW, E.PLAN_RECORDED, "organizer", {"plan": plan_json(t)})]
    for who, command in commands:
        state = fold(t, events)
        (new,) = decide(t, state, command, NOW, actor(who))
        events.append(Event(len(events) + 1, NOW, new.type, new.actor, new.payload, new.signal))
    return events


def test_every_command_carries_its_referees_name_and_undo_last_is_their_own() -> None:
    t = parse(FILE)
    events = logged(t, [("Ana", {"type": "announce", "text": "one"}), ("Bojan", {"type": "announce", "text": "two"}),
                        ("referee", {"type": "announce", "text": "three"})])
    assert [e.actor for e in events[1:]] == ["referee:Ana", "referee:Bojan", "referee"]
    state = fold(t, events)
    assert [c["by"] for c in state.commands] == ["referee:Ana", "referee:Bojan", "referee"]
    assert referee_only(state, {})["undo_last_by"] == {"referee:Ana": 2, "referee:Bojan": 3, "referee": 4}
    (undo,) = decide(t, state, {"type": "undo"}, NOW, actor("Ana"))
    assert (undo.actor, undo.payload["target"]) == ("referee:Ana", 2), "Ana's own, not Bojan's later one"


def test_an_added_referee_is_in_the_state_until_undone_and_out_of_the_public_audit() -> None:
    t = parse(FILE)
    events = logged(t, [("Ana", {"type": "add_referee", "name": " Vesna ", "salt": "salt-of-vesna"})])
    state = fold(t, events)
    assert state.referees == {"Vesna": "salt-of-vesna"}
    assert public_audit(state) == [] and events[-1].public_json()["payload"] == {"private": True}
    with pytest.raises(CommandError, match="a referee already"):
        decide(t, state, {"type": "add_referee", "name": "vesna", "salt": "another-salt"}, NOW, actor("Ana"))
    undone = logged(t, [("Ana", {"type": "add_referee", "name": "Vesna", "salt": "salt-of-vesna"}),
                        ("Ana", {"type": "undo"})])
    assert fold(t, undone).referees == {}, "undoing the addition takes the referee away"


def test_a_sign_in_is_audited_but_never_undone() -> None:
    t = parse(FILE)
    events = logged(t, [("Ana", {"type": "announce", "text": "one"})])
    events.append(Event(3, NOW, E.REFEREE_SIGNED_IN, "referee:Ana", {"how": "link"}, "login:abc"))
    state = fold(t, events)
    assert state.commands[-1]["type"] == E.REFEREE_SIGNED_IN
    assert referee_only(state, {})["undo_last_by"] == {"referee:Ana": 2}
    with pytest.raises(CommandError, match="sign-in"):
        decide(t, state, {"type": "undo", "seq": 3}, NOW, actor("Ana"))
    assert "signal" not in events[-1].public_json()


def naive_last(state: Any) -> dict[str, int]:
    """"Undo last" by its definition: each referee's last audited command in force that an undo may take back."""
    last: dict[str, int] = {}
    for x in state.commands:
        if not x["undone"] and x["type"] not in E.NOT_UNDOABLE and name_of(x["by"]) is not None:
            last[x["by"]] = x["seq"]
    return last


def test_undo_last_follows_undos_by_seq_by_others_and_in_turn_as_the_fold_goes() -> None:
    t = parse(FILE)
    events = logged(t, [("Ana", {"type": "announce", "text": "one"}), ("Ana", {"type": "announce", "text": "two"}),
                        ("Ana", {"type": "announce", "text": "three"}), ("Bojan", {"type": "announce", "text": "b"}),
                        ("Bojan", {"type": "undo", "seq": 3}),  # Ana's "two", by its seq, by another referee
                        ("Ana", {"type": "undo"}),  # Ana's "three"
                        ("Ana", {"type": "undo"})])  # then her "one": "two" is undone already
    assert [e.payload.get("target") for e in events[5:]] == [3, 4, 2]
    state = fold(t, events[:1])
    for event in events[1:]:
        apply(state, event)
        assert referee_only(state, {})["undo_last_by"] == naive_last(state) == naive_last(fold(t, events[:event.seq]))
    assert referee_only(state, {})["undo_last_by"] == {"referee:Bojan": 5}
    with pytest.raises(CommandError, match="no referee command to undo"):
        decide(t, state, {"type": "undo"}, NOW, actor("Ana"))
