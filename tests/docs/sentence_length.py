#!/usr/bin/env python3
"""Fail when a Markdown document has a sentence of more than --max-words words.

Issue 35 asks for sentences of 25 words or fewer in every document. Prose only: fenced code,
indented code, tables, headings, HTML comments and link targets are not sentences. A sentence
ends at '.', '!', '?', ':' or ';' followed by a space or the end of a paragraph; a list item or a
paragraph ends one too. Words are whitespace-separated tokens; inline code counts as one word.
"""
import argparse
import re
import sys

SENTENCE_END = re.compile(r"(?<=[.!?:;])\s+(?=[^a-z0-9(])")
INLINE_CODE = re.compile(r"`[^`]*`")
LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
LIST_ITEM = re.compile(r"^\s*([-*+]|\d+[.)])\s+")


def paragraphs(text):
    """Yield (first line number, prose text) for each paragraph or list item of prose."""
    block, start, fenced = [], 0, False
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        is_break = (not stripped or stripped.startswith(("#", "|", "<!--", "![")) or
                    line.startswith("    ") and not block)
        if is_break or LIST_ITEM.match(line):
            if block:
                yield start, " ".join(block)
            block = []
            if is_break:
                continue
            line = LIST_ITEM.sub("", line)
        if not block:
            start = number
        block.append(line.strip())
    if block:
        yield start, " ".join(block)


def long_sentences(text, max_words):
    for line, paragraph in paragraphs(text):
        prose = LINK.sub(r"\1", INLINE_CODE.sub("CODE", paragraph))
        for sentence in SENTENCE_END.split(prose):
            words = sentence.split()
            if len(words) > max_words:
                yield line, len(words), " ".join(words[:12]) + " ..."


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-words", type=int, default=25)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    failures = 0
    for path in args.files:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        for line, count, start in long_sentences(text, args.max_words):
            print(f"{path}:{line}: a sentence of {count} words: {start}")
            failures += 1
    if failures:
        print(f"{failures} sentence(s) longer than {args.max_words} words", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
