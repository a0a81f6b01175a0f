"""Verifiable dice and dice statistics in Chromium (issue 10, items 3 and 4): before the first
roll the page shows the SHA-256 commitment of the seed; when the game is over (here a money
game between two people on the device, ended by a resignation) it reveals the seed, whose hash
is the commitment shown, and Verify recomputes every throw in the page. The statistics dialog
shows this game's rolls and the device totals, which reopening the game does not count twice.
A game imported from a file (its dice written in it) says that there is nothing to verify."""

import hashlib
import json

from conftest import choose_language, open_app
from nardy_core.cli.main import main
from test_game import phase, play_human_turn, wait_for_person

SEED = "e2e-dice"


def test_commitment_then_seed_and_verify_then_statistics(page):
    open_app(page, f"?new=short&p0=human&p1=human&seed={SEED}")
    wait_for_person(page)
    full = page.get_attribute("#dice-hash", "data-full")
    assert full == hashlib.sha256(SEED.encode()).hexdigest()
    assert page.get_attribute("#dice-hash", "title") == full
    assert page.text_content("#dice-hash") == full[:16] + "…"
    assert "Dice commitment" in page.text_content("#dice")
    assert page.locator("#dice-seed").count() == 0  # the seed stays hidden during the game
    assert page.locator("#dice-verify").count() == 0

    # two turns by clicks (the opening throw's and at least one roll), then the side to move
    # resigns and the other person accepts
    for _ in range(3):
        if phase(page) == "roll" and page.locator("#btn-roll").count():
            page.click("#btn-roll")
        elif phase(page) == "move":
            play_human_turn(page)
        wait_for_person(page)
    page.click("#btn-resign")
    page.click("#btn-resign-single")
    page.click("#btn-accept")
    page.wait_for_selector("#btn-newmatch, #btn-next")
    assert phase(page) == "over"

    assert page.text_content("#dice-seed") == SEED
    assert page.get_attribute("#dice-hash", "data-full") == full  # the same commitment
    page.click("#dice-verify")
    page.wait_for_function("document.querySelector('#dice-result').textContent.length > 0")
    result = page.text_content("#dice-result")
    assert result.startswith("Verified"), result
    assert page.get_attribute("#dice-result", "class") == "ok"

    # the record, downloaded, verifies on the command line as well
    with page.expect_download() as download:
        page.click("#dice-download")
    record = download.value.path()
    assert main(["verify-dice", SEED, full, "--record", str(record)]) == 0

    # the statistics: this game and the device totals, with the expected values beside them
    page.click("#dice-stats")
    page.wait_for_selector("#dlg-dice[open]")
    rolls = [
        int(n)
        for n in page.eval_on_selector_all(
            "#ds-game tr[data-rolls]", "rows => rows.map(r => r.dataset.rolls)"
        )
    ]
    assert rolls and sum(rolls) >= 1
    assert "8.17" in page.text_content("#ds-game")  # short nardy: 8.17 pips per roll expected
    device = page.text_content("#ds-device")
    assert "Person" in device and "8.17" in device
    stored = json.loads(page.evaluate("localStorage.getItem('nardy.dicestats.v1')"))
    assert stored["players"]["human"]["rolls"] == sum(rolls)
    assert len(stored["counted"]) == 1
    page.click("#ds-close")

    # Russian, and a reload neither hides the seed nor counts the game again
    choose_language(page, "ru")
    assert "Зерно костей" in page.text_content("#dice")
    open_app(page)  # the saved game again (no address: a link would open a new game)
    assert page.text_content("#dice-seed") == SEED
    page.click("#dice-verify")
    page.wait_for_function("document.querySelector('#dice-result').textContent.length > 0")
    assert page.text_content("#dice-result").startswith("Проверено")
    stored = json.loads(page.evaluate("localStorage.getItem('nardy.dicestats.v1')"))
    assert stored["players"]["human"]["rolls"] == sum(rolls)
    assert len(stored["counted"]) == 1


def test_an_imported_game_has_no_seed_to_verify(page, tmp_path):
    from nardy_core.formats import records
    from nardy_core.ui.session import HUMAN, Session

    session = Session("short", players=(HUMAN, HUMAN), seed="imported")
    for _ in range(4):  # a few turns: roll when asked, play the first legal play
        game = session.game
        if game.phase == "roll":
            session._do("roll")
        elif game.phase == "move":
            session._do("play", game.legal_plays()[0])
    path = tmp_path / "game.mat"
    path.write_text(records.export_match(session.to_dict()), encoding="utf-8")
    open_app(page, "?new=short&p0=human&p1=human")
    assert page.locator("#dice-hash").count() == 1
    page.click("#btn-open")
    page.select_option("#op-players", "two")
    page.set_input_files("#op-file", str(path))
    page.wait_for_selector("#dlg-open", state="hidden")
    page.wait_for_selector("#dice-unavailable")
    assert "verification is not available" in page.text_content("#dice")
    assert page.locator("#dice-hash, #dice-verify, #dice-seed").count() == 0
    page.click("#dice-stats")
    page.wait_for_selector("#dlg-dice[open]")
    assert page.locator("#ds-game").count() == 1
