"""Tests the web page of `sos-print serve` through werkzeug's test client: its forms against the command line's
declarations, its files against the command line's bytes, and its guard against hostile requests.

The browser tests (a real Chromium) are in test_serve_browser.py; the server process's own (start, Ctrl-C, load,
a school's WSGI server) in test_serve_process.py.
"""

from __future__ import annotations

import base64
import io
import json
import os
import socket
import threading
import zipfile
from pathlib import Path

import pytest
import typer.main
from conftest import EXAMPLES
from werkzeug.test import Client

from sos_print.cli import app
from sos_print.cli.serving import site
from sos_print.system.jobs import Job, Output
from sos_print.web.site import STREAM, Outcome, Settings, Site

PORT = 8123
HOST = f"127.0.0.1:{PORT}"
ORIGIN = f"http://{HOST}"
HIDDEN = {"out", "force", "help"}


HOW_NAMES = "write the seat's letter, =, and the name, with commas between seats"  # review nt64, 14


def page(settings: Settings | None = None) -> Site:
    made = site(settings or Settings(workers=2))
    made.listening(PORT)
    return made


@pytest.fixture(scope="module")
def served():
    made = page()
    yield made
    made.close()


def client_of(made: Site, key: bool = True) -> Client:
    client = Client(made)
    if key:
        client.set_cookie(made.cookie, made.secret, domain="127.0.0.1")
    return client


@pytest.fixture
def client(served):
    return client_of(served)


def post(client: Client, path: str, data: dict, stream: bool = False, **headers: str):
    """Posts a form as the page does: multipart, with its job's name, from the page's own origin."""
    headers = {"Origin": ORIGIN, **({"Accept": STREAM} if stream else {}), **headers}
    data = {"job": path.rsplit("/", 1)[1], **data}
    return client.post(path, data=data, headers=headers, base_url=ORIGIN, content_type="multipart/form-data")


def get(client: Client, path: str, **headers: str):
    return client.get(path, headers=headers, base_url=ORIGIN)


def streamed(response) -> list[dict]:
    return [json.loads(line) for line in response.get_data(as_text=True).splitlines() if line.strip()]


def result_of(response) -> dict:
    return next(message["result"] for message in streamed(response) if "result" in message)


def cli_files(runner, tmp_path: Path, command: str, *args: str) -> dict[str, bytes]:
    """Runs the command line and returns the files it wrote, by name."""
    out = tmp_path / "cli"
    folder = command in ("kit", "puzzles")
    result = runner.invoke(app, [command, *args, "--out", str(out if folder else out / f"{command}.pdf")])
    assert result.exit_code == 0, result.output
    return {path.name: path.read_bytes() for path in sorted(out.iterdir())}


# ---- the forms are the command line's -----------------------------------------------------------------------


def commands():
    group = typer.main.get_command(app)
    return [(name, command) for name, command in group.commands.items() if name != "serve"]


@pytest.mark.parametrize(("name", "command"), commands(), ids=[name for name, _ in commands()])
def test_each_form_has_every_option_of_its_command_with_its_range_default_choices_and_help(served, name, command):
    form = served.forms[name]
    params = [param for param in command.params if param.name not in HIDDEN]
    assert [field.name for field in form.fields] == [param.name for param in params]
    for field, param in zip(form.fields, params, strict=True):
        assert field.help == param.help, field.name
        if param.param_type_name == "option":
            assert field.flag == param.opts[0]
        if param.type.name == "int range":
            assert (field.minimum, field.maximum) == (param.type.min, param.type.max), field.name
        if param.type.name == "choice":
            assert len(field.choices) == len(param.type.choices), field.name
        if not param.required and not callable(param.default) and field.kind.value not in ("file", "files"):
            assert field.default == param.default, field.name


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_form_page_shows_every_field_with_its_option_range_default_and_help_in_its_language(client, lang):
    from sos_print.plans.words import Words, typography

    for name, form in page().forms.items():
        html = get(client, f"/{lang}/{name}").get_data(as_text=True)
        for field in form.fields:
            assert f'name="{field.key}"' in html, (name, field.key)
            assert f"<code>{field.flag}</code>" in html, (name, field.key)
            help_text = Words(lang)("web.help", english=field.help)
            if lang == "en":  # the command line's sentence, set with typographic apostrophes and spaces
                assert help_text == typography(field.help, "en")
            assert _escaped(help_text) in html, (name, field.key)
            if field.minimum is not None:
                assert f'min="{field.minimum}"' in html
            if field.maximum is not None:
                assert f'max="{field.maximum}"' in html
        assert f'<html lang="{lang}">' in html


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_documents_language_starts_as_the_pages_and_a_form_sent_as_shown_makes_documents_in_it(
    client, runner, tmp_path, lang
):
    # The French page chose English documents: a teacher there who changed nothing printed the kit in English.
    with_language = [name for name, form in page().forms.items() if form.field("language") is not None]
    assert len(with_language) == 8, with_language
    for name in with_language:
        html = get(client, f"/{lang}/{name}").get_data(as_text=True)
        chosen = html.split('id="field-lang"', 1)[1].split("</select>", 1)[0]
        assert chosen.count(" selected>") == 1 and f'<option value="{lang}" selected>' in chosen, (lang, name)
    response = post(client, f"/{lang}/rules", {"lang": lang})
    assert response.data == cli_files(runner, tmp_path, "rules", "--lang", lang)["rules.pdf"]
    text = _text(response.data)
    assert ("Écris" in text) is (lang == "fr") and ("Write" in text) is (lang == "en")


def _text(data: bytes) -> str:
    from pypdf import PdfReader

    return "".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def _escaped(text: str) -> str:
    from markupsafe import escape

    return str(escape(text))


def test_an_option_checked_by_its_own_function_refuses_as_on_the_command_line(client):
    result = result_of(post(client, "/en/puzzles", {"size": "3"}, stream=True))
    assert (result["status"], result["field"], result["message"]) == (
        2,
        "size",
        "Invalid value for '--size': 3 × 3 positions are too easy to be interesting; puzzles are printed on 4 × 4 "
        "to 6 × 6 boards",
    )


# ---- the page's files are the command line's ------------------------------------------------------------------


KIT = {"lang": "fr", "notation": "L1C1", "groups": "5"}


def test_a_kit_from_the_page_is_the_command_lines_kit_byte_for_byte(client, runner, tmp_path):
    expected = cli_files(runner, tmp_path, "kit", "--lang", "fr", "--notation", "L1C1", "--groups", "5")
    response = post(client, "/fr/kit", KIT)
    assert response.status_code == 200
    assert response.headers["Content-Disposition"] == 'attachment; filename="sos-kit.zip"'
    archive = zipfile.ZipFile(io.BytesIO(response.data))
    assert {name: archive.read(name) for name in archive.namelist()} == expected
    result = result_of(post(client, "/fr/kit", KIT, stream=True))
    assert result["status"] == 0
    assert {item["name"]: base64.b64decode(item["data"]) for item in result["files"]} == expected
    assert [item["label"] for item in result["files"]] == [
        f"{pages}\u00a0pages, {round(len(expected[name]) / 1024)}\u00a0Ko"  # a number keeps its unit
        for name, pages in (("players.pdf", 12), ("teacher.pdf", _pages(expected["teacher.pdf"])))
    ]
    assert len(result["preview"]) == 2
    alts = [picture["alt"] for picture in result["preview"]]
    assert alts == ["Page 1\u00a0de players.pdf", "Page 2\u00a0de players.pdf"]  # a number keeps the word after it
    png = base64.b64decode(result["preview"][0]["src"].split(",", 1)[1])
    assert png.startswith(b"\x89PNG\r\n\x1a\n")


def _pages(data: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(data)).pages)


def test_a_single_document_is_downloaded_as_itself(client, runner, tmp_path):
    expected = cli_files(runner, tmp_path, "boards", "--size", "6", "--paper", "letter")
    response = post(client, "/en/boards", {"size": "6", "paper": "letter"})
    assert response.headers["Content-Type"] == "application/pdf"
    assert response.headers["Content-Disposition"] == 'attachment; filename="boards.pdf"'
    assert response.data == expected["boards.pdf"]


def test_the_rule_sheet_form_offers_the_kits_game_options(served, client, runner, tmp_path):
    # The rules form had no variant: a teacher playing team SOS to 5 points had its rule sheet in a whole kit only
    # (issue 23, review 34, H9). Its fields are the kit's own, and the page's sheet is the command line's.
    kit, rules = served.forms["kit"], served.forms["rules"]
    for name in ("players", "teams", "target", "first_sos_wins"):
        assert rules.field(name) == kit.field(name), name
    expected = cli_files(runner, tmp_path, "rules", "--teams", "--target", "5", "--lang", "fr")
    response = post(client, "/fr/rules", {"teams": "on", "target": "5", "lang": "fr"})
    assert response.headers["Content-Type"] == "application/pdf"
    assert response.data == expected["rules.pdf"]


def test_a_replay_of_an_uploaded_record_is_the_command_lines_and_never_names_the_servers_folder(
    client, runner, tmp_path
):
    record = EXAMPLES / "01-one-o-two-lines.toml"
    expected = runner.invoke(app, ["replay", str(record), "--out", str(tmp_path / "replay.pdf")])
    assert expected.exit_code == 0
    data = {"record": (io.BytesIO(record.read_bytes()), record.name)}
    response = post(client, "/en/replay", data)
    assert response.data == (tmp_path / "replay.pdf").read_bytes()
    # A record named in letters outside Latin-1, which no header may hold: the server wrote none and the page got no
    # answer (sweep ad95, 3). Its name goes in UTF-8, and in ASCII for an older browser.
    response = post(client, "/en/replay", {"record": (io.BytesIO(record.read_bytes()), "Łódź «1».toml")})
    disposition = response.headers["Content-Disposition"]
    assert disposition == (
        "attachment; filename=\"_odz _1_-replay.pdf\"; filename*=UTF-8''%C5%81%C3%B3d%C5%BA%20%C2%AB1%C2%BB-replay.pdf"
    )
    assert disposition.encode("latin-1") and response.data == (tmp_path / "replay.pdf").read_bytes()


# What check notes of a record that stops before the end of its game, on 4 x 4.
STOPS_AFTER_1 = "the record stops after 1 move, before the end of the game: 15 of the 4 × 4 board's cells are empty"
STOPS_AFTER_3 = "the record stops after 3 moves, before the end of the game: 13 of the 4 × 4 board's cells are empty"


def test_a_record_checked_on_the_page_says_what_check_says_naming_the_file_as_uploaded(client):
    text = "move,player,letter,cell,lines,points\n1,A,S,B1,,0\n2,B,O,B2,,0\n3,A,S,B3,B1-B3,2\n"
    data = {"paths": (io.BytesIO(text.encode()), "groupe 3.csv"), "size": "4"}
    result = result_of(post(client, "/en/check", data, stream=True))
    assert result["status"] == 1
    assert result["lines"] == [
        "groupe 3.csv: move 3 (row 4): claims 2 points, the rules give 1 (B1-B3)",
        "checked 1 file: 1 problem in 1 file",
        f"note: groupe 3.csv: {STOPS_AFTER_3}",
    ]
    html = post(client, "/en/check", {**data, "paths": (io.BytesIO(text.encode()), "groupe 3.csv")})
    assert html.status_code == 200
    assert "groupe 3.csv: move 3 (row 4): claims 2 points, the rules give 1 (B1-B3)" in html.get_data(as_text=True)
    assert "sos-print-web" not in html.get_data(as_text=True)


def test_files_sent_under_one_name_are_each_named_by_their_place(client):
    # Two tablets' exports, both "audit.csv", one with a false claim: the problem was told under the name both had,
    # and the teacher could not tell which (sweep ad96, 3).
    good = "move,player,letter,cell,lines,points\n1,A,S,B1,,0\n2,B,O,B2,,0\n3,A,S,B3,B1-B3,1\n"
    data = {
        "paths": [
            (io.BytesIO(good.encode()), "audit.csv"),
            (io.BytesIO(good.replace("B1-B3,1", "B1-B3,2").encode()), "audit.csv"),
            (io.BytesIO(good.encode()), "other.csv"),
        ],
        "size": "4",
    }
    result = result_of(post(client, "/en/check", data, stream=True))
    assert result["status"] == 1
    assert result["lines"][:2] == [
        "audit.csv (file 2): move 3 (row 4): claims 2 points, the rules give 1 (B1-B3)",
        "checked 3 files: 1 problem in 1 file",
    ], result["lines"]


@pytest.mark.parametrize(
    ("path", "data", "field", "message"),
    [
        (
            "/en/kit",
            {"size": "5", "two-per-page": "1"},
            "two-per-page",
            "--two-per-page fits boards of 3 × 3 and 4 × 4 only, not --size 5",
        ),
        ("/en/kit", {"size": "9"}, "size", "Invalid value for '--size': 9 is not from 3 to 8."),
        # as the command line says it (sweep 41 C2), not click's "is not a valid int range"
        ("/en/kit", {"groups": "0x1"}, "groups", "'0x1' is not a whole number in the digits 0 to 9."),
        ("/en/audit", {"groups": "\uff14"}, "groups", "'\uff14' is not a whole number in the digits 0 to 9."),
        (
            "/en/kit",
            {"target": "10"},
            "target",
            "a full 4 × 4 grid holds at most 9 S-O-S, so --target 10 can never be reached",
        ),
        (
            "/fr/solve",
            {"board": "/etc/passwd"},
            "board",
            "Le 1er caractère de la 2e ligne (en partant du haut) est «\u202fe\u202f» (U+0065)\u202f: une position ne "
            "peut contenir que des\u00a0S, des O\u00a0et des points (cases vides), les lignes étant séparées par des "
            "barres obliques (comme\u00a0S.O./..S./O.../..O.).",
        ),
        # The character and its place first, as the command line names them: a long s or a zero-width space showed as an
        # S or as nothing, and the sentence did not say which (sweep ad99, C2); its row counted from the top, as typed.
        (
            "/en/solve",
            {"board": "S..\u200b/.../..."},
            "board",
            "Row 1\u00a0from the top holds \u200b (U+200B) at place 4: a position holds only S,\u00a0O and dots (empty "
            "cells), its rows separated by slashes (like\u00a0S.O./..S./O.../..O.).",
        ),
        (
            "/en/solve",
            {"board": "\u017f../.../..."},
            "board",
            "Row 1\u00a0from the top holds \u017f (U+017F) at place 1: a position holds only S,\u00a0O and dots (empty "
            "cells), its rows separated by slashes (like\u00a0S.O./..S./O.../..O.).",
        ),
        # A position the pattern lets through is read as a board, never looked up on the server: "../../.." was
        # "not a folder", which told what exists there (sweep ad73, 2).
        (
            "/en/solve",
            {"board": "../../.."},
            "board",
            "BOARD '../../..': row 1 ('..') has 2 cells, but there are 3 rows: a board has as many cells in each row "
            "as it has rows, separated by /",
        ),
        ("/en/solve", {}, "board", "Missing argument 'BOARD'."),  # not the command's whole --help
        ("/en/analyse", {}, "record", "Missing argument 'RECORD'."),
        (
            "/en/solve",
            {"board": "S"},
            "board",
            "BOARD 'S': a board has 3 to 8 rows, not 1",  # the page's field takes no file (sweep ad99, C2)
        ),
        (
            "/en/solve",
            {"board": "/".join(["." * 8] * 8)},
            "board",
            "the position has 64 empty cells, and the solver takes at most 16: each further empty cell makes the "
            "search about three times longer",
        ),
        (
            "/en/grids",
            {"class-name": "a\x00b"},
            "class-name",
            "class name: U+0000 (a control character) is not in the font",
        ),
        (
            "/en/grids",
            {"class-name": "x" * 10_000},
            "class-name",
            "the class name has 10000 characters: at most 1000",
        ),
    ],
    ids=[
        "combination",
        "range",
        "not-a-number",
        "look-alike-digit",
        "target",
        "a-path-for-a-board",
        "zero-width-space",
        "long-s",
        "dots-board",
        "no-board",
        "no-record",
        "short-board",
        "board-too-empty",
        "class-name-control",
        "class-name-too-long",
    ],
)
def test_a_refusal_is_the_command_lines_own_message_next_to_the_field_it_concerns(client, path, data, field, message):
    result = result_of(post(client, path, data, stream=True))
    assert (result["status"], result["field"], result["message"]) == (2, field, message)
    html = post(client, path, data)
    assert html.status_code == 400
    text = html.get_data(as_text=True)
    assert f'<p class="error" id="error-{field}">{_escaped(message)}</p>' in text
    assert f'<a href="#field-{field}">{_escaped(message)}</a>' in text


# The 101st file sent to a field of several was left out without a word: its game never read, "checked 100 files:
# every claim holds" (adversarial sweep ad49, F1). A field takes at most 100 files, a field of one file one: more is
# refused beside the field, before anything runs.
@pytest.mark.parametrize(
    ("path", "field", "count", "lang", "message"),
    [
        (
            "/en/check",
            "paths",
            101,
            "en",
            "This field takes at most 100\u00a0files at a time: 101\u00a0were sent. Send the others in another run.",
        ),
        (
            "/fr/check",
            "paths",
            101,
            "fr",
            "Ce champ prend au plus 100\u00a0fichiers à la fois\u202f: 101\u00a0ont été envoyés. "
            "Envoyez les autres ensuite.",
        ),
        ("/en/boards", "roster", 2, "en", "This field takes one file: 2\u00a0were sent. Send one."),
    ],
    ids=["101 records", "101 records fr", "two class lists"],
)
def test_a_field_sent_more_files_than_it_takes_is_refused_and_none_is_left_out(
    client, path, field, count, lang, message
):
    def files():
        return [(io.BytesIO(b"Name\nLea\n"), f"file {number}.csv") for number in range(count)]

    result = result_of(post(client, path, {field: files()}, stream=True))
    assert (result["status"], result["field"], result["message"]) == (2, field, message)
    html = post(client, path, {field: files()})
    assert html.status_code == 400
    assert f'<p class="error" id="error-{field}">{_escaped(message)}</p>' in html.get_data(as_text=True)
    if count > 2:  # a hundred are taken: the job reads them (and names the first that is no game record)
        taken = result_of(post(client, path, {field: files()[:100]}, stream=True))
        assert taken["field"] != field and "file 0.csv" in taken["message"], taken


def test_a_part_sent_without_a_file_name_is_read_when_it_holds_something_and_counts_for_nothing_when_empty(client):
    # A browser sends a nameless empty part for a field left empty; a hand-made client may send a file without its
    # name: it is read and named (a false claim in it is found), never dropped without a word (issue 20).
    good = (EXAMPLES / "01-one-o-two-lines.toml").read_bytes()
    false = (EXAMPLES / "01-one-o-two-lines.toml").read_text().replace("points = 2", "points = 3", 1).encode()
    assert false != good
    result = result_of(
        post(client, "/en/check", {"paths": [(io.BytesIO(good), "a.toml"), (io.BytesIO(false), "")]}, stream=True)
    )
    assert result["status"] == 1 and any(line.startswith("upload-2:") for line in result["lines"]), result
    result = result_of(
        post(client, "/en/check", {"paths": [(io.BytesIO(good), "a.toml"), (io.BytesIO(b""), "")]}, stream=True)
    )
    assert (result["status"], result["lines"]) == (0, ["checked 1 file: every claim holds"]), result
    roster = {"roster": [(io.BytesIO(b"Name\nLea\n"), "class.csv"), (io.BytesIO(b"Name\nTom\n"), "")]}
    result = result_of(post(client, "/en/boards", roster, stream=True))
    assert (result["status"], result["field"]) == (2, "roster"), result


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (
            [f"Child {number}" for number in range(201)],
            "class.csv: holds more than 200 names; a class list holds at most 200: split it",
        ),
        (
            ["A" * 65, "Basile"],
            "class.csv: line 1: a name of 65 characters; a name holds at most 40: shorten it (a first name and an "
            "initial tell children apart)",
        ),
    ],
    ids=["too-many", "too-long"],
)
def test_a_class_list_the_command_cannot_use_is_refused_beside_its_field(client, names, message):
    roster = "\n".join(names).encode()
    result = result_of(post(client, "/en/boards", {"roster": (io.BytesIO(roster), "class.csv")}, stream=True))
    assert (result["status"], result["field"], result["message"], result["files"]) == (1, "roster", message, [])
    html = post(client, "/en/boards", {"roster": (io.BytesIO(roster), "class.csv")})
    assert html.status_code == 422
    assert f'<p class="error" id="error-roster">{_escaped(message)}</p>' in html.get_data(as_text=True)


def test_without_javascript_a_download_with_a_note_is_the_page_with_the_note_and_the_file(client, runner, tmp_path):
    import html as markup
    import re

    roster = b"Ada\nAda\nBasile\nChloe\n"
    response = post(client, "/en/boards", {"roster": (io.BytesIO(roster), "class.csv")})
    assert response.status_code == 200 and response.headers["Content-Type"].startswith("text/html")
    page_text = response.get_data(as_text=True)
    said = "note: class.csv: lines 1 and 2 hold the same name: add an initial to tell them apart on their pages"
    assert said in page_text
    links = re.findall(r'<a class="download" href="data:application/pdf;base64,([^"]+)" download="([^"]+)">', page_text)
    assert [name for _, name in links] == ["boards.pdf"]
    (tmp_path / "class.csv").write_bytes(roster)
    expected = cli_files(runner, tmp_path, "boards", "--roster", str(tmp_path / "class.csv"))
    assert {"boards.pdf": base64.b64decode(markup.unescape(links[0][0]))} == expected
    plain = post(client, "/en/grids", {"sizes": "4"})  # no note: the file itself, as before
    assert plain.headers["Content-Disposition"] == 'attachment; filename="grids.pdf"'


def test_a_form_sent_back_keeps_what_was_chosen(client):
    html = post(client, "/en/kit", {"size": "5", "two-per-page": "1", "class-name": "CM1 <b>"}).get_data(as_text=True)
    assert 'value="5"' in html and 'value="CM1 &lt;b&gt;"' in html
    assert 'name="two-per-page" value="1" checked' in html


# ---- the guard ----------------------------------------------------------------------------------------------


def test_the_address_with_the_key_sets_the_cookie_and_leaves_the_address_bar(served):
    client = client_of(served, key=False)
    response = get(client, f"/?key={served.secret}")
    assert response.status_code == 303 and response.headers["Location"] == "/"
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith(f"{served.cookie}={served.secret};")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert get(client, "/en/kit").status_code == 200  # the cookie now lets it in


@pytest.mark.parametrize("path", ["/en/%0d%0aSet-Cookie:x=1", "/%0a", "/en/\u00e9t\u00e9"])
def test_an_address_with_its_key_and_a_strange_path_goes_nowhere_but_the_path_itself(served, path):
    client = client_of(served, key=False)
    response = client.get(f"{path}?key={served.secret}", base_url=ORIGIN)
    assert response.status_code == 303 and "\n" not in response.headers["Location"]
    assert response.headers.getlist("Set-Cookie") == [response.headers["Set-Cookie"]]  # the key's, and no other
    assert get(client, response.headers["Location"]).status_code == 404


@pytest.mark.parametrize(
    ("how", "status"),
    [("no-key", 403), ("wrong-key", 403), ("wrong-cookie", 403), ("foreign-host", 403), ("put", 405)],
)
def test_a_request_without_the_key_or_for_another_host_is_refused_in_one_sentence(served, how, status):
    client = client_of(served, key=how not in ("no-key", "wrong-key", "wrong-cookie"))
    if how == "wrong-cookie":
        client.set_cookie(served.cookie, "x" * len(served.secret), domain="127.0.0.1")
    path = "/?key=wrong" if how == "wrong-key" else "/en/kit"
    headers = {"Host": "attacker.example"} if how == "foreign-host" else {}
    put = how == "put"
    response = client.put("/en/kit", headers=headers, base_url=ORIGIN) if put else get(client, path, **headers)
    assert response.status_code == status
    body = response.get_data(as_text=True)
    assert body.count('role="alert"') == 1 and "Traceback" not in body
    assert 'name="size"' not in body  # nothing of the page


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://attacker.example"},
        {"Origin": "null"},
        {"Origin": "null", "Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Origin": f"http://127.0.0.1:{PORT + 1}"},
        {"Origin": f"https://127.0.0.1:{PORT}"},
        {"Origin": f"http://localhost:{PORT}"},
    ],
    ids=[
        "other-origin",
        "null-origin",
        "null-origin-cross-site",
        "cross-site",
        "other-port",
        "other-scheme",
        "other-name",
    ],
)
def test_a_post_from_another_site_is_refused_and_runs_nothing(client, headers):
    response = client.post("/en/kit", data={"groups": "2"}, headers=headers, base_url=ORIGIN)
    assert response.status_code == 403
    assert "Content-Disposition" not in response.headers


def test_a_name_given_with_allowed_host_is_answered_with_the_port_the_page_listens_on():
    made = page(Settings(workers=1, allowed_hosts=("Sos.School.example", "10.0.0.5")))
    for host in (f"sos.school.example:{PORT}", f"10.0.0.5:{PORT}"):
        client = Client(made)
        client.set_cookie(made.cookie, made.secret, domain=host.split(":")[0])
        assert client.get("/en/", base_url=f"http://{host}").status_code == 200
        origin = {"Origin": f"http://{host}"}
        assert (
            client.post(
                "/en/grids",
                data={"job": "grids"},
                headers=origin,
                base_url=f"http://{host}",
                content_type="multipart/form-data",
            ).status_code
            == 200
        )
    made.close()


@pytest.mark.parametrize(
    ("host", "origin", "status"),
    [
        ("sos.school.example", "https://sos.school.example", 200),
        ("sos.school.example", "http://sos.school.example:80", 200),
        ("sos.school.example:8443", "https://sos.school.example:8443", 200),
        ("sos.school.example", "http://sos.school.example:9999", 403),
        ("sos.school.example", "https://sos.school.example:8443", 403),
        ("sos.school.example:8443", "https://sos.school.example", 403),
        ("sos.school.example", "ftp://sos.school.example", 403),
        ("sos.school.example", "https://other.school.example", 403),
    ],
)
def test_on_a_schools_server_a_post_must_come_from_the_whole_origin_teachers_type(host, origin, status):
    made = page(Settings(workers=1, allowed_hosts=("sos.school.example",), secret=False))
    client = Client(made)
    response = client.post(
        "/en/grids",
        data={"job": "grids"},
        headers={"Origin": origin},
        base_url=f"http://{host}",
        content_type="multipart/form-data",
    )
    assert response.status_code == status
    made.close()


def test_a_get_never_runs_a_command(client):
    response = get(client, "/en/kit?groups=3&size=5")
    assert response.status_code == 200 and response.headers["Content-Type"].startswith("text/html")


@pytest.mark.parametrize("path", ["/en/", "/fr/kit", "/static/app.js", "/nowhere", "/"])
def test_every_answer_carries_the_security_headers(client, path):
    headers = get(client, path).headers
    policy = headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy and "unsafe-inline" not in policy
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"
    assert headers["Cache-Control"] == "no-store"


@pytest.mark.parametrize(
    ("path", "stream"),
    [("/en/grids", False), ("/en/grids", True), ("/en/puzzles", False)],
    ids=["download", "stream", "archive"],
)
def test_no_made_file_is_kept_by_the_browser_or_a_proxy(client, path, stream):
    response = post(
        client,
        path,
        {"kind": "score-now", "size": "4", "count": "1"} if "puzzles" in path else {"sizes": "4"},
        stream=stream,
    )
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"


def test_the_page_holds_no_inline_script_or_style(client):
    import re

    html = get(client, "/en/kit").get_data(as_text=True)
    assert re.findall(r"<script[^>]*>", html) == ['<script src="/static/app.js" defer>']
    assert not re.search(r"<style|\sstyle=|\son[a-z]+=", html)


def test_an_upload_larger_than_the_page_takes_is_one_sentence(client):
    big = io.BytesIO(b"x" * 101_000_001)
    response = post(client, "/en/check", {"paths": (big, "big.csv")})
    assert response.status_code == 413
    assert "The files sent are larger than the page takes (100\u00a0MB in all)." in response.get_data(as_text=True)


class _Chunked(io.RawIOBase):
    """Reads as a form post sent in chunks: the check form's job, then a file of `size` bytes that never closes, or
    that closes at the form's end where the body is to be `whole` bytes long in all."""

    def __init__(self, size: int, whole: int = 0) -> None:
        self.head = (
            b'--OUT\r\nContent-Disposition: form-data; name="job"\r\n\r\ncheck\r\n'
            b'--OUT\r\nContent-Disposition: form-data; name="paths"; filename="a.csv"\r\n\r\n'
        )
        self.tail = b"\r\n--OUT--\r\n" if whole else b""
        self.left = whole - len(self.head) - len(self.tail) if whole else size

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if self.head:
            count = min(len(buffer), len(self.head))
            buffer[:count], self.head = self.head[:count], self.head[count:]
            return count
        count = min(len(buffer), self.left)
        buffer[:count] = b"x" * count
        self.left -= count
        if not count and self.tail:
            count = min(len(buffer), len(self.tail))
            buffer[:count], self.tail = self.tail[:count], self.tail[count:]
        return count


def chunked_post(served, body: io.RawIOBase) -> tuple[str, str]:
    """Posts `body` to the check form as a server passes on a body sent in chunks; returns the status and the page."""
    from werkzeug.test import EnvironBuilder, run_wsgi_app

    headers = {"Origin": ORIGIN, "Content-Type": "multipart/form-data; boundary=OUT", "Transfer-Encoding": "chunked"}
    environ = EnvironBuilder(path="/en/check", method="POST", base_url=ORIGIN, headers=headers).get_environ()
    del environ["CONTENT_LENGTH"]  # its end marked, its length unknown
    environ.update(
        {
            "CONTENT_TYPE": headers["Content-Type"],
            "wsgi.input": io.BufferedReader(body),
            "wsgi.input_terminated": True,
            "HTTP_COOKIE": f"{served.cookie}={served.secret}",
        }
    )
    page, status, _ = run_wsgi_app(served, environ)
    return status, b"".join(page).decode()


@pytest.mark.parametrize(("whole", "refused"), [(101_000_000, False), (101_000_001, True)])
def test_a_form_sent_in_chunks_is_taken_up_to_the_length_the_page_takes_exactly(served, whole, refused):
    # A body of exactly 101,000,000 bytes sent in chunks was refused as too large, the same with a length taken:
    # werkzeug's limit refused the read after its last byte (sweep ad53, F7).
    status, page = chunked_post(served, _Chunked(0, whole=whole))
    told = "The files sent are larger than the page takes (100\u00a0MB in all)." in page
    assert (status.startswith("413"), told) == (refused, refused), status
    assert refused or "a.csv: a CSV record does not say its board size" in page  # read whole, then checked


def test_an_upload_sent_in_chunks_larger_than_the_page_takes_is_told_so(served):
    # A body sent in chunks names no length: past 100 MB the page blamed a field too long (sweep ad50, F6).
    status, page = chunked_post(served, _Chunked(101_000_001))
    assert status.startswith("413")
    assert "The files sent are larger than the page takes (100\u00a0MB in all)." in page


@pytest.mark.parametrize(
    "data",
    [
        {"class-name": "x" * 2_000_000},
        {"file": (io.BytesIO(b""), "a.txt"), **{f"part{number}": "1" for number in range(1000)}},  # multipart
    ],
    ids=["a-long-field", "many-parts"],
)
def test_a_form_too_long_for_the_page_is_told_so_not_that_its_files_are_too_large(client, data):
    response = post(client, "/en/grids", data)
    assert response.status_code == 413
    text = response.get_data(as_text=True)
    assert "A\u00a0field of the form is too long, or the form has too many parts: shorten it and send it again." in text
    assert "100 MB" not in text


@pytest.mark.parametrize(
    ("path", "data", "field"),
    [
        ("/en/replay", {"print-notation": "x" * 300_000}, "print-notation"),
        ("/en/solve", {"board": "S.O/.../...", "players": "9" * 4_000}, "players"),
        ("/en/solve", {"board": "S.O/.../...", "to-move": "z" * 300_000}, "to-move"),
    ],
    ids=["300,000 letters", "4,000 digits", "300,000 letters to solve"],
)
def test_a_usage_error_echoes_a_long_value_cut_as_the_command_line_does(client, path, data, field):
    # The page echoed the value whole: a message of 300,068 characters, an answer of 609 KB (sweep ad50, F2).
    if path == "/en/replay":
        data = {
            **data,
            "size": "4",
            "record": (io.BytesIO(b"move,player,letter,cell,lines,points\n1,A,S,B1,,0\n"), "g.csv"),
        }
    result = result_of(post(client, path, data, stream=True))
    assert result["status"] == 2 and result["field"] == field, result
    assert len(result["message"]) < 200 and "\u2026" in result["message"], result["message"][:300]


@pytest.mark.parametrize(("option", "value"), [("target", "5"), ("players", "3"), ("first-sos-wins", "1")])
def test_a_game_the_solver_cannot_weigh_is_refused_beside_the_option_that_chose_it(client, option, value):
    # It was marked on the board's field, which was right (sweep ad50, F6).
    result = result_of(post(client, "/en/solve", {"board": "S.O/.../...", option: value}, stream=True))
    assert (result["status"], result["field"]) == (2, option), result
    assert "the solver weighs moves in the standard game between two sides" in result["message"]


@pytest.mark.parametrize(
    "data",
    [
        [("job", "check"), ("size", "4"), ("size", "5")],
        [("job", "solve"), ("board", "S.O/.../..."), ("json", "off")],
        # A record under a near name, and a check box's near name (the game checked under other rules): sweep ad51 F3.
        [("job", "check"), ("size", "4"), ("paths2", "move,player,letter,cell,lines,points\n1,A,S,B1,,3")],
        [("job", "solve"), ("board", "S.O/.../..."), ("first_sos_wins", "1")],
    ],
    ids=["a field twice", "a check box sent off", "a record under another name", "a near name"],
)
def test_a_form_holding_what_the_page_never_sends_is_refused_and_nothing_runs(client, data):
    # The second size was left out without a word, and "off" read as the box ticked (sweep ad50, F6).
    path = f"/en/{data[0][1]}"
    body = (
        "".join(
            f'--OUT\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n' for key, value in data
        ).encode()
        + b"--OUT--\r\n"
    )
    headers = {"Origin": ORIGIN, "Content-Type": "multipart/form-data; boundary=OUT", "Accept": STREAM}
    response = client.post(path, data=body, headers=headers, base_url=ORIGIN)
    assert response.status_code == 400
    said = (
        "The form holds a field twice, or a value the page never sends: nothing was run. Fill in the form on the page "
        "itself, unchanged, and send it again."
    )
    assert json.loads(response.get_data(as_text=True)) == {"refused": said}


def test_a_field_whose_bytes_are_not_utf8_is_refused_not_printed_as_question_marks(client):
    # "3B\xe9\xe9" in Latin-1 was printed "3B\ufffd\ufffd" on every board's class line, status 0 (sweep ad51 F4).
    body = (
        b'--OUT\r\nContent-Disposition: form-data; name="job"\r\n\r\nboards\r\n'
        b'--OUT\r\nContent-Disposition: form-data; name="class-name"\r\n\r\n3B\xe9\xe9\r\n--OUT--\r\n'
    )
    headers = {"Origin": ORIGIN, "Content-Type": "multipart/form-data; boundary=OUT", "Accept": STREAM}
    response = client.post("/en/boards", data=body, headers=headers, base_url=ORIGIN)
    assert response.status_code == 400
    said = (
        "The form holds a field twice, or a value the page never sends: nothing was run. Fill in the form on the page "
        "itself, unchanged, and send it again."
    )
    assert json.loads(response.get_data(as_text=True)) == {"refused": said}


@pytest.mark.parametrize(
    "twice",
    [
        b'Content-Disposition: form-data; name="paths"; filename="a.toml"\r\n'
        b'Content-Disposition: form-data; name="size"',
        b'content-disposition: form-data; name="size"\r\n'
        b'Content-Disposition: form-data; name="paths"; filename="a.toml"',
        # One header naming the part twice: werkzeug read the last name, a file field's (ad53 F5).
        b'Content-Disposition: form-data; name="size"; filename="a.toml"; NAME="paths"',
    ],
    ids=["a file, then a field", "a field, then a file", "one header naming it twice"],
)
def test_a_file_part_naming_itself_twice_is_refused_not_read_under_one_name(client, twice):
    # Two Content-Disposition headers on one part: werkzeug read the first (a record under "paths") and left the
    # second ("size") out without a word (issue 20, sweep ad50); a field's part, its file too (ad53 F1).
    good = (EXAMPLES / "01-one-o-two-lines.toml").read_bytes()
    body = (
        b'--OUT\r\nContent-Disposition: form-data; name="job"\r\n\r\ncheck\r\n'
        b"--OUT\r\n" + twice + b"\r\n\r\n" + good + b"\r\n--OUT--\r\n"
    )
    headers = {"Origin": ORIGIN, "Content-Type": "multipart/form-data; boundary=OUT", "Accept": STREAM}
    response = client.post("/en/check", data=body, headers=headers, base_url=ORIGIN)
    assert response.status_code == 400
    assert json.loads(response.get_data(as_text=True))["refused"].startswith("The form holds a file the page does not")


@pytest.mark.parametrize(
    "head",
    [
        b'Content-Disposition: form-data; name="paths"; filename="L\xe9a.toml"',
        b'Content-Disposition: form-data; name="caf\xe9"',
        # A name percent-encoded in other bytes than UTF-8 was read as "L\ufffda.toml" (ad53 F4).
        b"Content-Disposition: form-data; name=\"paths\"; filename*=UTF-8''L%E9a.toml",
    ],
    ids=["a file's name", "a field's name", "a file's name percent-encoded"],
)
@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "A\u00a0file or field name in the form is not encoded in UTF-8, the format every browser uses: nothing was "
            "run. Send the file from the page itself, or rename it using only unaccented letters, digits, hyphens or "
            "underscores, and send it again.",
        ),
        (
            "fr",
            "Un nom de fichier ou de champ du formulaire n\u2019est pas encodé en UTF-8, le format qu\u2019utilisent "
            "tous les navigateurs\u202f: rien n\u2019a été lancé. Envoyez le fichier depuis la page elle-même, ou "
            "renommez-le sans accents ni caractères spéciaux, puis envoyez-le de nouveau.",
        ),
    ],
)
def test_a_name_not_in_utf8_is_named_not_called_damaged(client, head, lang, said):
    # A file named "L\xe9a.csv" in Latin-1 got "The form arrived damaged: send it again", which could not help: no
    # browser sends such a name, and sending it again sends it alike (sweep ad50, F6; worded with fr53).
    body = b"--OUT\r\n" + head + b"\r\n\r\nabc\r\n--OUT--\r\n"
    headers = {"Origin": ORIGIN, "Content-Type": "multipart/form-data; boundary=OUT", "Accept": STREAM}
    response = client.post(f"/{lang}/check", data=body, headers=headers, base_url=ORIGIN)
    assert response.status_code == 400
    assert json.loads(response.get_data(as_text=True)) == {"refused": said}


@pytest.mark.parametrize(
    "head",
    [
        b'Content-Disposition: form-data; name="paths"; filename="a.toml"\r\nContent-Type: text/pl\xe9in',
        b'Content-Disposition: form-data; name="paths"; filename="a.toml"\r\nX-Caf\xe9: 1',
    ],
    ids=["its type", "another header's name"],
)
def test_a_parts_header_not_in_utf8_but_its_name_is_called_damaged_not_a_name_to_rename(client, head):
    # Told "A file or field name in the form is not encoded in UTF-8 ... rename it": no name was (ad53 F6).
    body = b"--OUT\r\n" + head + b"\r\n\r\nabc\r\n--OUT--\r\n"
    headers = {"Origin": ORIGIN, "Content-Type": "multipart/form-data; boundary=OUT", "Accept": STREAM}
    response = client.post("/en/check", data=body, headers=headers, base_url=ORIGIN)
    assert response.status_code == 400
    assert json.loads(response.get_data(as_text=True)) == {"refused": "The form arrived damaged: send it again."}


def _parts(*parts: tuple[bytes, bytes]) -> bytes:
    """Returns a multipart body of the check form's job, a good record, then `parts` (headers, content)."""
    good = (EXAMPLES / "01-one-o-two-lines.toml").read_bytes()
    made = [
        (b'Content-Disposition: form-data; name="job"', b"check"),
        (b'Content-Disposition: form-data; name="paths"; filename="a.toml"', good),
        *parts,
    ]
    return b"".join(b"--OUT\r\n" + head + b"\r\n\r\n" + body + b"\r\n" for head, body in made) + b"--OUT--\r\n"


FALSE_RECORD = b"move,player,letter,cell,lines,points\n1,A,S,B1,,3\n"  # a false claim, which a job would find
STRAY = {
    "a file under a name the form does not have": (
        b'Content-Disposition: form-data; name="Paths"; filename="b.csv"',
        FALSE_RECORD,
    ),
    "a file part with no name": (b'Content-Disposition: form-data; filename="b.csv"', FALSE_RECORD),
    "a record sent as text to the files' field": (b'Content-Disposition: form-data; name="paths"', FALSE_RECORD),
    "a nested multipart in the files' field": (
        b'Content-Disposition: form-data; name="paths"\r\nContent-Type: multipart/mixed; boundary=in',
        b'--in\r\nContent-Disposition: file; filename="b.csv"\r\n\r\n' + FALSE_RECORD + b"\r\n--in--",
    ),
}


@pytest.mark.parametrize("part", STRAY.values(), ids=STRAY)
@pytest.mark.parametrize("stream", [True, False], ids=["script", "plain form"])
def test_a_file_in_a_part_the_page_does_not_read_is_refused_and_nothing_runs(client, part, stream):
    # Each of these was left out without a word, and the good record beside it checked: "every claim holds", status 0
    # (issue 20, sweep ad50 F1).
    headers = {
        "Origin": ORIGIN,
        "Content-Type": "multipart/form-data; boundary=OUT",
        **({"Accept": STREAM} if stream else {}),
    }
    response = client.post("/en/check", data=_parts(part), headers=headers, base_url=ORIGIN)
    said = (
        "The form holds a file the page does not expect (under a field name it does not use, or sent as text instead "
        "of a file): nothing was run. Choose the files in the page\u2019s own fields, and send the form again."
    )
    assert response.status_code == 400
    text = response.get_data(as_text=True)
    if stream:
        assert json.loads(text) == {"refused": said}
    else:
        assert _escaped(said) in text.replace("\u00a0", " ")
    # An empty file part a browser sends for another form's field left empty is no file: it counts for nothing.
    empty = (b'Content-Disposition: form-data; name="examples"; filename=""', b"")
    result = result_of(
        client.post("/en/check", data=_parts(empty), headers={**headers, "Accept": STREAM}, base_url=ORIGIN)
    )
    assert (result["status"], result["lines"]) == (0, ["checked 1 file: every claim holds"]), result


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        (b"garbage", "multipart/form-data; boundary=XYZ"),
        (b'--XYZ\r\nContent-Disposition: form-data; name="size"\r\n\r\n5', "multipart/form-data; boundary=XYZ"),
        (b"x", "multipart/form-data"),
        (b"size=5", "application/x-www-form-urlencoded"),
        # The page sends multipart forms alone: urlencoded, a chunked body was cut at 101 MB and "3B%E9%E9" printed
        # as written, the job run (ad53 F2, F3).
        (b"job=kit&class-name=3B%E9%E9", "application/x-www-form-urlencoded"),
    ],
    ids=["garbage", "never-closed", "no-boundary", "not-the-pages-form", "urlencoded"],
)
def test_a_malformed_form_is_one_sentence_and_runs_nothing(client, body, kind):
    response = client.post("/en/kit", data=body, headers={"Origin": ORIGIN, "Content-Type": kind}, base_url=ORIGIN)
    assert response.status_code == 400
    text = response.get_data(as_text=True)
    assert "The form arrived damaged: send it again." in text and "Traceback" not in text


@pytest.mark.parametrize("name", ["groupe 3.csv.bak", "groupe 3", "groupe 3.dat"])
def test_an_uploaded_record_named_otherwise_is_read_by_its_header_row(client, name):
    text = "move,player,letter,cell,lines,points\n1,A,S,B1,,0\n2,B,O,B2,,0\n3,A,S,B3,B1-B3,2\n"
    data = {"paths": (io.BytesIO(text.encode()), name), "size": "4"}
    result = result_of(post(client, "/en/check", data, stream=True))
    assert result["lines"] == [
        f"{name}: move 3 (row 4): claims 2 points, the rules give 1 (B1-B3)",
        "checked 1 file: 1 problem in 1 file",
        f"note: {name}: {STOPS_AFTER_3}",
    ]


def test_an_uploaded_name_with_folders_is_kept_to_its_last_part(client):
    text = "move,player,letter,cell,lines,points\n1,A,S,B1,,0\n"
    data = {"paths": (io.BytesIO(text.encode()), "../../etc/cron.d/x.csv"), "size": "4"}
    result = result_of(post(client, "/en/check", data, stream=True))
    assert result["lines"] == ["checked 1 file: every claim holds", f"note: x.csv: {STOPS_AFTER_1}"]


def test_a_file_name_holding_a_name_parameters_words_is_read_as_the_file_it_is(client):
    # A part naming itself twice is refused (ad53 F5); a file name in quotes holding "; name=" names nothing.
    good = (EXAMPLES / "01-one-o-two-lines.toml").read_bytes()
    result = result_of(post(client, "/en/check", {"paths": (io.BytesIO(good), "a; name=b.toml")}, stream=True))
    assert (result["status"], result["lines"]) == (0, ["checked 1 file: every claim holds"]), result


@pytest.mark.parametrize(
    "name", ["😀" * 119 + ".csv", "a" * 122 + ".csv", "é" * 300 + ".csv"], ids=["emoji", "ascii", "accents"]
)
def test_a_long_uploaded_name_is_cut_to_what_a_file_system_takes_keeping_its_suffix(client, name):
    text = "move,player,letter,cell,lines,points\n1,A,S,B1,,0\n"
    response = post(client, "/en/check", {"paths": (io.BytesIO(text.encode()), name), "size": "4"}, stream=True)
    assert response.status_code == 200
    lines = result_of(response)["lines"]
    assert lines[0] == "checked 1 file: every claim holds"  # read as the CSV it is
    assert lines[1].startswith("note: ") and lines[1].endswith(f".csv: {STOPS_AFTER_1}") and len(lines) == 2


@pytest.mark.parametrize(
    ("environment", "line"),
    [
        (
            {},
            "set SOS_PRINT_ALLOWED_HOSTS to the host names teachers type, comma-separated, such as sos.school.example",
        ),
        (
            {"SOS_PRINT_ALLOWED_HOSTS": " , "},
            "set SOS_PRINT_ALLOWED_HOSTS to the host names teachers type, comma-separated, such as sos.school.example",
        ),
        (
            {"SOS_PRINT_ALLOWED_HOSTS": "sos.school.example, http://x/"},
            "SOS_PRINT_ALLOWED_HOSTS: 'http://x/' is not a host name, such as sos.school.example",
        ),
        *(
            (
                {"SOS_PRINT_ALLOWED_HOSTS": "sos.school.example", "SOS_PRINT_WORKERS": workers},
                "SOS_PRINT_WORKERS is how many documents each process makes at once: a whole number from 1 to 64, "
                f"not {workers!r}",
            )
            for workers in ("abc", "-3", "0", "100000", "2.5")
        ),
        (
            {"SOS_PRINT_ALLOWED_HOSTS": "sos.school.example", "SOS_PRINT_ACCESS_HEADER": "X Remote: User"},
            "SOS_PRINT_ACCESS_HEADER: 'X Remote: User' is not a header name, such as X-Remote-User",
        ),
    ],
)
def test_a_schools_server_with_a_wrong_setting_stops_with_one_line_naming_it(monkeypatch, capsys, environment, line):
    from sos_print.cli.serving import application

    for name in ("SOS_PRINT_ALLOWED_HOSTS", "SOS_PRINT_WORKERS", "SOS_PRINT_ACCESS_HEADER"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(SystemExit) as stopped:
        application()
    assert stopped.value.code == 3  # what gunicorn takes for "cannot start": it stops instead of retrying forever
    assert capsys.readouterr().err == f"sos-print: {line}\n"


def test_a_schools_server_takes_its_settings_from_the_environment(monkeypatch):
    from sos_print.cli.serving import application

    monkeypatch.setenv("SOS_PRINT_ALLOWED_HOSTS", " Sos.School.Example , ,sos:8443")
    monkeypatch.setenv("SOS_PRINT_WORKERS", "3")
    monkeypatch.setenv("SOS_PRINT_ACCESS_HEADER", "X-Remote-User")
    made = application()
    assert (made.settings.allowed_hosts, made.settings.workers) == (("sos.school.example", "sos:8443"), 3)
    assert (made.settings.access_header, made.secret) == ("X-Remote-User", "")
    made.close()


# ---- jobs: a bounded pool, cancelled when their client goes away --------------------------------------------


class Held:
    """A command runner that waits until it is let go (or cancelled), for tests of the pool."""

    def __init__(self) -> None:
        self.started = threading.Semaphore(0)
        self.go = threading.Event()
        self.jobs: list[Job] = []

    def __call__(self, command: str, arguments: list[str], job: Job) -> Outcome:
        self.jobs.append(job)
        self.started.release()
        for step in range(10_000):
            if self.go.is_set():
                break
            job.step("waiting", step, 10_000)
            threading.Event().wait(0.01)
        job.outputs = [Output("grids.pdf", b"%PDF-1.4 held", 1)]
        return Outcome(status=0)


def held_site(workers: int, waiting: int) -> tuple[Site, Held]:
    from sos_print.cli.serving import forms

    runner = Held()
    made = Site(forms(), runner, Settings(workers=workers, waiting=waiting))
    made.listening(PORT)
    return made, runner


def test_a_full_queue_answers_503_with_retry_after_and_piles_nothing_up():
    made, runner = held_site(workers=1, waiting=1)
    client = client_of(made)
    answers = []
    threads = [threading.Thread(target=lambda: answers.append(post(client, "/en/grids", {}))) for _ in range(2)]
    for thread in threads:
        thread.start()
    assert runner.started.acquire(timeout=10)  # one runs...
    for _ in range(500):  # ...and one waits
        if len(made.workspaces) == 2:
            break
        threading.Event().wait(0.01)
    refused = post(client, "/en/grids", {})
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "5"
    runner.go.set()
    for thread in threads:
        thread.join(timeout=10)
    assert sorted(answer.status_code for answer in answers) == [200, 200]
    made.close()


def test_a_client_that_goes_away_cancels_its_job_and_its_uploads_are_removed():
    made, runner = held_site(workers=1, waiting=0)
    client = client_of(made)
    text = b"move,player,letter,cell,lines,points\n1,A,S,B1,,0\n"
    response = client.post(
        "/en/check",
        data={"job": "check", "paths": (io.BytesIO(text), "g.csv")},
        headers={"Origin": ORIGIN, "Accept": STREAM},
        base_url=ORIGIN,
        buffered=False,
    )
    lines = response.iter_encoded()
    assert json.loads(next(lines)) == {"started": True}
    assert runner.started.acquire(timeout=10)
    folders = set(made.workspaces)
    assert len(folders) == 1 and all(os.path.isdir(folder) for folder in folders)
    response.close()  # the browser's tab was closed
    made.close()  # returns once the job has stopped
    assert runner.jobs[0].cancelled
    assert not any(os.path.exists(folder) for folder in folders)


def test_a_plain_form_posts_job_is_cancelled_when_its_client_goes_away():
    made, runner = held_site(workers=1, waiting=0)
    client = client_of(made)
    ours, theirs = socket.socketpair()  # the server's end of the connection, and the browser's
    answers = []

    def send() -> None:
        socket_of = {"werkzeug.socket": ours}
        answers.append(
            client.post(
                "/en/grids",
                data={"job": "grids"},
                headers={"Origin": ORIGIN},
                base_url=ORIGIN,
                environ_overrides=socket_of,
                content_type="multipart/form-data",
            )
        )

    thread = threading.Thread(target=send)
    thread.start()
    assert runner.started.acquire(timeout=10)
    threading.Event().wait(1)
    assert not runner.jobs[0].cancelled  # the browser is still waiting
    theirs.close()  # the browser gave up (the teacher closed the tab)
    thread.join(timeout=10)
    assert runner.jobs[0].cancelled and not thread.is_alive()
    assert answers[0].status_code == 500  # an answer nobody reads: the job was cancelled
    ours.close()
    made.close()


def test_the_french_help_translates_exactly_the_command_lines_sentences(served):
    import ast

    from conftest import ROOT

    source = (ROOT / "templates" / "fr" / "web.j2").read_text(encoding="utf-8")
    body = source[source.index("{% macro help(english) %}{{ ") + len("{% macro help(english) %}{{ ") :]
    table = ast.literal_eval(body[: body.index("[english] }}{% endmacro %}")])
    sentences = {field.help for form in served.forms.values() for field in form.fields}
    assert set(table) == sentences


@pytest.mark.parametrize("kind", ["text", "damaged", "garbage", "printed", "other-form", "empty", "two-groups"])
@pytest.mark.parametrize("command", ["check", "replay"])
def test_every_bad_record_is_the_command_lines_one_line_naming_the_upload(client, tmp_path, kind, command):
    from test_fillable import broken

    data, message = broken(kind, tmp_path)
    field = "paths" if command == "check" else "record"
    result = result_of(post(client, f"/en/{command}", {field: (io.BytesIO(data), "groupe 2.pdf")}, stream=True))
    lines = [line.removeprefix("sos-print: ") for line in result["lines"]]
    assert result["status"] == 1 and result["files"] == []
    assert lines[0].startswith(f"groupe 2.pdf: {message}"), lines
    assert not any("sos-print-web" in line or "/tmp" in line for line in lines)


def test_a_class_sized_filled_audit_of_a_megabyte_is_taken_and_checked(client):
    from formfill import fill

    from sos_print.documents.audit import audit_document
    from sos_print.plans.options import PrintOptions

    blank = audit_document(PrintOptions(groups=30), fillable=True).data
    values = {"group7.move.1.player": "A", "group7.move.1.letter": "S", "group7.move.1.cell": "B2"}
    values |= {"group7.move.1.points": "1"}  # a false claim: an S alone scores nothing
    filled = fill(blank, values)
    assert len(filled) > 1_000_000
    result = result_of(post(client, "/en/check", {"paths": (io.BytesIO(filled), "classe.pdf")}, stream=True))
    assert result["lines"] == [
        "classe.pdf: group 7, move 1 (row 1): claims 1 point, the rules give 0",  # the class's group 7 (dz86, 14)
        "checked 1 file: 1 problem in 1 file",
        f"note: classe.pdf: {STOPS_AFTER_1}",
    ]


def test_the_french_page_names_each_document_as_the_pdf_does_and_says_it_as_a_teacher_writes(client):
    # One name for each thing, the PDF's own (« casse-têtes », « la partie rejouée », « rangée », « à l'écran »); no
    # calque (« peser un coup »); a number does not play; a home page titled once (readfrB F14, F15).
    pages = {path: get(client, path).get_data(as_text=True) for path in ("/fr/", "/fr/puzzles", "/fr/replay")}
    pages |= {path: get(client, path).get_data(as_text=True) for path in ("/fr/audit", "/fr/analyse", "/fr/kit")}
    html = " ".join(pages.values()).replace("\u00a0", " ").replace("\u202f", " ")
    for wrong in (
        "nigme",
        "Récit d",
        "récit d",
        "Pèse",
        "Peser",
        "pesé",
        "sur tablette (.pdf)",
        "À remplir sur tablette",
        "une ligne par coup",
        "0 joue jusqu",
        "ces cinq",
        "dont viennent",
        "Marquer tout de suite",
        "Ne rien donner",
    ):
        assert wrong not in html, wrong
    for said in (
        "Casse-têtes de stratégie",
        "La partie rejouée",
        "Évaluer chaque coup d’une partie",
        "Type de casse-tête",
        "Le plus de points",
        "Aucun cadeau",
        "une rangée par coup",
        "avec 0, on joue jusqu’à ce que",
    ):
        assert said in html, said
    assert "<title>SOS print</title>" in pages["/fr/"]
    # Only the starred puzzles are « Défi : trouve le meilleur coup » (issue 23, review 34 P3).
    assert "<title>Casse-têtes de stratégie · SOS print</title>" in pages["/fr/puzzles"]
    assert "Défis" not in html and "défis" not in html


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ("A=Léa,C=Zoé", "--names: entry 2 is for seat C, which a 2-player game has not: name seats A, B"),
        ("Zoé", "--names: entry 1 is not SEAT=NAME with a seat of this game (A, B): " + HOW_NAMES),
        ("B=Tom\n--out=x", "--names: entry 1: a name cannot hold '='"),
    ],
)
def test_names_the_replay_page_cannot_use_are_named_by_their_entry_never_quoted(client, names, message):
    # The page says what the command line says, and neither echoes a child's name (issue 20, sweep 16 F5).
    text = "move,player,letter,cell,lines,points\n1,A,S,B1,,0\n2,B,O,B2,,0\n3,A,S,B3,B1-B3,2\n"
    data = {"record": (io.BytesIO(text.encode()), "game.csv"), "size": "4", "names": names}
    result = result_of(post(client, "/en/replay", data, stream=True))
    assert (result["status"], result["message"]) == (2, message)
    assert not any(name in json.dumps(result, ensure_ascii=False) for name in ("Léa", "Zoé", "Tom"))


@pytest.mark.parametrize(
    ("roster", "note"),
    [
        (
            "Zoé (CM2)\nLéa\nNoël\nHugo\n",
            "line 1 was read as a child's name but may be a title: remove it if it is one",
        ),
        ("Grade 4\nLéa\nNoël\nHugo\n", "line 1 was read as a title or a total, not a child's name"),
    ],
)
def test_the_page_notes_a_line_read_as_a_title_or_that_may_be_one_as_the_command_line_does(client, roster, note):
    # Issue 20, sweep 16 F1 F2: the page shows the terminal's note, naming the line and never its words.
    response = post(client, "/en/boards", {"roster": (io.BytesIO(roster.encode()), "class.csv")}, stream=True)
    result = result_of(response)
    assert (result["status"], result["lines"][-1:]) == (0, [f"note: class.csv: {note}"]), result
    assert not any(word in line for line in result["lines"] for word in ("Zoé", "CM2", "Grade"))


@pytest.mark.parametrize(
    "after",
    [
        b'--OUT\r\nContent-Disposition: form-data; name="paths"; filename="b.csv"\r\n\r\n'
        + FALSE_RECORD
        + b"\r\n--OUT--\r\n",
        b"anything at all",
    ],
    ids=["a file part", "text"],
)
def test_a_part_after_the_forms_closing_boundary_is_refused_and_nothing_runs(client, after):
    # A record after the closing boundary, which werkzeug reads past, was left out: "every claim holds" (ad51 F2).
    headers = {"Origin": ORIGIN, "Content-Type": "multipart/form-data; boundary=OUT", "Accept": STREAM}
    response = client.post("/en/check", data=_parts() + after, headers=headers, base_url=ORIGIN)
    assert response.status_code == 400
    assert "The form holds a file the page does not expect" in json.loads(response.get_data(as_text=True))["refused"]
    # Line ends after it are no part: the form is read.
    result = result_of(client.post("/en/check", data=_parts() + b"\r\n\r\n", headers=headers, base_url=ORIGIN))
    assert (result["status"], result["lines"]) == (0, ["checked 1 file: every claim holds"]), result
