"""The app with a user's own data in a real browser (issue 12; Debian's chromium, Playwright).

* item 1: the issue's steps -- Overview, upload ``gold.conllu`` + ``system.tok.txt``,
  Edits, back to Overview -- and every other page, Back and Forward: the
  upload is still there and the Source radio still on "Upload files";
* item 2: the URL names the upload (``data=upload-...``, no ``sample=``); that
  link in a new tab, and a reload, say the data is not on this server and
  show no other data; Back from Edits to Brackets shows pair 3 again, with
  no ``m2=`` carried over;
* item 3: a CoNLL-U pair uploaded after the text sample scores 91.40%
  (Sentences F1, as the CLI), read as CoNLL-U;
* items 5 and 6: no request leaves 127.0.0.1 on any page (the page icon is
  the app's own), and Markdown/HTML in a JSON result's texts fetches nothing
  and shows as text; a result with Markdown in an enum is refused, escaped.

The tests wait for Streamlit's script state and for what the page shows,
never for a fixed time.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tests.browser_support import ROOT, app_page, settled

EWT = ROOT / "sample_data" / "ud" / "UD_English-EWT-excerpt"
NOT_HERE = ("This link points at uploaded data that is not on this server; upload it again or open the "
            "HTML report.")


def _nav(page, title: str) -> None:
    """Click a page in the sidebar's navigation and wait for it."""
    page.locator('[data-testid="stSidebarNav"]').get_by_role("link", name=title, exact=True).click()
    settled(page)


def _token(page) -> str:
    page.wait_for_function("() => /[?&]data=upload-[0-9a-f]{12}/.test(location.search)", timeout=120_000)
    return re.search(r"data=(upload-[0-9a-f]{12})", page.url).group(1)


@pytest.mark.browser
def test_an_upload_survives_every_page_and_a_link_to_it_tells_the_truth(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=120_000)
    gold, system = tmp_path / "gold.conllu", tmp_path / "system.tok.txt"
    gold.write_bytes((EWT / "en_ewt-ud-test.excerpt.conllu").read_bytes())
    system.write_bytes((EWT / "en_ewt-ud-test.excerpt.nltk.tok.txt").read_bytes())
    loaded = "Loaded: gold.conllu vs system.tok.txt (uploaded)"
    with app_page(tmp_path) as (page, url):
        page.goto(url)
        expect(page.get_by_role("heading", name="Overview", exact=True)).to_be_visible()
        settled(page)
        sidebar = page.locator('[data-testid="stSidebar"]')
        sidebar.get_by_text("Upload files", exact=True).click()
        settled(page)
        uploads = sidebar.locator('input[type="file"]')
        uploads.nth(0).set_input_files(gold)
        settled(page)
        uploads.nth(1).set_input_files(system)
        expect(sidebar.get_by_text(loaded, exact=False)).to_be_visible()
        settled(page)
        token = _token(page)
        assert "sample=" not in page.url

        # the steps: Edits, then Overview; then every other page and back
        for title, heading in (("Edits", "Edits"), ("Overview", "Overview"), ("Brackets", "Brackets"),
                               ("Analysis", "Analysis"), ("About", None), ("Teaching", None),
                               ("Sentences & tokens", "Sentences & tokens"), ("Overview", "Overview")):
            _nav(page, title)
            if heading:
                expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
            settled(page)
        expect(sidebar.get_by_text(loaded, exact=False)).to_be_visible()
        expect(sidebar.get_by_role("radio", name="Upload files")).to_be_checked()
        expect(page.get_by_text("Loading English EWT excerpt")).to_have_count(0)
        assert _token(page) == token and "sample=" not in page.url

        # browser Back and Forward keep it
        page.go_back()
        settled(page)
        page.go_forward()
        settled(page)
        expect(page.get_by_role("heading", name="Overview", exact=True)).to_be_visible()
        expect(sidebar.get_by_text(loaded, exact=False)).to_be_visible()
        expect(page.get_by_text("English EWT excerpt: gold words vs nltk")).to_have_count(0)

        # the link in a new tab: not on this server, no other data set
        other = page.context.browser.new_page(viewport={"width": 1500, "height": 1300})
        other.goto(f"{url}/sentences?q=Thanks&unit=1&data={token}")
        expect(other.get_by_text(NOT_HERE)).to_be_visible()
        settled(other)
        expect(other.get_by_role("heading", name=re.compile(r"^Unit #"))).to_have_count(0)
        expect(other.get_by_text("English EWT excerpt")).to_have_count(0)
        expect(other.locator('[data-testid="stSidebar"]').get_by_role("radio", name="Upload files")).to_be_checked()
        other.close()

        # a reload is a new session too
        page.reload()
        expect(page.get_by_text(NOT_HERE)).to_be_visible()
        expect(page.get_by_text("English EWT excerpt")).to_have_count(0)


@pytest.mark.browser
def test_back_from_edits_to_brackets_shows_the_pair_left(tmp_path: Path) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import expect

    expect.set_options(timeout=120_000)
    with app_page(tmp_path) as (page, url):
        page.goto(f"{url}/brackets?pair=4")
        expect(page.get_by_role("heading", name="Pair #4: 2:1 trees, ∪ merged")).to_be_visible()
        settled(page)
        page.get_by_role("button", name="Previous pair").click()
        expect(page.get_by_role("heading", name="Pair #3: 1:1 trees, ✓ exact")).to_be_visible()
        page.wait_for_function("() => location.search.includes('pair=3')")
        settled(page)
        _nav(page, "Edits")
        expect(page.get_by_role("heading", name="Edits", exact=True)).to_be_visible()
        page.wait_for_function("() => location.search.includes('m2=')")
        settled(page)
        # Streamlit may add a history entry for the page switch and one for its parameters:
        # Back until the address is the Brackets page's (AppTest covers the run that gets the
        # Edits page's parameters: test_back_from_edits_to_brackets_keeps_the_pair_and_drops_m2)
        # (a Back step may also land on an entry with the same address: then go on)
        for _ in range(4):
            before = page.url
            page.go_back()
            try:
                page.wait_for_function("u => location.href !== u", arg=before, timeout=20_000)
            except PlaywrightTimeout:
                pass
            settled(page)
            if page.url.split("?")[0].endswith("/brackets"):
                break
        expect(page.get_by_role("heading", name="Pair #3: 1:1 trees, ✓ exact")).to_be_visible()
        page.wait_for_function("() => location.pathname.endsWith('/brackets') && location.search.includes('pair=3')")
        settled(page)
        assert "m2=" not in page.url and "pair=4" not in page.url
        expect(page.get_by_role("heading", name="Pair #4: 2:1 trees, ∪ merged")).to_have_count(0)


@pytest.mark.browser
def test_an_uploaded_conllu_pair_is_scored_as_conllu(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=120_000)
    with app_page(tmp_path) as (page, url):
        page.goto(url)
        expect(page.get_by_text("91.82%", exact=True)).to_be_visible()  # the text sample (Format: text)
        settled(page)
        sidebar = page.locator('[data-testid="stSidebar"]')
        sidebar.get_by_text("Upload files", exact=True).click()
        settled(page)
        uploads = sidebar.locator('input[type="file"]')
        uploads.nth(0).set_input_files(EWT / "en_ewt-ud-test.excerpt.conllu")
        settled(page)
        uploads.nth(1).set_input_files(EWT / "en_ewt-ud-test.excerpt.nltk.conllu")
        expect(page.get_by_text("Scored as read: gold CoNLL-U, system CoNLL-U (detected), level words.")).to_be_visible()
        metric = page.locator('[data-testid="stMetric"]').filter(has_text="Sentences F1")
        expect(metric).to_contain_text("91.40%")
        expect(page.get_by_text("0.07%", exact=True)).to_have_count(0)


def _outside(requests: list[str]) -> list[str]:
    return [u for u in requests if urlparse(u).scheme not in ("data", "blob", "about")
            and urlparse(u).hostname != "127.0.0.1"]


@pytest.mark.browser
def test_no_request_leaves_the_machine_on_any_page(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=120_000)
    with app_page(tmp_path) as (page, url):
        requests: list[str] = []
        page.context.on("request", lambda request: requests.append(request.url))
        for path, heading in (("", "Overview"), ("sentences", "Sentences & tokens"), ("brackets", "Brackets"),
                              ("edits", "Edits"), ("analysis", "Analysis"), ("about", None),
                              ("teaching", None)):
            page.goto(f"{url}/{path}")
            if heading:
                expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
            settled(page)
            page.wait_for_load_state("networkidle")
        icons = page.locator('link[rel~="icon"], link[rel="shortcut icon"]')
        assert icons.count() >= 1
        for i in range(icons.count()):
            href = icons.nth(i).get_attribute("href") or ""
            assert not href.startswith("http") or urlparse(href).hostname == "127.0.0.1", href
        assert requests, "the recorder saw the app's own requests"
        assert any("127.0.0.1" in u for u in requests)
        assert _outside(requests) == []


@pytest.mark.browser
def test_markdown_in_a_json_result_fetches_nothing_and_shows_as_text(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=120_000)
    data = json.loads((ROOT / "tests" / "malformed" / "json" / "preprocess.reference.json").read_text("utf-8"))
    with app_page(tmp_path) as (page, url):
        leak = f"![k]({url}/leak.png)"
        tag = f"<img src={url}/leak2.png>"
        data["gold"]["name"] = data["system"]["name"] = f"{leak}{tag}"
        data["gold"]["sentences"][0]["tokens"][0] = leak
        data["system"]["sentences"][0]["tokens"][0] = leak
        hostile = tmp_path / "hostile.json"
        hostile.write_text(json.dumps(data), "utf-8")
        enum = tmp_path / "enum.json"
        enum.write_text(json.dumps({**data, "level": leak}), "utf-8")
        requests: list[str] = []
        page.context.on("request", lambda request: requests.append(request.url))
        page.goto(url)
        expect(page.get_by_text("91.82%", exact=True)).to_be_visible()
        settled(page)
        sidebar = page.locator('[data-testid="stSidebar"]')
        sidebar.get_by_text("Open a JSON result", exact=True).click()
        settled(page)
        # Markdown in an enum: refused with the field named, escaped, the sample stays
        sidebar.locator('input[type="file"]').first.set_input_files(enum)
        alert = page.locator('[data-testid="stAlertContentError"]')
        expect(alert).to_contain_text(f"enum.json: level: expected one of 'tokens', 'words', found '![k](")
        expect(alert).to_contain_text("Still showing the previous data: English EWT excerpt: gold words vs nltk.")
        # Markdown and HTML in free texts: shown as text
        sidebar.locator('input[type="file"]').first.set_input_files(hostile)
        expect(sidebar.get_by_text("hostile.json (saved result)", exact=False)).to_be_visible()
        settled(page)
        expect(page.get_by_text(leak, exact=False).first).to_be_visible()
        _nav(page, "Sentences & tokens")
        expect(page.get_by_role("heading", name="Sentences & tokens", exact=True)).to_be_visible()
        settled(page)
        page.wait_for_load_state("networkidle")
        text = "\n".join(frame.evaluate("() => (document.body && document.body.innerText) || ''")
                         for frame in page.frames)
        assert leak in text and tag in text
        injected = [node for frame in page.frames for node in frame.eval_on_selector_all(
            "img", "nodes => nodes.map(n => n.getAttribute('src') || '').filter(s => s.includes('leak'))")]
        assert injected == []
        assert [u for u in requests if "leak" in u] == []
        assert _outside(requests) == []
