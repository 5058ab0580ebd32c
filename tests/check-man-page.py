#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fails when exchequer-cli's manual page misses what its --help lists.

    check-man-page.py EXCHEQUER_CLI MAN_PAGE

Every command and every option of the usage text (in the C locale) must head
an entry (.TP) of the page, alone or with its command ("score --projected");
each exit status the usage names must be described under EXIT STATUS; and the
version in the page's .TH line must be the program's. TAP output.
"""

import os
import re
import subprocess
import sys

results = []


def tap(ok, description):
    results.append(ok)
    print(f"{'ok' if ok else 'not ok'} {len(results)} - {description}")


def roman(line):
    """A troff line as it reads: macros, quotes and font changes removed."""
    line = re.sub(r"^\.(B|I|BI|IB|BR|RB|IR|RI|TP|TH|SH)\b\s*", "", line)
    line = re.sub(r"\\f[BIRP]", "", line)
    line = line.replace("\\-", "-").replace('"', "")
    return " ".join(line.split())


def main():
    cli, page = sys.argv[1], sys.argv[2]
    env = dict(os.environ, LANGUAGE="C", LC_ALL="C.UTF-8")
    usage = subprocess.run([cli, "--help"], env=env, capture_output=True, text=True, check=True).stdout
    version = subprocess.run([cli, "--version"], env=env, capture_output=True, text=True, check=True).stdout.split()[-1]
    with open(page, encoding="utf-8") as f:
        lines = f.read().split("\n")

    # The entries' heads: the line after each .TP.
    heads = [roman(lines[i + 1]) for i, line in enumerate(lines[:-1]) if line.startswith(".TP")]
    sections = {}
    section = None
    for line in lines:
        if line.startswith(".SH"):
            section = roman(line)
        elif section is not None:
            sections.setdefault(section, []).append(line)

    program = os.path.basename(cli)
    commands, options = [], []
    for line in usage.split("\n"):
        words = line.split()
        if len(words) < 2 or words[0] != program:
            continue
        if not words[1].startswith("-"):
            commands.append(words[1])
        options += re.findall(r"--[a-z][a-z-]*", line)
    commands = list(dict.fromkeys(commands))
    options = list(dict.fromkeys(options))
    tap(len(commands) >= 8, f"the usage lists the commands ({', '.join(commands)})")

    for command in commands:
        tap(any(h.split()[0] == command for h in heads if h), f"the page has an entry for “{command}”")
    for option in options:
        tap(any(option in h.split() for h in heads), f"the page has an entry for “{option}”")

    statuses = re.findall(r"\b(\d) [a-z]", usage.split("Exit status:", 1)[-1])
    tap(len(statuses) >= 3, f"the usage names the exit statuses ({', '.join(statuses)})")
    exit_heads = [roman(sections["EXIT STATUS"][i + 1]) for i, line in enumerate(sections.get("EXIT STATUS", [])[:-1])
                  if line.startswith(".TP")]
    for status in statuses:
        tap(status in exit_heads, f"EXIT STATUS describes {status}")

    th = next((line for line in lines if line.startswith(".TH")), "")
    tap(f"Exchequer {version}" in th, f"the page is of version {version}: {th}")
    for name in ("NAME", "SYNOPSIS", "DESCRIPTION", "FILES"):
        tap(name in sections, f"the page has a {name} section")

    print(f"1..{len(results)}")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
