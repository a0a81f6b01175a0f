"""Links, files and storage that must never hang, break or overwrite anything (issue 18).

Links, pasted codes and game files are read in the reader worker first (docs/web.md, "Links
and files that cannot hang the page"): the board answers while they are read, and what asks
for more work than the budget is refused with a message. Storage that is full, damaged or
written by a newer version gives a message, never a broken page."""

import json

import pytest

from conftest import click_header, open_app, wait_ready, wait_until, watch_page
from nardy_core.engine.errors import NardyError
from nardy_core.ui.share import MAX_FILE_BYTES, read
from test_game import MOVABLE, phase, play_human_turn, wait_for_person
from test_share import shown_state

TWO = "?new=short&p0=human&p1=human&seed=hostile&anim=0"
# A whole-game link of gioul under escalation_lookahead=FULL (the climbing double played as
# one play): the opening, a 3-3 and its play, a 3-3 and its play, a third 3-3 and a play of
# it. Replaying it lists every play of that third double, over a million: more than a minute
# of work in CPython before bounded decoders, far past the page's budget in any case.
HOSTILE = "g=gi~o8c-qOuPxtZKgx2"
LONG_TASK_MS = 300  # the longest the page's own thread may be busy while a link is read
SAVES = "nardy.saves.v1"


def saves(page):
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVES}')"))


def current_id(page):
    return json.loads(page.evaluate("localStorage.getItem('nardy.current')"))


def take_turn(page):
    """A person's turn: roll where the Roll button waits, then play the roll."""
    wait_for_person(page)
    if phase(page) == "roll":
        page.click("#btn-roll")
    play_human_turn(page)


def long_tasks_while_reading(page):
    """The durations of the long tasks of the page's own thread between the start and the
    end of the last read (``nardyStats.readStart``/``readEnd``, set by the page)."""
    return page.evaluate("""() => window.__longTasks.filter(t =>
        t.start + t.duration > nardyStats.readStart && t.start < nardyStats.readEnd)
        .map(t => t.duration)""")


def refused(text):
    try:
        read(text)
    except NardyError:
        return True
    return False


def reading(page):
    """A read has started and not ended."""
    return page.evaluate(
        "!!window.nardyStats && nardyStats.readStart !== undefined && "
        "nardyStats.readEnd === undefined"
    )


@pytest.mark.solo
@pytest.mark.parametrize("context", [{"viewport": {"width": 390, "height": 844}}], indirect=True)
def test_a_link_asking_for_minutes_of_work_is_refused_and_the_saved_game_stays(page, tmp_path):
    open_app(page, TWO)
    before = shown_state(page)
    ident = current_id(page)
    saved = saves(page)[ident]["session"]
    fresh = watch_page(page.context.new_page())  # a new tab opening the link
    fresh.goto("./#" + HOSTILE)
    wait_until(fresh, "window.nardyStats && nardyStats.readStart !== undefined", timeout=60_000)
    # the saved game is on the board and answers while the link is read
    assert reading(fresh)
    click_header(fresh, "#btn-new")  # a phone's header folds into a menu
    fresh.wait_for_selector("#dlg-new[open]", timeout=2000)
    fresh.click("#ng-cancel", timeout=2000)
    fresh.locator(MOVABLE).first.click(timeout=2000)
    assert fresh.locator("#board .loc.selected").count() == 1
    assert reading(fresh)
    wait_ready(fresh)
    notice = fresh.locator("#notice")
    assert notice.get_attribute("role") == "alert"
    assert "could not be read" in notice.inner_text() and "unchanged" in notice.inner_text()
    fresh.screenshot(path=str(tmp_path / "refused-link-390.png"))
    assert max(long_tasks_while_reading(fresh), default=0) < LONG_TASK_MS
    fresh.locator("#board .loc.selected").first.click()  # put the checker down again
    assert shown_state(fresh) == before
    assert fresh.evaluate("location.hash") != "#" + HOSTILE
    assert saves(fresh)[ident]["session"] == saved
    # the board plays on; a fresh reader reads the next link
    play_human_turn(fresh)
    assert saves(fresh)[ident]["session"]["games"] != saved["games"]
    fresh.evaluate(
        "document.querySelector('#notice').textContent = ''; location.hash = '#p=s.!!!garbage'"
    )
    wait_until(
        fresh, "document.querySelector('#notice').textContent.includes('could not')", timeout=60_000
    )
    wait_until(fresh, "!location.hash.includes('garbage')")
    assert current_id(fresh) == ident


def test_a_first_visit_by_a_hostile_link_gets_a_new_game_and_the_refusal(page):
    page.goto("./?anim=0#" + HOSTILE)
    wait_ready(page)  # once the link is refused: a new game meanwhile, saved after
    notice = page.locator("#notice")
    assert notice.get_attribute("role") == "alert" and "could not be read" in notice.inner_text()
    assert page.locator("#board [data-loc]").count() > 0
    assert list(saves(page)) == [current_id(page)]


@pytest.mark.solo
def test_pasted_links_that_are_hostile_cut_short_or_garbage_are_refused(page):
    open_app(page, TWO)
    play_human_turn(page)
    page.click("#btn-share")
    page.check("#sh-whole")
    whole = page.input_value("#sh-link")
    page.click("#sh-close")
    before = shown_state(page)
    page.click("#btn-open")
    # links cut short that the engine refuses (a few cuts happen to leave a valid code)
    cut = [whole[:-n] for n in (1, 3, 5, 8) if refused(whole[:-n])]
    assert cut
    for text in cut + ["#g=" + "A" * 3000, "s~", "XGID=%%", HOSTILE]:
        page.fill("#op-text", text)
        page.evaluate("document.getElementById('op-error').textContent = ''")
        page.click("#op-open")
        wait_until(
            page,
            "document.getElementById('op-error').textContent !== ''",
            timeout=60_000,
            message=f"no refusal of {text!r}",
        )
        assert page.locator("#dlg-open[open]").count() == 1, text
        assert page.locator("#op-error").inner_text().startswith("This could not be read"), text
        assert max(long_tasks_while_reading(page), default=0) < LONG_TASK_MS, text
    # cancelled while it is read: the dialog closes at once and nothing opens afterwards
    page.fill("#op-text", HOSTILE)
    page.click("#op-open")
    wait_until(page, "document.getElementById('op-status').textContent === 'Reading…'")
    page.click("#op-cancel", timeout=2000)
    assert page.locator("#dlg-open[open]").count() == 0
    wait_until(page, "nardyStats.readEnd > nardyStats.readStart", timeout=60_000)
    assert shown_state(page) == before
    # the whole, uncut link still opens (a new reader, the stopped one is gone)
    page.click("#btn-open")
    page.fill("#op-text", whole)
    page.select_option("#op-players", "two")
    page.click("#op-open")
    page.wait_for_selector("#dlg-open", state="hidden", timeout=60_000)
    assert page.locator("#controls .counter").inner_text().startswith("0/")


def test_a_file_over_the_size_cap_is_refused_before_it_is_read(page):
    page.add_init_script("""
      window.__fileReads = 0;
      for (const name of ['text', 'arrayBuffer']) {
        const read = Blob.prototype[name];
        Blob.prototype[name] = function () { window.__fileReads++; return read.call(this); };
      }""")
    open_app(page, TWO)
    before = shown_state(page)
    page.click("#btn-open")
    page.set_input_files(
        "#op-file",
        files=[
            {
                "name": "huge.mat",
                "mimeType": "text/plain",
                "buffer": b'; [Site "x"]\n' + b"x" * MAX_FILE_BYTES,
            }
        ],
    )
    error = page.locator("#op-error")
    wait_until(page, "document.getElementById('op-error').textContent !== ''")
    assert "too big" in error.inner_text() and f"{MAX_FILE_BYTES // 1024} KB" in error.inner_text()
    assert page.evaluate("window.__fileReads") == 0
    page.click("#op-cancel")
    assert shown_state(page) == before


def test_a_damaged_store_of_saved_games_is_set_aside_and_saving_goes_on(page):
    open_app(page, TWO)
    damaged = '{"g1": {"session": {"v": 1, "game": "sho'
    page.evaluate(f"localStorage.setItem('{SAVES}', {json.dumps(damaged)})")
    page.reload()
    wait_ready(page)
    notice = page.locator("#notice")
    assert notice.get_attribute("role") == "alert"
    assert "saved games on this device could not be read" in notice.inner_text()
    assert page.evaluate(f"localStorage.getItem('{SAVES}.damaged')") == damaged
    assert page.locator("#board [data-loc]").count() == 28
    take_turn(page)
    assert current_id(page) in saves(page)


def test_saved_entries_of_the_wrong_shape_leave_the_others_usable(page):
    open_app(page, TWO)
    play_human_turn(page)
    first, state = current_id(page), shown_state(page)
    open_app(page, "?new=long&p0=human&p1=human&seed=other&anim=0")
    page.evaluate(f"""() => {{
      const saves = JSON.parse(localStorage.getItem('{SAVES}'));
      saves.junk = 5;
      saves.bad = {{session: "x", title: 7, updated: "soon"}};
      saves.broken = {{session: {{v: 1, games: "no"}}, title: "Broken game", updated: null}};
      localStorage.setItem('{SAVES}', JSON.stringify(saves));
      localStorage.setItem('nardy.prefs', JSON.stringify({{new_game: {{length: [], options: 3}},
                                                          numbers: "yes"}}));
      localStorage.setItem('nardy.dicestats.v1', JSON.stringify({{
        players: {{human: {{rolls: "many", faces: 3}}}}, counted: 7}}));
    }}""")
    page.reload()
    wait_ready(page)
    page.click("#btn-new")
    listed = page.locator("#dlg-new .saved li").all_inner_texts()
    assert len(listed) == 3 and any("Broken game" in t for t in listed)  # and "bad", by id
    page.click("#dlg-new [data-resume=broken]")
    wait_until(page, "document.querySelector('#notice').textContent.includes('discarded')")
    assert "broken" not in saves(page)
    page.click("#btn-new")
    page.click(f"#dlg-new [data-resume={first}]")
    wait_ready(page)
    assert shown_state(page) == state
    page.click("[data-dice=stats]")  # the damaged dice totals are dropped, not shown
    page.wait_for_selector("#dlg-dice[open]")
    page.click("#ds-close")


def test_a_game_saved_by_a_newer_version_is_kept_and_not_opened(page):
    open_app(page, TWO)
    ident = current_id(page)
    page.evaluate(f"""() => {{
      const saves = JSON.parse(localStorage.getItem('{SAVES}'));
      saves['{ident}'].session.v = 99;
      saves['{ident}'].session.future = {{anything: [1, 2]}};
      localStorage.setItem('{SAVES}', JSON.stringify(saves));
    }}""")
    page.reload()
    wait_ready(page)
    notice = page.locator("#notice")
    assert notice.get_attribute("role") == "alert" and "newer version" in notice.inner_text()
    assert current_id(page) != ident  # a new game is on the board
    assert saves(page)[ident]["session"]["v"] == 99  # kept for the newer version
    page.click("#btn-new")
    row = page.locator("#dlg-new .saved li", has_text="newer version")
    assert row.count() == 1 and row.locator("[data-resume]").count() == 0
    assert row.locator(f"[data-delete={ident}]").count() == 1


FULL_STORAGE = """
  window.__fullStorage = false;
  const setItem = window.__realSetItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key === 'nardy.saves.v1' && (window.__fullStorage === true ||
        String(value).includes('"old-finished"')))
      throw new DOMException("Setting the value of '" + key + "' exceeded the quota.",
                             'QuotaExceededError');
    return setItem.call(this, key, value);
  };"""


def test_a_full_storage_says_the_game_is_not_saved_and_play_goes_on(page):
    page.add_init_script(FULL_STORAGE)
    open_app(page, TWO)
    ident = current_id(page)
    stored = saves(page)[ident]["session"]["games"]
    page.evaluate("window.__fullStorage = true")
    play_human_turn(page)
    notice = page.locator("#notice")
    assert (
        notice.get_attribute("role") == "alert"
        and "storage" in notice.inner_text()
        and "full" in notice.inner_text()
    )
    assert saves(page)[ident]["session"]["games"] == stored  # not saved, nothing broken
    take_turn(page)  # play goes on
    page.evaluate("window.__fullStorage = false")
    take_turn(page)
    assert len(saves(page)[ident]["session"]["games"][0]) > len(stored[0])  # saved again


def test_a_full_storage_makes_room_from_finished_games_first(page):
    page.add_init_script(FULL_STORAGE)
    open_app(page, TWO)
    ident = current_id(page)
    # an unfinished and a finished game, written past the quota check; the finished one is
    # what makes the storage "full"
    page.evaluate(f"""() => {{
      const saves = JSON.parse(localStorage.getItem('{SAVES}'));
      saves['keep-unfinished'] = {{...saves['{ident}'], finished: false}};
      saves['old-finished'] = {{...saves['{ident}'], finished: true}};
      window.__realSetItem.call(localStorage, '{SAVES}', JSON.stringify(saves));
    }}""")
    play_human_turn(page)
    kept = saves(page)
    assert "old-finished" not in kept and "keep-unfinished" in kept
    assert kept[ident]["session"]["games"][0] != kept["keep-unfinished"]["session"]["games"][0]
    assert page.locator("#notice").is_hidden() or "full" not in page.locator("#notice").inner_text()
