"""Which rule of which document a refusal applies, as data (docs/design.md#refusals-by-code,
docs/rules/index.md#citations).

Why: a refusal's English `error` quotes its rule ("Slovak §17.1: a roster has at least 4 members"), but the
pages say the refusal in their own language from `detail.code` and could not say which rule it was. Each
quoted rule (the `RULES_TEXT` tables of live/projections/lineups.py, live/projections/appeals.py and
live/commands/rosters.py) is a `Rule`: its English words and its `Citation` side by side, so the words and
the data come from one entry; the refusal carries `Citation.detail()` in `detail.cite`, and the pages append
it with the document's name in their catalogue (referee.refused.cite).

A citation names the rules document (`doc`, a preset's name: the Čačak tournament rules, the Novi Sad
rules, the Slovak league's "Súťažný poriadok") and either the document's numbered article (`section`,
"§17.1": the Slovak document numbers its articles) or, for a document whose articles have no numbers of
their own, the topic the rule is written under (`topic`, one of `TOPICS`), each a page of docs/rules/."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from live.rules.presets import PRESETS

CACAK = "cacak-preferans"
NOVI_SAD = "novi-sad-teams"
SLOVAK = "slovak-league"

#: The topics a citation may name (a document without numbered articles), as the refusals' words write them:
#: team sheets (docs/rules/team-sheets.md), the Slovak results and appeals (docs/rules/appeals.md#slovak), the
#: Čačak sanctions and appeals (docs/rules/sanctions.md#cacak, docs/rules/appeals.md#cacak).
TOPICS: dict[str, str] = {
    "team_sheets": "Team sheets",
    "results_appeals": "Results and appeals",
    "sanctions_appeals": "sanctions and appeals",
}

#: How the refusals name the team-sheets rules of the Novi Sad document (everything under its one numbered
#: heading, §1) and of a tournament whose preset has no words of its own (docs/rules/index.md#citations).
TS = "Team sheets (Novi Sad §1): "
OWN = "Team sheets (the tournament's propositions): "

SECTION = re.compile(r"^§\d+(\.\d+)*$")


@dataclass(frozen=True)
class Citation:
    """Where a rule is written: `doc` (a preset's rules document; None: the tournament's own preset) and its
    `section` ("§17.1") or `topic` (a key of TOPICS)."""

    doc: str | None = None
    section: str | None = None
    topic: str | None = None

    def __post_init__(self) -> None:
        if self.doc is not None and self.doc not in PRESETS:
            raise ValueError(f"a citation names the document {self.doc!r}, which is no preset's")
        if (self.section is None) == (self.topic is None):
            raise ValueError("a citation names either a section or a topic")
        if self.section is not None and not SECTION.match(self.section):
            raise ValueError(f"a citation's section is written like §17.1, not {self.section!r}")
        if self.topic is not None and self.topic not in TOPICS:
            raise ValueError(f"a citation's topic is one of {sorted(TOPICS)}, not {self.topic!r}")

    def detail(self, preset: str) -> dict[str, str]:
        """The refusal's `detail.cite`: the document (the tournament's preset unless the rule names
        another) and the section or the topic."""
        where = {"section": self.section} if self.section is not None else {"topic": str(self.topic)}
        return {"doc": self.doc or preset, **where}


@dataclass(frozen=True)
class Rule:
    """A rule as the refusals quote it: the English `words` (a str.format template) and where it is written
    (`cite`; None for words that name no rule of a document)."""

    words: str
    cite: Citation | None = None

    def __post_init__(self) -> None:
        c = self.cite
        if c is None:
            return
        shown = c.section if c.section is not None else TOPICS[str(c.topic)]
        if shown not in self.words:
            raise ValueError(f"the rule's words do not say where it is written ({shown}): {self.words!r}")


def rule(words: str, doc: str | None = None, *, section: str | None = None, topic: str | None = None) -> Rule:
    """A `Rule` whose words cite `section` or `topic` of `doc`; `rule(words)` names none."""
    return Rule(words, None if section is None and topic is None else Citation(doc, section, topic))


def cite_detail(r: Rule, preset: str) -> dict[str, str] | None:
    """`detail.cite` of a refusal quoting `r` in a tournament of `preset` (None: the words name no rule)."""
    return r.cite.detail(preset) if r.cite is not None else None


def cite_problem(value: Any) -> str | None:
    """What is wrong with a refusal's `detail.cite` (None: the pages can say it, or it names no rule)."""
    if value is None:
        return None
    if not isinstance(value, dict) or value.get("doc") not in PRESETS:
        return f"cite must name a preset's rules document, not {value!r}"
    where = set(value) - {"doc"}
    if where == {"section"} and isinstance(value["section"], str) and SECTION.match(value["section"]):
        return None
    if where == {"topic"} and value["topic"] in TOPICS:
        return None
    return f"cite names a section (§17.1) or a topic of {sorted(TOPICS)}, not {value!r}"
