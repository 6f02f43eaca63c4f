"""The README and the pages under docs/: what they quote is the real output, and a
newcomer finds the tour for their job on the README's first screen.

The README is short (at most :data:`README_LINES` lines): what it is, the two set-up
commands, a five-minute tour per user, the command line in one table, links.  The rest
stands in focused pages under docs/, each linked from the README; every relative link
of the README and of those pages leads to a file of the repository.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from bench.__main__ import BEGIN, END, SPEED_PAGE, write_into
from tests.conftest import ROOT

#: The most lines the README may have.
README_LINES = 250
#: How many lines of the README's source a first screen shows (the tours must be named there).
FIRST_SCREEN = 25
#: The pages the README links to (issue 27).
PAGES = ("docs/app.md", "docs/cli.md", "docs/equal-to-the-peers.md", "docs/speed.md", "docs/memory.md",
         "docs/reviewing.md", "docs/api.md")
#: Pages the README already links that other branches add (the review store, the Python API).
#: Remove a page from here when it lands: :func:`test_pending_pages_are_still_pending` fails then.
PENDING: frozenset[str] = frozenset()
#: The tours: heading, and the page its user goes on to.
TOURS = {"Tour for a course": "docs/app.md", "Tour for an annotator": "docs/reviewing.md",
         "Tour for a researcher": "docs/api.md"}


def text(relative: str) -> str:
    return (ROOT / relative).read_text("utf-8")


def anchor(heading: str) -> str:
    """GitHub's anchor of a Markdown heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def links(relative: str) -> list[str]:
    """Every link target of a Markdown page, in order (images too)."""
    return re.findall(r"\]\(([^)\s]+)\)", text(relative))


def test_the_cli_example_is_what_the_cli_prints():
    page = text("docs/cli.md")
    block = page[page.index("```text\n$ ") + len("```text\n$ "):]
    block = block[: block.index("```\n")]
    command, _, expected = block.partition("\n")
    args = shlex.split(command)
    assert args[:3] == [".venv/bin/python", "-m", "jpcore"]
    out = subprocess.run([sys.executable, *args[1:]], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout == expected


def test_readme_opens_with_the_two_commands_and_ci_calls_the_test_one():
    readme = text("README.md")
    commands = [part.split("\n")[0] for part in readme.split("```bash\n")[1:3]]
    assert commands == ["bash scripts/run-app.sh", "bash scripts/run-tests.sh"]
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    assert [line for line in ci.splitlines() if line and not line.startswith("#")] == ["exec bash scripts/run-tests.sh"]


def test_the_readme_is_short_and_names_every_tour_on_its_first_screen():
    readme = text("README.md")
    assert len(readme.splitlines()) <= README_LINES
    first_screen = "\n".join(readme.splitlines()[:FIRST_SCREEN])
    headings = re.findall(r"^## (.+)$", readme, re.MULTILINE)
    for tour, page in TOURS.items():
        assert tour in headings
        assert f"(#{anchor(tour)})" in first_screen, tour
        section = readme[readme.index(f"## {tour}\n"):]
        section = section[: section.index("\n## ")]
        assert f"]({page})" in section or f"]({page}#" in section, (tour, page)
    assert len(re.findall(r"!\[", readme)) == 1  # one screenshot


def test_the_readme_links_every_page_and_every_link_leads_somewhere():
    readme_links = links("README.md")
    for page in PAGES:
        assert page in readme_links, page
    broken = []
    for page in ["README.md", *(p.relative_to(ROOT).as_posix() for p in sorted((ROOT / "docs").glob("*.md")))]:
        for target in links(page):
            if re.match(r"[a-z]+:", target):
                continue  # http(s), mailto
            path, _, fragment = target.partition("#")
            resolved = (ROOT / page).parent / path if path else ROOT / page
            relative = resolved.resolve().relative_to(ROOT).as_posix()
            if relative in PENDING:
                continue
            if not resolved.is_file():
                broken.append(f"{page}: {target}")
            elif fragment and resolved.suffix == ".md":
                anchors = {anchor(h) for h in re.findall(r"^#+ (.+)$", resolved.read_text("utf-8"), re.MULTILINE)}
                if fragment not in anchors:
                    broken.append(f"{page}: {target} (no such heading)")
    assert broken == []


def test_pending_pages_are_still_pending():
    # once a pending page exists, its links are checked like any other: drop it from PENDING
    assert [page for page in sorted(PENDING) if (ROOT / page).exists()] == []


def test_the_bench_writes_its_tables_into_the_speed_page(tmp_path: Path):
    page = text("docs/speed.md")
    assert SPEED_PAGE == ROOT / "docs" / "speed.md"
    assert page.count(BEGIN + "\n") == 1 and page.count(END + "\n") == 1
    tables = page[page.index(BEGIN) + len(BEGIN) + 1: page.index(END)]
    assert tables.startswith("`python ")
    assert "| whole process (median of runs) | command | CPU |" in tables
    assert "| in process (best of runs) | CPU 1x |" in tables
    assert "```text\n.venv/bin/python -m bench --markdown --write\n```" in page
    # write_into replaces exactly the lines between the two markers
    copy = tmp_path / "speed.md"
    copy.write_text(page, "utf-8")
    write_into(copy, "`new run`\n\n| a |\n|---|\n| 1 |\n")
    written = copy.read_text("utf-8")
    assert written == page.replace(tables, "`new run`\n\n| a |\n|---|\n| 1 |\n")
    bare = tmp_path / "bare.md"
    bare.write_text("# no markers\n", "utf-8")
    with pytest.raises(ValueError, match="bare.md: needs a line"):
        write_into(bare, "x\n")


def test_the_signature_on_the_first_screen_is_what_the_command_prints():
    import subprocess
    import sys

    first_screen = "\n".join((ROOT / "README.md").read_text("utf-8").splitlines()[:FIRST_SCREEN])
    shown = first_screen.split("`signature: ", 1)[1].split("`", 1)[0]
    excerpt = ROOT / "sample_data" / "ud" / "UD_English-EWT-excerpt"
    done = subprocess.run([sys.executable, "-m", "jpcore", "preprocess",
                           "sample_data/ud/UD_English-EWT-excerpt/en_ewt-ud-test.excerpt.gold.words.txt",
                           "sample_data/ud/UD_English-EWT-excerpt/en_ewt-ud-test.excerpt.nltk.tok.txt"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert excerpt.is_dir() and done.returncode == 0
    assert "Words      |    2498 |      36 |      75 |     98.58 |     97.09 |     97.83" in done.stdout
    assert done.stderr == f"signature: {shown}\n"
