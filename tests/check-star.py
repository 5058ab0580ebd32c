#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A class split by concern is a star: its satellite files call the main file,
never each other (as gnome-text-editor's editor-window-actions.c and
editor-window-dnd.c call only editor-window.c). Given the main files, this
finds each one's satellites (<main>-*.c beside it) and fails when a satellite
names a function another satellite defines, or when the class's private
header declares a name without the class's prefix (FxMoveBar, FX_MOVE_BAR_,
_fx_move_bar_)."""

import os
import re
import sys

DEFINITION = re.compile(r"^([A-Za-z_]\w*)\s*\(", re.M)
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
STRING = re.compile(r'"(?:\\.|[^"\\])*"')


def code_of(path):
    with open(path, encoding="utf-8") as f:
        return STRING.sub('""', COMMENT.sub(" ", f.read()))


def defined(code):
    """The functions a file defines for other files: not static."""
    names = set()
    for match in DEFINITION.finditer(code):
        before = code[:match.start()].rstrip()
        type_line = before[before.rfind("\n") + 1:]
        if type_line and not type_line.startswith("static") and not type_line.endswith((";", "}", ")")):
            names.add(match.group(1))
    return names


def prefixes(main):
    """FxMoveBar, FX_MOVE_BAR_ and _fx_move_bar_ for fx-move-bar.c."""
    words = os.path.basename(main)[:-2].split("-")
    camel = "".join(w.capitalize() for w in words)
    return (camel, "_".join(words).upper() + "_", "_" + "_".join(words) + "_")


def header_names(code):
    """The names a header declares: types, enum values, functions, macros."""
    names = set(re.findall(r"\}\s*([A-Za-z_]\w*)\s*;", code))
    names |= set(re.findall(r"#define\s+([A-Za-z_]\w*)", code))
    for body in re.findall(r"enum\s*\w*\s*\{(.*?)\}", code, re.S):
        names |= set(re.findall(r"^\s*([A-Za-z_]\w*)", body, re.M))
    names |= set(re.findall(r"^\S[^\n;]*?\b([A-Za-z_]\w*)\s*\([^;]*\)\s*;", code, re.M))
    names |= set(re.findall(r"^extern\s.*?\b([A-Za-z_]\w*)\s*\[", code, re.M))
    return names


def check(main):
    problems = []
    folder, stem = os.path.split(main)
    stem = stem[:-2]
    satellites = sorted(os.path.join(folder, f) for f in os.listdir(folder)
                        if f.startswith(stem + "-") and f.endswith(".c"))
    codes = {path: code_of(path) for path in satellites}
    for path in satellites:
        for other in satellites:
            if other == path:
                continue
            for name in sorted(defined(codes[other])):
                if re.search(r"\b%s\b" % re.escape(name), codes[path]):
                    problems.append("%s calls %s, defined in the satellite %s: a satellite calls only %s"
                                    % (path, name, other, main))
    header = os.path.join(folder, stem + "-private.h")
    if os.path.exists(header):
        allowed = prefixes(main)
        for name in sorted(header_names(code_of(header))):
            if not name.startswith(allowed) and name != "G_BEGIN_DECLS":
                problems.append("%s declares %s, without the prefix %s" % (header, name, " / ".join(allowed)))
    print("%s: %d satellites: %s" % (main, len(satellites), ", ".join(os.path.basename(s) for s in satellites)))
    return problems


def main():
    problems = []
    for path in sys.argv[1:]:
        problems += check(path)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
