#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A class split by concern is a star (issue #25): its satellite files call the
main file, never each other (as gnome-text-editor's editor-window-actions.c and
editor-window-dnd.c call only editor-window.c). A class may also have kits:
widgets or helpers that serve it and call none of its files.

STARS below names, per class, the main file, the satellites and the kits. Fails
when a satellite calls a function another satellite defines, when a kit calls a
function the main file or a satellite defines, when a <family>-*.c file is in
no list, or when the class's private header (<main>-private.h) declares a name
without the family's prefix (FxMoveBar, FX_MOVE_BAR_, _fx_move_bar_ for the
family fx-move-bar).

Usage: check-star.py FOLDER... (where the classes' files are: each class is
looked for in every folder, and must be in one), or --self-test,
which plants a call from one satellite into another and from a kit into the
main file and expects both caught.

Output: TAP, one line per file and per private header."""

import contextlib
import io
import os
import re
import sys
import tempfile

# (main file, family: the prefix of its files' names, satellites, kits)
STARS = [
    ("fx-move-bar.c", "fx-move-bar",
     ["fx-move-bar-forms.c", "fx-move-bar-fold.c", "fx-move-bar-suggest.c"], []),
    ("fx-correction-dialog.c", "fx-correction-dialog",
     ["fx-correction-dialog-table.c"], []),
    ("fx-audit-window.c", "fx-audit",
     ["fx-audit-score.c", "fx-audit-stats.c", "fx-audit-review.c", "fx-audit-export.c"],
     ["fx-audit-kit.c", "fx-audit-chart.c", "fx-audit-rows.c",
      "fx-audit-charts-page.c", "fx-audit-review-page.c", "fx-audit-review-turns.c", "fx-audit-score-page.c",
      "fx-audit-stats-page.c"]),
    ("xq-library-window.c", "xq-library-window",
     ["xq-library-window-folders.c"], []),
]

COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
STRING = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'')
# GNU style: the return type on its own line, the name at column 0, then " (".
DEFINITION = re.compile(r"^([A-Za-z_]\w*)\s*\(", re.M)
IDENTIFIER = re.compile(r"\b[A-Za-z_]\w*\b")


def code_of(path):
    with open(path, encoding="utf-8") as f:
        return STRING.sub('""', COMMENT.sub(" ", f.read()))


def defined(code):
    """The functions a file defines that other files can call (not static)."""
    names = set()
    lines = code.split("\n")
    for i, line in enumerate(lines):
        m = DEFINITION.match(line)
        if m is None or i == 0 or line.rstrip().endswith(";"):
            continue
        before = lines[i - 1].strip()
        if before and not before.startswith("static") and not before.endswith((";", "}", ")")):
            names.add(m.group(1))
    return names


def header_names(code):
    """The names a header declares: types, enum values, functions, macros."""
    names = set(re.findall(r"\}\s*([A-Za-z_]\w*)\s*;", code))
    names |= set(re.findall(r"#define\s+([A-Za-z_]\w*)", code))
    for body in re.findall(r"enum\s*\w*\s*\{(.*?)\}", code, re.S):
        names |= set(re.findall(r"^\s*([A-Za-z_]\w*)", body, re.M))
    names |= set(re.findall(r"^\S[^\n;]*?\b([A-Za-z_]\w*)\s*\([^;]*\)\s*;", code, re.M))
    names |= set(re.findall(r"^extern\s.*?\b([A-Za-z_]\w*)\s*\[", code, re.M))
    return names - {"G_BEGIN_DECLS"}


def prefixes(family):
    """FxMoveBar, FX_MOVE_BAR_ and _fx_move_bar_ for fx-move-bar."""
    words = family.split("-")
    return ("".join(w.capitalize() for w in words),
            "_".join(words).upper() + "_", "_" + "_".join(words) + "_")


def check_star(folder, star):
    """The TAP results (ok, description) for one class."""
    main, family, satellites, kits = star
    results = []
    listed = {main, *satellites, *kits}
    files = sorted(f for f in os.listdir(folder)
                   if f.endswith(".c") and (f == main or f.startswith(family + "-")))
    if main not in files:
        return [(False, "%s not found in %s" % (main, folder))]
    codes = {f: code_of(os.path.join(folder, f)) for f in files}
    owner = {name: f for f in files for name in defined(codes[f])}
    for f in files:
        if f == main:
            results.append((True, "%s is the main file" % f))
            continue
        if f not in listed:
            results.append((False, "%s is neither a satellite nor a kit of %s: list it in STARS" % (f, main)))
            continue
        kit = f in kits
        wrong = sorted("%s (%s)" % (name, owner[name]) for name in set(IDENTIFIER.findall(codes[f]))
                       if owner.get(name, f) != f and owner[name] not in kits
                       and (kit or owner[name] != main))
        if wrong:
            what = "a kit calls a file of its class" if kit else "a satellite calls another satellite"
            results.append((False, "%s: %s: %s" % (f, what, ", ".join(wrong))))
        else:
            results.append((True, "%s %s" % (f, "calls no file of its class" if kit
                                             else "calls only the main file and the kits")))
    for f in sorted(listed - set(files)):
        results.append((False, "%s is listed for %s but not found" % (f, main)))
    header = main[:-2] + "-private.h"
    if os.path.exists(os.path.join(folder, header)):
        allowed = prefixes(family)
        bad = sorted(n for n in header_names(code_of(os.path.join(folder, header)))
                     if not n.startswith(allowed))
        if bad:
            results.append((False, "%s declares %s without the prefix %s"
                            % (header, ", ".join(bad), " / ".join(allowed))))
        else:
            results.append((True, "%s prefixes its names %s" % (header, " / ".join(allowed))))
    return results


def folder_of(folders, star):
    """The folder that holds the star's main file (the first, else)."""
    return next((f for f in folders if os.path.exists(os.path.join(f, star[0]))), folders[0])


def check(folders, stars=STARS):
    if isinstance(folders, str):
        folders = [folders]
    results = [r for star in stars for r in check_star(folder_of(folders, star), star)]
    print("1..%d" % len(results))
    for n, (ok, what) in enumerate(results, 1):
        print("%s %d - %s" % ("ok" if ok else "not ok", n, what))
    return 0 if all(ok for ok, _ in results) else 1


def self_test():
    """Plants one call of each forbidden kind in a made-up class, expects both caught."""
    star = ("fx-thing.c", "fx-thing", ["fx-thing-one.c", "fx-thing-two.c"], ["fx-thing-kit.c"])
    clean = {
        "fx-thing.c": "void\n_fx_thing_helper (void)\n{\n  fx_thing_kit_make ();\n}\n",
        "fx-thing-kit.c": "void\nfx_thing_kit_make (void)\n{\n}\n",
        "fx-thing-one.c": "void\n_fx_thing_one_fill (void)\n{\n  _fx_thing_helper ();\n}\n",
        "fx-thing-two.c": "static void\nlocal (void)\n{\n  fx_thing_kit_make ();\n}\n",
        "fx-thing-private.h": "void _fx_thing_helper (void);\nvoid _fx_thing_one_fill (void);\n",
    }
    planted = dict(clean)
    planted["fx-thing-two.c"] = clean["fx-thing-two.c"].replace("fx_thing_kit_make", "_fx_thing_one_fill")
    planted["fx-thing-kit.c"] = clean["fx-thing-kit.c"].replace("{\n", "{\n  _fx_thing_helper ();\n")
    outputs = []
    for sources in (clean, planted):
        with tempfile.TemporaryDirectory() as folder:
            for name, text in sources.items():
                with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
                    f.write(text)
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                failed = check(folder, [star])
            outputs.append((failed, out.getvalue()))
    (clean_failed, clean_out), (failed, out) = outputs
    tests = [
        (clean_failed == 0, "a clean star passes"),
        ("fx-thing-two.c: a satellite calls another satellite: _fx_thing_one_fill" in out,
         "a planted call from a satellite into another is caught"),
        ("fx-thing-kit.c: a kit calls a file of its class: _fx_thing_helper" in out,
         "a planted call from a kit into the main file is caught"),
        (failed == 1 and out.count("not ok") == 2, "the check fails, and only on the two planted files"),
    ]
    print("1..%d" % len(tests))
    for n, (ok, what) in enumerate(tests, 1):
        print("%s %d - %s" % ("ok" if ok else "not ok", n, what))
    if not all(ok for ok, _ in tests):
        for text in (clean_out, out):
            sys.stdout.write("# " + text.rstrip("\n").replace("\n", "\n# ") + "\n")
        return 1
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    if args == ["--self-test"]:
        sys.exit(self_test())
    if len(args) < 1:
        sys.exit("usage: check-star.py FOLDER... | --self-test")
    sys.exit(check(args))
