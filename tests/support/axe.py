"""axe-core over the pages in the browser tests (WCAG 2.x A and AA, best practices), run once the page has
settled (`settled`, also for a test that measures what a fade or a pop-in changes): its fonts loaded and the
transitions and animations under way ended, in the same call as the check. A fading
element has the contrast of its fade, and a fixed wait is too short on a loaded machine (the display's sound
hint fades in over 1.5 s): the check waits for the transitions themselves."""

from __future__ import annotations

from typing import Any

from axe_playwright_python.base import AXE_SCRIPT

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]

#: The page settled: fonts loaded, every transition and animation under way that ends has ended (a cancelled one
#: counts as ended); one that runs for ever (a live dot's pulse) is left alone.
_SETTLING = """
  await document.fonts.ready;
  await Promise.allSettled(document.getAnimations()
    .filter((a) => a.effect && Number.isFinite(a.effect.getComputedTiming().endTime)).map((a) => a.finished));
"""
SETTLE = f"async () => {{{_SETTLING}}}"
#: axe-core run in the same call, so that nothing starts between the page settling and the check.
RUN = f"""async ([scope, tags]) => {{{_SETTLING}
  return axe.run(scope ? document.querySelector(scope) : document,
                 {{resultTypes: ['violations'], runOnly: {{type: 'tag', values: tags}}}});
}}"""


async def settled(page: Any) -> None:
    """Wait until the page has settled (`SETTLE`)."""
    await page.evaluate(SETTLE)


async def violations(page: Any, scope: str | None = None, *, experimental: bool = False) -> list[dict[str, Any]]:
    """The violations axe-core finds in `scope` (a selector; None: the whole document) once the page has settled;
    `experimental` adds axe's experimental rules."""
    await page.evaluate(AXE_SCRIPT)
    tags = [*TAGS, "experimental"] if experimental else TAGS
    result = await page.evaluate(RUN, [scope, tags])
    return list(result["violations"])


def report(where: str, found: list[dict[str, Any]]) -> str:
    """One line a rule (id, impact, what it asks), then the elements it found (selector: why)."""
    lines = [f"{where}: {len(found)} accessibility rule(s) broken"]
    for v in found:
        lines.append(f"- {v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"][:8]:
            why = node.get("failureSummary", "").replace("\n", " ")
            lines.append(f"    {' '.join(node['target'])}: {why}")
        if len(v["nodes"]) > 8:
            lines.append(f"    … and {len(v['nodes']) - 8} more")
    return "\n".join(lines)


async def no_violations(page: Any, scope: str | None = None, where: str = "") -> None:
    """No violation axe-core finds in `scope` once the page has settled."""
    found = await violations(page, scope)
    assert not found, report(where or scope or page.url, found)
