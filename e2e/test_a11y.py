"""Accessibility checked by axe-core (npm, pinned in package.json; injected from node_modules, so
nothing is fetched): no serious or critical violation during a turn, in each dialog and in the
embed (issue 19)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT, open_app

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
BAD = ("serious", "critical")


def violations(page_or_frame, include=None):
    if not page_or_frame.evaluate("typeof window.axe !== 'undefined'"):
        page_or_frame.add_script_tag(content=Path(AXE).read_text(encoding="utf-8"))
    found = page_or_frame.evaluate(
        """async (include) => {
      const r = await axe.run(include ? {include: [include]} : document,
                              {resultTypes: ['violations']});
      return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ': ' + n.failureSummary)}));
    }""",
        include,
    )
    return [v for v in found if v["impact"] in BAD]


@pytest.fixture(scope="module", autouse=True)
def axe_present():
    if not AXE.is_file():
        pytest.fail(
            "axe-core is not installed: `npm ci` (tools/setup.sh) installs it", pytrace=False
        )


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_turn_and_every_dialog(new_context, lang):
    context = new_context(locale=lang)
    page = context.new_page()
    open_app(page, "?new=short&p0=human&p1=human&seed=axe")
    page.wait_for_selector("#btn-done, #btn-roll")
    assert violations(page) == [], "the page during a turn"
    for button, dialog in (
        ("#btn-new", "#dlg-new"),
        ("#btn-rules", "#dlg-rules"),
        ("#btn-share", "#dlg-share"),
        ("#btn-open", "#dlg-open"),
        ("#btn-settings", "#dlg-settings"),
    ):
        page.click(button)
        page.wait_for_selector(f"{dialog}[open]")
        assert violations(page, dialog) == [], dialog
        page.evaluate(f"document.querySelector('{dialog}').close()")


def test_the_embed(new_context, server):
    context = new_context()
    page = context.new_page()
    page.goto(f"./embed.html?mode=play&level=beginner")
    page.wait_for_selector("#btn-roll", timeout=60_000)
    assert violations(page) == []
