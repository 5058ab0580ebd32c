#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fails when a shared file names a game outside the lines doc/architecture.md lists.

    check-game-names.py SOURCE_ROOT

Shared files are those every game uses: src/core, src/app/xq-* and main.c,
src/cli's own files (not a game's folder), data/session.rng and ui/xq-*.ui.
A game's name is its id ("for-ex", "fair-trade"), its folder ("forex") or
its prefix in code (fx_, Fx…, FX_, ft_, Ft…, FT_). The list is the block
between <!-- game-names:begin --> and <!-- game-names:end --> in
doc/architecture.md, one "path: text" a line, text a part of the line
allowed; each entry must still match, so the list stays true. TAP output.
"""

import pathlib
import re
import sys

NAMES = re.compile(r"for-ex|forex|fair-trade|\b(fx_|ft_|FX_|FT_|Fx[A-Z]|Ft[A-Z])")


def shared_files(root):
    globs = ["src/core/*.[ch]", "src/library/*.[ch]", "src/app/xq-*.[ch]", "src/app/main.c", "src/cli/*.[ch]",
             "data/session.rng", "ui/xq-*.ui"]
    for pattern in globs:
        yield from sorted(root.glob(pattern))


def allowed_lines(doc):
    text = doc.read_text(encoding="utf-8")
    block = re.search(r"<!-- game-names:begin -->(.*?)<!-- game-names:end -->", text, re.S)
    if block is None:
        return None
    entries = []
    for line in block.group(1).split("\n"):
        if ": " in line and not line.startswith("```"):
            path, allowed = line.split(": ", 1)
            entries.append((path.strip(), allowed.strip()))
    return entries


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    entries = allowed_lines(root / "doc" / "architecture.md")
    if entries is None:
        print("not ok 1 - doc/architecture.md has no game-names block")
        print("1..1")
        return 1
    used = set()
    stray = []
    for path in shared_files(root):
        relative = path.relative_to(root).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
            if not NAMES.search(line):
                continue
            match = [i for i, (p, allowed) in enumerate(entries) if p == relative and allowed in line]
            if match:
                used.update(match)
            else:
                stray.append(f"{relative}:{number}: {line.strip()}")
    unused = [f"{p}: {allowed}" for i, (p, allowed) in enumerate(entries) if i not in used]
    status = 0
    if stray:
        print("not ok 1 - shared files name a game outside doc/architecture.md's list:")
        for line in stray:
            print(f"#   {line}")
        status = 1
    else:
        print("ok 1 - no shared file names a game outside doc/architecture.md's list")
    if unused:
        print("not ok 2 - doc/architecture.md lists lines no shared file has any more:")
        for line in unused:
            print(f"#   {line}")
        status = 1
    else:
        print("ok 2 - every line doc/architecture.md lists is still there")
    print("1..2")
    return status


sys.exit(main())
