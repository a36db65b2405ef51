#!/usr/bin/env python3
"""Copies a DocC catalog whose articles are links to docs/*.md, with the pages' GitHub links
between each other made DocC links, so that they work in the built archive and docc checks
them (docs/README.md, "DocC").

    docc-articles.py CATALOG OUT

`[text](behaviour.md#continuity)` becomes `[text](<doc:behaviour#Continuity>)` when
behaviour.md is an article of the catalog, `[text](#limits)` a link into the same article:
the anchor GitHub made from a heading is replaced by the fragment DocC makes from it, and an
anchor that names no heading is reported (all of them, then exit 1). Links to pages outside the catalog,
to other files of the repository and to the web are left as they are. The module page and
the images are copied unchanged.
"""
import os
import re
import shutil
import sys

LINK = re.compile(r"(?<!!)\[([^\]]*)\]\(([^)\s]*)\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")


def words(heading):
    """A heading's text without code spans' backticks, emphasis or link syntax."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    return text.replace("`", "").replace("*", "")


def github_anchor(heading):
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as '-'."""
    text = words(heading).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def docc_fragment(heading):
    """The fragment DocC gives a heading: its words, punctuation dropped, spaces as '-'."""
    text = re.sub(r"[^\w\- ]", "", words(heading).strip())
    return re.sub(r"\s+", "-", text)


def headings(text):
    """Each GitHub anchor of a page, to its DocC fragment (outside code blocks)."""
    anchors = {}
    fenced = False
    for line in text.split("\n"):
        if line.startswith("```"):
            fenced = not fenced
            continue
        match = None if fenced else HEADING.match(line)
        if match:
            anchors.setdefault(github_anchor(match.group(1)), docc_fragment(match.group(1)))
    return anchors


def main(catalog, out):
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    articles = {}
    for entry in sorted(os.listdir(catalog)):
        path = os.path.join(catalog, entry)
        if entry.endswith(".md") and os.path.islink(path):
            with open(path, encoding="utf-8") as f:
                articles[entry[:-3]] = f.read()
        else:
            shutil.copyfile(path, os.path.join(out, entry))
    anchors = {name: headings(text) for name, text in articles.items()}
    broken = []

    for name, text in articles.items():

        def rewrite(match):
            label, target = match.group(1), match.group(2)
            page, _, anchor = target.partition("#")
            if page == "":
                page = name + ".md"
            if "/" in page or not page.endswith(".md") or page[:-3] not in articles:
                return match.group(0)
            page = page[:-3]
            if not anchor:
                return f"[{label}](<doc:{page}>)"
            fragment = anchors[page].get(anchor)
            if fragment is None:
                broken.append(f"{name}.md links {target}: {page}.md has no such heading")
                fragment = anchor
            return f"[{label}](<doc:{page}#{fragment}>)"

        converted = []
        fenced = False
        for line in text.split("\n"):
            if line.startswith("```"):
                fenced = not fenced
            if not fenced:
                # Code spans (odd pieces between backticks) keep their text.
                pieces = line.split("`")
                line = "`".join(p if i % 2 else LINK.sub(rewrite, p) for i, p in enumerate(pieces))
            converted.append(line)
        with open(os.path.join(out, name + ".md"), "w", encoding="utf-8") as f:
            f.write("\n".join(converted))
    for line in broken:
        print("docc-articles: " + line, file=sys.stderr)
    if broken:
        sys.exit(1)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: docc-articles.py CATALOG OUT")
    main(sys.argv[1], sys.argv[2])
