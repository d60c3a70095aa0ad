#!/usr/bin/env python3
"""Lint a Marp Markdown slide deck for density, timing, speaker notes and missing images.

Standard library only (Python 3.8+).

    python3 lint_deck.py DECK.md [--minutes 12] [--max-words 40] [--max-bullets 6] [--json]

Slides are split on `---` lines (the Marp separator). HTML comments that are not Marp directives
count as speaker notes. Slides after a slide whose heading starts with "Backup" are backup slides:
they are linted but not counted against the talk length. Exit status: 0 = no problems,
1 = problems found, 2 = the deck could not be read.
"""

import argparse
import json
import os
import re
import sys

DIRECTIVES = {
    "marp", "theme", "style", "headingDivider", "size", "math", "title", "author", "description",
    "image", "keywords", "url", "lang", "transition", "paginate", "header", "footer", "class",
    "backgroundColor", "backgroundImage", "backgroundPosition", "backgroundRepeat",
    "backgroundSize", "color",
}
COMMENT = re.compile(r"<!--(.*?)-->", re.DOTALL)
IMAGE = re.compile(r"!\[([^\]]*)\]\(([^)\s]+)[^)]*\)")
BULLET = re.compile(r"^([ \t]*)(?:[-*+]|\d+[.)])[ \t]+", re.MULTILINE)
HTML_SOURCE = re.compile(r"<img\b[^>]*\bsrc=[\"']([^\"']+)[\"']", re.IGNORECASE)


def is_directive(comment):
    lines = [line.strip() for line in comment.strip().splitlines() if line.strip()]
    if not lines:
        return True
    for line in lines:
        match = re.match(r"^_?([A-Za-z]+)\s*:", line)
        if not match or match.group(1) not in DIRECTIVES:
            return False
    return True


def split_deck(text):
    """Return the slides' Markdown, without the front matter."""
    lines = text.replace("\r\n", "\n").split("\n")
    if lines and lines[0].strip() == "---":
        for index in range(1, len(lines)):
            if lines[index].strip() == "---":
                lines = lines[index + 1 :]
                break
    slides, current, in_fence = [], [], False
    for line in lines:
        if line.lstrip().startswith(("```", "~~~")):
            in_fence = not in_fence
        previous = current[-1].strip() if current else ""
        # A '---' right under a paragraph line is a setext heading, not a separator.
        if not in_fence and line.strip() == "---" and (previous == "" or previous.startswith(("<", "#"))):
            slides.append("\n".join(current))
            current = []
        else:
            current.append(line)
    slides.append("\n".join(current))
    return [slide for slide in slides if slide.strip()]


def visible_text(markdown):
    text = COMMENT.sub(" ", markdown)
    text = re.sub(r"```.*?```", " ", text, flags=re.DOTALL)
    text = re.sub(r"\$\$.*?\$\$", " ", text, flags=re.DOTALL)
    text = IMAGE.sub(" ", text)
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return text


def lint_slide(number, markdown, options, deck_directory):
    problems, notes = [], []
    comments = COMMENT.findall(markdown)
    has_notes = any(not is_directive(comment) for comment in comments)
    heading = re.search(r"^#{1,3}\s+(.+)$", markdown, re.MULTILINE)
    heading = heading or re.search(r"^([^\s<#|>-][^\n]*)\n(?:-{3,}|={3,})[ \t]*$", markdown, re.MULTILINE)
    title = heading.group(1).strip() if heading else ""
    body = visible_text(markdown)
    body_without_heading = body.replace(heading.group(0), " ", 1) if heading else body
    words = len(re.findall(r"[\w'’-]+", body_without_heading))
    bullets = len(BULLET.findall(body))
    indents = {len(match.expand(r"\1").expandtabs(4)) for match in BULLET.finditer(body)}
    fences = re.findall(r"```[^\n]*\n(.*?)```", markdown, re.DOTALL)
    table_rows = len(re.findall(r"^\s*\|.*\|\s*$", markdown, re.MULTILINE))

    if not heading and words > 0:
        problems.append("no headline: give every content slide a heading that states its point")
    elif len(title.split()) > 15:
        notes.append(f"headline has {len(title.split())} words; aim for one line (about 8-12)")
    if words > options.max_words:
        problems.append(f"{words} words of body text (max {options.max_words}): move detail to the notes")
    if bullets > options.max_bullets:
        problems.append(f"{bullets} bullet points (max {options.max_bullets}): split the slide")
    if len(indents) > 2:
        problems.append("bullets nested more than two levels deep")
    for code in fences:
        if code.count("\n") > 12:
            problems.append(f"code block of {code.count(chr(10))} lines (max 12): show only the key lines")
    if table_rows > 8:
        problems.append(f"table with {table_rows} rows (max about 7 plus header): show a figure or the key rows")
    if not has_notes and words + bullets > 0:
        notes.append("no speaker notes")
    for source in IMAGE.findall(markdown):
        path = source[1]
        check_image(path, deck_directory, problems)
    for path in HTML_SOURCE.findall(markdown):
        check_image(path, deck_directory, problems)
    return {
        "slide": number,
        "title": title,
        "words": words,
        "bullets": bullets,
        "speaker_notes": has_notes,
        "problems": problems,
        "notes": notes,
    }


def check_image(path, deck_directory, problems):
    if re.match(r"^[a-z][a-z0-9+.-]*:", path, re.IGNORECASE):
        return  # a URL or data: URI; cannot be checked offline
    if not os.path.exists(os.path.join(deck_directory, path)):
        problems.append(f"image not found: {path}")


def lint_deck(path, options):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    deck_directory = os.path.dirname(os.path.abspath(path))
    results, backup_from = [], None
    for number, markdown in enumerate(split_deck(text), start=1):
        result = lint_slide(number, markdown, options, deck_directory)
        if backup_from is None and result["title"].lower().startswith("backup"):
            backup_from = number
        result["backup"] = backup_from is not None
        results.append(result)
    main_slides = sum(1 for result in results if not result["backup"])
    deck_problems, deck_notes = [], []
    if options.minutes:
        per_minute = main_slides / options.minutes
        if per_minute > 1.3:
            deck_problems.append(
                f"{main_slides} main slides for {options.minutes:g} minutes ({per_minute:.1f} per minute): "
                "aim for about one per minute"
            )
        elif per_minute < 0.4:
            deck_notes.append(f"only {main_slides} main slides for {options.minutes:g} minutes")
    if results and not any("take-home" in r["title"].lower() or "summary" in r["title"].lower() or
                           "conclusion" in r["title"].lower() for r in results):
        deck_notes.append("no summary, conclusion or take-home slide found")
    return {
        "file": path,
        "slides": len(results),
        "main_slides": main_slides,
        "problems": deck_problems,
        "notes": deck_notes,
        "slide_results": results,
    }


def describe(report):
    lines = [f"{report['file']}: {report['slides']} slides ({report['main_slides']} before backup)"]
    lines.extend(f"  PROBLEM: {problem}" for problem in report["problems"])
    lines.extend(f"  note: {note}" for note in report["notes"])
    for result in report["slide_results"]:
        if not result["problems"] and not result["notes"]:
            continue
        label = f"  slide {result['slide']}" + (f" \"{result['title'][:50]}\"" if result["title"] else "")
        lines.append(label)
        lines.extend(f"    PROBLEM: {problem}" for problem in result["problems"])
        lines.extend(f"    note: {note}" for note in result["notes"])
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Lint a Marp slide deck.")
    parser.add_argument("deck", help="Marp Markdown file")
    parser.add_argument("--minutes", type=float, help="talk length in minutes, to check the slide count")
    parser.add_argument("--max-words", type=int, default=40, help="body words per slide (default 40)")
    parser.add_argument("--max-bullets", type=int, default=6, help="bullets per slide (default 6)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    options = parser.parse_args(argv)
    try:
        report = lint_deck(options.deck, options)
    except (OSError, UnicodeDecodeError) as error:
        print(f"{options.deck}: ERROR: {error}", file=sys.stderr)
        return 2
    print(json.dumps(report, indent=2) if options.json else describe(report))
    has_problems = report["problems"] or any(result["problems"] for result in report["slide_results"])
    return 1 if has_problems else 0


if __name__ == "__main__":
    sys.exit(main())
