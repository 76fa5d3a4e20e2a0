#!/usr/bin/env python3
"""The documentation holds together: README.md is at most 300 lines (the reference lives in
docs/), and every relative link in README.md, docs/*.md and assets/README.md names a file that
exists and, with #anchor, a heading that file has (GitHub's anchors). Exits 1 on any problem."""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
problems = []


def anchors(path):
    out, fence = set(), False
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            fence = not fence
        m = None if fence else re.match(r"^#{1,6} (.*)$", line.rstrip("\n"))
        if m:
            slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
            out.add(slug)
    return out


pages = [os.path.join(root, "README.md"), os.path.join(root, "assets", "README.md")]
pages += sorted(os.path.join(root, "docs", f) for f in os.listdir(os.path.join(root, "docs")) if f.endswith(".md"))
n = sum(1 for _ in open(pages[0], encoding="utf-8"))
if n > 300:
    problems.append("README.md has %d lines (at most 300: the reference goes to docs/)" % n)
links = 0
for page in pages:
    text, fence_free = open(page, encoding="utf-8").read(), []
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    for m in re.finditer(r"\]\(([^)\s]+)\)", text):
        target = m.group(1)
        if re.match(r"^(https?:|mailto:)", target):
            continue
        links += 1
        path, _, anchor = target.partition("#")
        full = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
        name = os.path.relpath(page, root)
        if not os.path.exists(full):
            problems.append("%s: the link %s names no file" % (name, target))
        elif anchor and full.endswith(".md") and anchor not in anchors(full):
            problems.append("%s: the link %s names no heading of %s" % (name, target, os.path.relpath(full, root)))
for p in problems:
    print(p)
print("docs: README.md %d lines, %d links in %d pages, %d problem(s)" % (n, links, len(pages), len(problems)))
sys.exit(1 if problems else 0)
