#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fails when the audit window's files stop being a star (issue #25).

src/app/forex/fx-audit-window.c is the main file. Every other fx-audit-*.c is
either a satellite (one page or concern of the window) or a kit (a widget or
helper that serves the window and calls none of its files: the widget kit,
the chart, the long tables' model). A satellite may call the main file and the
kits, never another satellite; a kit calls no function defined in any other
audit file. The kits are named below; any new fx-audit-*.c is a satellite.

With --self-test, checks that a planted call from one satellite into another
and from a kit into the main file are caught.

Output: TAP, one line per file."""

import os
import re
import sys
import tempfile

MAIN = "fx-audit-window.c"
KITS = {"fx-audit-kit.c", "fx-audit-chart.c", "fx-audit-rows.c"}

COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
STRING = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'')
# GNU style: the return type on its own line, the name at column 0, then " (".
DEFINITION = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\s*\(", re.M)
IDENTIFIER = re.compile(r"\b[A-Za-z_][A-Za-z0-9_]*\b")


def code_of(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return STRING.sub('""', COMMENT.sub(" ", text))


def defined(code):
    """The functions a file defines that other files can call (not static)."""
    names = set()
    lines = code.split("\n")
    for i, line in enumerate(lines):
        m = DEFINITION.match(line)
        if m is None or i == 0:
            continue
        before = lines[i - 1].strip()
        if not before or before.startswith("static") or before.endswith((";", "}", ")")):
            continue
        if line.rstrip().endswith(";"):
            continue
        names.add(m.group(1))
    return names


def check(folder):
    files = sorted(f for f in os.listdir(folder) if f.startswith("fx-audit-") and f.endswith(".c"))
    if MAIN not in files:
        print("1..1\nnot ok 1 - %s not found in %s" % (MAIN, folder))
        return 1
    codes = {f: code_of(os.path.join(folder, f)) for f in files}
    owner = {}
    for f in files:
        for name in defined(codes[f]):
            owner[name] = f
    print("1..%d" % len(files))
    failed = 0
    for n, f in enumerate(files, 1):
        if f == MAIN:
            print("ok %d - %s is the main file" % (n, f))
            continue
        kit = f in KITS
        wrong = set()
        for name in set(IDENTIFIER.findall(codes[f])):
            other = owner.get(name)
            if other is None or other == f or other in KITS:
                continue
            if kit or other != MAIN:
                wrong.add("%s (%s)" % (name, other))
        if wrong:
            failed = 1
            what = "a kit calls another audit file" if kit else "a satellite calls another satellite"
            print("not ok %d - %s: %s: %s" % (n, f, what, ", ".join(sorted(wrong))))
        else:
            print("ok %d - %s %s" % (n, f, "calls no other audit file" if kit else "calls only the main file and the kits"))
    return failed


def self_test():
    """Plants one call of each forbidden kind in a copy and expects both caught."""
    with tempfile.TemporaryDirectory() as folder:
        sources = {
            MAIN: "void\n_fx_audit_window_helper (void)\n{\n}\n",
            "fx-audit-kit.c": "void\nfx_audit_kit_thing (void)\n{\n  _fx_audit_window_helper ();\n}\n",
            "fx-audit-one.c": "void\n_fx_audit_one_fill (void)\n{\n  _fx_audit_window_helper ();\n}\n",
            "fx-audit-two.c": "static void\nlocal (void)\n{\n  _fx_audit_one_fill ();\n}\n",
        }
        for name, text in sources.items():
            with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
                f.write(text)
        import contextlib
        import io

        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            failed = check(folder)
        lines = out.getvalue()
        ok = (failed == 1 and "fx-audit-kit.c: a kit calls" in lines
              and "fx-audit-two.c: a satellite calls another satellite: _fx_audit_one_fill" in lines
              and "not ok" not in lines.split("fx-audit-one.c")[0].split("\n")[-1])
        print("1..1")
        print("%s 1 - planted calls between satellites and from a kit are caught" % ("ok" if ok else "not ok"))
        if not ok:
            sys.stdout.write("# " + lines.replace("\n", "\n# ") + "\n")
        return 0 if ok else 1


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] == "--self-test":
        sys.exit(self_test())
    root = args[0] if args else "."
    sys.exit(check(os.path.join(root, "src", "app", "forex")))
