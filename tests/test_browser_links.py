"""Links that travel, in a real browser (issue 23, items 1 and 2).

Data A and B are chosen on the app as a person does (the EWT excerpt, gold
words vs nltk, opens loaded; *Bundled B* picks Punkt + Treebank run on its
raw text), then every page that shows them is visited, a filter set where
the page has one, and its address taken as the browser shows it: Overview,
Sentences & tokens (only mismatches), Analysis (buckets by unit kind),
Compare (the units A wins), Ranking (gold added as a bundled variant).  Each
address opened in a NEW browser context (no cookies, no session) shows the
same figures: the significance line, the counts, the Analysis buckets' CSV
(A and B per bucket, checked against :mod:`jpcore.analysis.versus`), the
ranking line; and no note that the address was ignored.

The Edits page with the toy pair (A = the re-segmented system, B chosen in
the sidebar) downloads an HTML report whose comparison section has both
scores, the significance line, who wins per common unit and A vs B per unit
kind; the Edits and Compare pages' addresses open the same line in a new
browser context, and the report downloaded there has the same section.

Debian's chromium driven by Playwright (see :mod:`tests.browser_support`).
"""

from __future__ import annotations

import csv
import html
import io
import re
from pathlib import Path

import pytest

from tests.browser_support import after_rerun, app_page, drawn

#: Milliseconds to wait for a page (the first load of a sample in a new session evaluates it).
WAIT = 120_000
#: The significance line of gold words vs nltk (A) against Punkt + Treebank (B), as the app writes it.
TREEBANK_LINE = "B − A = −0.08 points, 95 % interval [−0.26, +0.00] points, p = 0.55"
TOY_LINE = "B − A = +1.28 points, 95 % interval [+0.00, +3.02] points, p = 0.39"


def _main(page):
    return page.locator('[data-testid="stMain"]')


def _download(page, label: str, tmp_path: Path, name: str) -> str:
    button = _main(page).get_by_role("button", name=label)
    button.scroll_into_view_if_needed()
    with page.expect_download() as info:
        button.click()
    path = tmp_path / name
    info.value.save_as(path)
    return path.read_text("utf-8")


def _ranking_line(page) -> str:
    return _main(page).get_by_text(" systems ranked on ", exact=False).first.inner_text()


def _expected_buckets(tmp_path: Path) -> list[tuple[str, str, str, str]]:
    """Per unit kind: B's Words F1 and B − A, from jpcore itself (the report's computation)."""
    import jpcore
    from jpcore.analysis.versus import buckets_versus
    from inspector.tokens.samples import SAMPLES, derived_system_text

    ewt = SAMPLES["ewt-words"]
    b_path = tmp_path / "punkt-treebank.tok.txt"
    b_path.write_bytes(derived_system_text("ewt-words", "punkt", "treebank"))
    a, b = (jpcore.evaluate("preprocess", ewt.gold_path, path) for path in (ewt.sys_path, b_path))
    run = jpcore.compare(a, b)
    return [(v.name, str(v.units_b), f"{100 * v.score_b:.2f}", f"{100 * v.difference:.2f}")
            for v in buckets_versus(a.result, b.result, run.measure)]


def _bucket_rows(text: str) -> list[tuple[str, str, str, str]]:
    rows = list(csv.DictReader(io.StringIO(text)))
    return [(row["Bucket"], row["B units"], f"{float(row['B Words F1 (%)']):.2f}",
             f"{float(row['B − A Words F1 (points)']):.2f}") for row in rows]


@pytest.mark.browser
def test_every_pages_address_opens_the_same_figures_in_a_new_browser(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with app_page(tmp_path, 1500, 2200) as (page, url):
        sidebar = page.locator('[data-testid="stSidebar"]')
        page.goto(url)
        expect(sidebar.get_by_text("Bundled B", exact=True)).to_be_visible(timeout=WAIT)
        drawn(page)
        after_rerun(page, lambda: sidebar.get_by_text("Bundled B", exact=True).click())
        expect(_main(page).get_by_text(TREEBANK_LINE, exact=False)).to_be_visible(timeout=WAIT)
        assert "sample=ewt-words" in page.url and "sample_b=punkt-treebank" in page.url
        links: dict[str, str] = {"overview": page.url}

        after_rerun(page, lambda: page.get_by_role("link", name="Sentences & tokens").click())
        after_rerun(page, lambda: _main(page).get_by_text("Only mismatches", exact=True).click())
        expect(_main(page).get_by_text("Showing 19 of 107 units.")).to_be_visible(timeout=WAIT)
        links["sentences"] = page.url

        after_rerun(page, lambda: page.get_by_role("link", name="Analysis").click())
        after_rerun(page, lambda: _main(page).get_by_text("unit kind", exact=True).click())
        buckets = _download(page, "Buckets as CSV", tmp_path, "buckets-a.csv")
        expected = _expected_buckets(tmp_path)
        assert _bucket_rows(buckets) == expected and [row[0] for row in expected] == ["1:1", "1:n", "n:1", "m:n"]
        page.wait_for_function("() => location.search.includes('an_by=')")  # the bound choice reaches the URL
        links["analysis"] = page.url

        after_rerun(page, lambda: page.get_by_role("link", name="Compare").click())
        expect(_main(page).get_by_text(TREEBANK_LINE, exact=False)).to_be_visible(timeout=WAIT)
        who = _main(page).locator('[data-testid="stButtonGroup"]')
        after_rerun(page, lambda: who.get_by_text("A wins", exact=True).click())
        expect(_main(page).get_by_text("Showing 1 of 107 common units.")).to_be_visible(timeout=WAIT)
        page.wait_for_function("() => location.search.includes('cmp_who=')")
        links["compare"] = page.url

        after_rerun(page, lambda: page.get_by_role("link", name="Ranking").click())
        variants = page.locator(".st-key-rk_variants_preprocess input")
        expect(variants).to_be_visible(timeout=WAIT)
        variants.click()
        after_rerun(page, lambda: page.get_by_role("option", name="Gold itself as a system (the upper bound)").click())
        page.keyboard.press("Escape")
        drawn(page)
        ranking = _ranking_line(page)
        assert ranking.startswith("3 systems ranked on Words F1: group 1: C; group 2: A, B.")
        ranking_csv = _download(page, "Ranking (CSV)", tmp_path, "ranking-a.csv")
        assert ranking_csv.splitlines()[1].startswith("1,1,C: Gold itself as a system (the upper bound),100.00")
        page.wait_for_function("() => location.search.includes('rk_variants_preprocess=')")
        links["ranking"] = page.url

        for name, link in links.items():
            assert "sample=ewt-words" in link and "sample_b=punkt-treebank" in link, (name, link)
        assert "an_by=" in links["analysis"] and "cmp_who=" in links["compare"]
        assert "rk_variants_preprocess=" in links["ranking"]

        browser = page.context.browser
        for name, link in links.items():
            context = browser.new_context(viewport={"width": 1500, "height": 2200})
            other = context.new_page()
            other.set_default_timeout(WAIT)
            other.goto(link)
            main = _main(other)
            if name in ("overview", "compare"):
                expect(main.get_by_text(TREEBANK_LINE, exact=False)).to_be_visible(timeout=WAIT)
            if name == "sentences":
                expect(main.get_by_text("Showing 19 of 107 units.")).to_be_visible(timeout=WAIT)
            if name == "compare":
                expect(main.get_by_text("Showing 1 of 107 common units.")).to_be_visible(timeout=WAIT)
                expect(main.get_by_text("107 common units: B wins 0, A wins 1, tie 106", exact=False)).to_be_visible()
            if name == "analysis":
                expect(main.get_by_text("Beside system A, system B (Punkt + Treebank", exact=False)).to_be_visible(
                    timeout=WAIT)
                drawn(other)
                assert _download(other, "Buckets as CSV", tmp_path, "buckets-b.csv") == buckets
            if name == "ranking":
                expect(main.get_by_text("3 systems ranked on ", exact=False)).to_be_visible(timeout=WAIT)
                drawn(other)
                assert _ranking_line(other) == ranking
                assert _download(other, "Ranking (CSV)", tmp_path, "ranking-b.csv") == ranking_csv
            drawn(other)
            expect(other.get_by_text("Ignored the address", exact=False)).to_have_count(0)
            expect(other.get_by_text("Nothing is loaded", exact=False)).to_have_count(0)
            context.close()


def _section_text(report: str) -> str:
    start = report.index('<section id="comparison">')
    markup = report[start:report.index("</section>", start)]
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


@pytest.mark.browser
def test_the_report_downloaded_with_b_carries_the_comparison(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with app_page(tmp_path, 1500, 2200) as (page, url):
        sidebar = page.locator('[data-testid="stSidebar"]')
        page.goto(f"{url}/edits?m2=toy-resegmented")
        expect(sidebar.get_by_text("Bundled B", exact=True)).to_be_visible(timeout=WAIT)
        drawn(page)
        after_rerun(page, lambda: sidebar.get_by_text("Bundled B", exact=True).click())
        expect(_main(page).get_by_text(TOY_LINE, exact=False)).to_be_visible(timeout=WAIT)
        links = {"edits": page.url}
        report = _download(page, "HTML report (self-contained)", tmp_path, "gec-report.html")
        section = _section_text(report)
        assert re.search(r"System File F0\.5 \(%\) A \S*sys\.resegmented\.m2 83\.33 B \S*sys\.m2 84\.62 ", section)
        assert "B − A = +1.28 points, 95 % interval [+0.00, +3.02] points, p = 0.39" in section
        assert "Who wins each common unit (by its own counts): A 0, B 1, tie 5." in section
        assert section.endswith("Unit kind A units A F0.5 (%) B units B F0.5 (%) B − A (points) "
                                "1:1 3 100.00 8 84.62 −15.38 1:n 1 66.67 0 – – n:1 2 76.92 0 – –")

        after_rerun(page, lambda: page.get_by_role("link", name="Compare").click())
        expect(_main(page).get_by_text(TOY_LINE, exact=False)).to_be_visible(timeout=WAIT)
        links["compare"] = page.url
        for name, link in links.items():
            assert "m2=toy-resegmented" in link and "m2_b=toy" in link, (name, link)
            context = page.context.browser.new_context(viewport={"width": 1500, "height": 2200})
            other = context.new_page()
            other.goto(link)
            expect(_main(other).get_by_text(TOY_LINE, exact=False)).to_be_visible(timeout=WAIT)
            if name == "compare":
                expect(_main(other).get_by_text("6 common units: B wins 1, A wins 0, tie 5", exact=False)
                       ).to_be_visible()
            else:  # the report downloaded there carries the same comparison
                drawn(other)
                again = _download(other, "HTML report (self-contained)", tmp_path, "gec-report-2.html")
                assert _section_text(again) == section
            context.close()


@pytest.mark.browser
def test_the_unit_views_and_agreement_addresses_open_the_same_figures(tmp_path: Path) -> None:
    """Brackets (a filter and a pair), Dependencies (a unit) and Agreement (which reads the
    Dependencies loader, as Compare does): each address, taken as the browser shows it, names
    the bundled data and opens the same figures in a new browser context."""
    from playwright.sync_api import expect

    with app_page(tmp_path, 1500, 2200) as (page, url):
        links: dict[str, tuple[str, ...]] = {}
        page.goto(f"{url}/brackets?crossing=true&pair=3")
        expect(_main(page).get_by_text("Showing 2 of 7 pairs.")).to_be_visible(timeout=WAIT)
        drawn(page)
        assert "trees=" in page.url and "crossing=true" in page.url and "pair=3" in page.url
        links[page.url] = ("Showing 2 of 7 pairs.", "Pair #3: 1:1 trees, ✓ exact")

        page.goto(f"{url}/deps?deps=ewt-raw-text&d_unit=4")
        expect(page.get_by_role("heading", name="Unit #4", exact=False)).to_be_visible(timeout=WAIT)
        drawn(page)
        assert "deps=ewt-raw-text" in page.url and "d_unit=4" in page.url
        unit_heading = page.get_by_role("heading", name="Unit #4", exact=False).first.inner_text()
        links[page.url] = (unit_heading,)

        nav = page.locator('[data-testid="stSidebarNav"]')
        after_rerun(page, lambda: nav.get_by_role("link", name="Agreement", exact=True).click())
        comparable = "Comparable words: 813 of 852 in A (95.42%), of 837 in B (97.13%)."
        expect(_main(page).get_by_text(comparable)).to_be_visible(timeout=WAIT)
        assert "deps=ewt-raw-text" in page.url  # the page names the data it reads
        links[page.url] = (comparable,)

        browser = page.context.browser
        for link, texts in links.items():
            context = browser.new_context(viewport={"width": 1500, "height": 2200})
            other = context.new_page()
            other.set_default_timeout(WAIT)
            other.goto(link)
            for text in texts:
                expect(_main(other).get_by_text(text, exact=False).first).to_be_visible(timeout=WAIT)
            drawn(other)
            shown = _main(other).inner_text()
            assert "Nothing is loaded" not in shown and "Ignored" not in shown, link
            context.close()
