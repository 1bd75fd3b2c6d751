"""Tests the web page in a real browser: Debian's headless Chromium, driven by Selenium through /usr/bin/chromedriver.

`.ci/run` installs chromium and chromium-driver; nothing is downloaded. The page is served by a
real `sos-print serve` process, which these tests talk to on 127.0.0.1 only.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from conftest import EXAMPLES
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as ready
from selenium.webdriver.support.ui import Select, WebDriverWait
from serving import start

from sos_print.cli import app

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


def browser(downloads: Path, javascript: bool = True) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1280,1000",
        f"--user-data-dir={downloads.parent / ('profile' if javascript else 'profile-nojs')}",
    ):
        options.add_argument(flag)
    preferences = {"download.default_directory": str(downloads), "download.prompt_for_download": False}
    if not javascript:
        preferences["profile.managed_default_content_settings.javascript"] = 2
    options.add_experimental_option("prefs", preferences)
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    return driver


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    server = start(tmp_path_factory.mktemp("serve") / "tmp")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def driver(served, tmp_path_factory):
    downloads = tmp_path_factory.mktemp("browser") / "downloads"
    downloads.mkdir()
    made = browser(downloads)
    made.get(served.address)
    yield made
    made.quit()


def downloads_of(driver) -> Path:
    return Path(driver.capabilities["chrome"]["userDataDir"]).parent / "downloads"


def downloaded(folder: Path, names: list[str], timeout: float = 30) -> dict[str, bytes]:
    """Waits until every file of `names` is in `folder`, whole; returns their bytes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if all((folder / name).exists() for name in names) and not list(folder.glob("*.crdownload")):
            return {name: (folder / name).read_bytes() for name in names}
        time.sleep(0.1)
    raise AssertionError(f"not downloaded: {names}; the folder holds {sorted(p.name for p in folder.iterdir())}")


def wait(driver, condition, timeout: float = 60):
    # A page the form posts to may come while an element of the page it leaves is being looked at: Chromium then says
    # "Node with given id does not belong to the document", not that the element is stale (a fresh-clone run,
    # 7 December), and the look is tried again on the new page, as for a stale element.
    return WebDriverWait(driver, timeout, ignored_exceptions=(WebDriverException,)).until(condition)


def cli_kit(runner, tmp_path: Path, *args: str) -> dict[str, bytes]:
    out = tmp_path / "cli"
    result = runner.invoke(app, ["kit", *args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return {path.name: path.read_bytes() for path in sorted(out.iterdir())}


def test_a_french_kit_made_on_the_page_is_the_command_lines_kit(driver, served, runner, tmp_path):
    driver.get(served.origin + "/en/kit")
    driver.find_element(By.CSS_SELECTOR, "a.switch").click()  # the page's own language switch
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "fr"
    assert driver.find_element(By.TAG_NAME, "h1").text == "Dossier de la classe"
    # The documents' language starts as the page's: the teacher leaves it as it is.
    assert Select(driver.find_element(By.ID, "field-lang")).first_selected_option.get_attribute("value") == "fr"
    Select(driver.find_element(By.ID, "field-notation")).select_by_value("L1C1")
    groups = driver.find_element(By.ID, "field-groups")
    groups.clear()
    groups.send_keys("5")
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    links = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "a.download") or None)
    assert [link.text for link in links] == ["Télécharger players.pdf", "Télécharger teacher.pdf"]
    pictures = driver.find_elements(By.CSS_SELECTOR, ".preview img")
    assert [picture.get_attribute("alt") for picture in pictures] == [
        "Page 1\u00a0de players.pdf",  # a number keeps the word after it
        "Page 2\u00a0de players.pdf",
    ]
    assert all(picture.get_property("naturalWidth") == 420 for picture in pictures)
    for link in links:
        link.click()
    expected = cli_kit(runner, tmp_path, "--lang", "fr", "--notation", "L1C1", "--groups", "5")
    assert downloaded(downloads_of(driver), list(expected)) == expected


def test_a_refusal_is_shown_beside_its_field_and_announced(driver, served):
    driver.get(served.origin + "/en/kit")
    size = driver.find_element(By.ID, "field-size")
    size.clear()
    size.send_keys("5")
    driver.find_element(By.ID, "field-two-per-page").click()
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    error = wait(driver, ready.visibility_of_element_located((By.ID, "error-two-per-page")))
    assert error.text == "--two-per-page fits boards of 3 × 3 and 4 × 4 only, not --size 5"
    field = driver.find_element(By.ID, "field-two-per-page")
    assert field.get_attribute("aria-invalid") == "true"
    assert "error-two-per-page" in field.get_attribute("aria-describedby")
    problems = driver.find_element(By.ID, "problems")
    assert problems.get_attribute("role") == "alert" and problems.is_displayed()
    assert driver.switch_to.active_element == problems  # focus moves to the announcement


def test_a_class_list_the_command_cannot_use_is_shown_beside_its_field(driver, served, tmp_path):
    roster = tmp_path / "class.csv"
    roster.write_text("\n".join(f"Child {number}" for number in range(201)) + "\n")
    driver.get(served.origin + "/en/boards")
    driver.find_element(By.ID, "field-roster").send_keys(str(roster))
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    error = wait(driver, ready.visibility_of_element_located((By.ID, "error-roster")))
    assert error.text == "class.csv: holds more than 200 names; a class list holds at most 200: split it"
    assert driver.find_element(By.ID, "field-roster").get_attribute("aria-invalid") == "true"
    assert driver.find_element(By.ID, "problems").is_displayed()


def test_a_filled_audit_uploaded_as_csv_gets_the_command_lines_replay(driver, served, runner, tmp_path):
    record = tmp_path / "groupe 2.csv"
    record.write_text("move,player,letter,cell,lines,points\n1,A,S,B1,,0\n2,B,O,B2,,0\n3,A,S,B3,B1-B3,2\n")
    # 3 x 3: the server weighs the game from scratch, in 30 s on 4 x 4; the command line and the page read it alike
    result = runner.invoke(app, ["replay", str(record), "--size", "3", "--out", str(tmp_path / "replay.pdf")])
    assert result.exit_code == 0, result.output
    driver.get(served.origin + "/en/replay")
    driver.find_element(By.ID, "field-record").send_keys(str(record))
    driver.find_element(By.ID, "field-size").send_keys("3")
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    link = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "a.download") or None)[0]
    link.click()
    # named after the record, as the command line names it without --out
    replayed = downloaded(downloads_of(driver), ["groupe 2-replay.pdf"])["groupe 2-replay.pdf"]
    assert replayed == (tmp_path / "replay.pdf").read_bytes()


def test_a_long_job_shows_its_progress_and_can_be_cancelled(driver, served):
    driver.get(served.origin + "/en/puzzles")
    for key, value in (("copies", "200"), ("count", "12")):
        field = driver.find_element(By.ID, f"field-{key}")
        field.clear()
        field.send_keys(value)
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    cancel = wait(driver, ready.element_to_be_clickable((By.CSS_SELECTOR, "button.cancel")))
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#result progress").get_attribute("value") or None)
    cancel.click()
    status = wait(driver, ready.visibility_of_element_located((By.CSS_SELECTOR, "#result .status")))
    wait(driver, lambda d: status.text == d.find_element(By.TAG_NAME, "body").get_attribute("data-cancelled"))
    assert not driver.find_elements(By.CSS_SELECTOR, "a.download")
    # The page takes another job at once: the cancelled one gave its worker back.
    driver.get(served.origin + "/en/grids")
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    assert wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "a.download") or None)


def test_every_field_has_a_label_and_the_keyboard_reaches_them_in_order(driver, served):
    driver.get(served.origin + "/en/kit")
    unlabelled = driver.execute_script(
        "return [...document.querySelectorAll('main input:not([type=hidden]), main select')]"
        ".filter(e => !e.labels.length).map(e => e.id)"
    )
    assert unlabelled == []
    order = driver.execute_script(
        "return [...document.querySelectorAll('main input:not([type=hidden]), main select, main button')]"
        ".filter(e => !e.hidden).map(e => e.id || e.type)"
    )
    driver.execute_script("document.querySelector('a.skip').focus()")  # the page's first stop
    reached = []
    for _ in range(60):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        active = driver.switch_to.active_element
        if active.tag_name in ("input", "select", "button") and active.get_attribute("type") != "hidden":
            reached.append(active.get_attribute("id") or active.get_attribute("type"))
            if reached[-1] == "submit":
                break
    assert reached == order


def test_the_page_fits_a_phones_width(driver, served):
    driver.set_window_size(375, 800)
    try:
        for path in ("/en/", "/fr/kit", "/en/puzzles"):
            driver.get(served.origin + path)
            overflow = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, path
    finally:
        driver.set_window_size(1280, 1000)


def test_without_javascript_the_form_posts_and_the_kit_is_downloaded(served, runner, tmp_path):
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    plain = browser(downloads, javascript=False)
    try:
        plain.get(served.address)
        plain.get(served.origin + "/en/kit")
        plain.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        archive = downloaded(downloads, ["sos-kit.zip"])["sos-kit.zip"]
    finally:
        plain.quit()
    import io
    import zipfile

    files = zipfile.ZipFile(io.BytesIO(archive))
    assert {name: files.read(name) for name in files.namelist()} == cli_kit(runner, tmp_path)


def noted_boards(page: webdriver.Chrome, served, roster: Path, lang: str):
    """Sends the boards' form in `lang` with a class list that repeats a name; returns the command's report."""
    page.get(served.address)
    page.get(served.origin + f"/{lang}/boards")
    page.find_element(By.ID, "field-roster").send_keys(str(roster))
    page.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    return wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#result pre") or None)[0]


def test_without_javascript_a_note_is_shown_and_its_file_is_a_link_that_downloads(served, runner, tmp_path):
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    roster = tmp_path / "class.csv"
    roster.write_text("Ada\nAda\nBasile\nChloe\n")
    plain = browser(downloads, javascript=False)
    try:
        report = noted_boards(plain, served, roster, "en")
        assert (
            report.text
            == "note: class.csv: lines 1 and 2 hold the same name: add an initial to tell them apart on their pages"
        )
        plain.find_element(By.CSS_SELECTOR, "a.download").click()
        made = downloaded(downloads, ["boards.pdf"])["boards.pdf"]
    finally:
        plain.quit()
    out = tmp_path / "cli.pdf"
    assert runner.invoke(app, ["boards", "--roster", str(roster), "--out", str(out)]).exit_code == 0
    assert made == out.read_bytes()


def test_examples_uploaded_for_the_teachers_notes_are_checked_first(driver, served):
    driver.get(served.origin + "/en/teacher")
    good = EXAMPLES / "03-o-in-the-gap.toml"
    driver.find_element(By.ID, "field-examples").send_keys(str(good))
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    links = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "a.download") or None)
    assert [link.text for link in links] == ["Download teacher.pdf"]


# On the French page the command's own words stayed English with nothing to say so: its report is headed as English
# and every message of the command is marked lang="en" (a screen reader reads it as English), where the page's own
# refusals are French. (javascript)
@pytest.mark.parametrize("javascript", [True, False], ids=["script", "plain"])
def test_on_the_french_page_the_commands_english_words_are_marked_as_english(served, tmp_path, javascript):
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    roster = tmp_path / "classe.csv"
    roster.write_text("Ada\nAda\nBasile\n")
    page = browser(downloads, javascript=javascript)
    try:
        report = noted_boards(page, served, roster, "fr")
        assert report.get_attribute("lang") == "en" and report.text.startswith("note: classe.csv: lines 1 and 2")
        heading = page.find_element(By.CSS_SELECTOR, "#result h2:last-of-type")
        assert heading.text == "Messages du programme (en anglais)"
        page.get(served.origin + "/fr/kit")
        size = page.find_element(By.ID, "field-size")
        size.clear()
        size.send_keys("5")
        page.find_element(By.ID, "field-two-per-page").click()
        page.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        error = wait(page, ready.visibility_of_element_located((By.ID, "error-two-per-page")))
        assert error.text == "--two-per-page fits boards of 3 × 3 and 4 × 4 only, not --size 5"
        assert error.get_attribute("lang") == "en"
        assert page.find_element(By.CSS_SELECTOR, "#problems a").get_attribute("lang") == "en"
        page.get(served.origin + "/fr/solve")
        # Waited for: the kit's page, its script still answering the submit, once let the new page's field be looked
        # for before it stood (a fresh-clone run, 6 December).
        wait(page, ready.presence_of_element_located((By.ID, "field-board"))).send_keys("../../etc/passwd")
        page.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        error = wait(page, ready.visibility_of_element_located((By.ID, "error-board")))
        assert error.text.startswith(
            "Le 1er caractère de la 3e ligne (en partant du haut)"
        ) and not error.get_attribute("lang")
    finally:
        page.quit()
