#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fails when a user-visible string is not marked for translation, or when a
file with marked strings is missing from po/POTFILES.in.

    check-i18n.py SOURCE_ROOT           lint the tree
    check-i18n.py --self-test SOURCE_ROOT
        copy the tree, plant one fault of each kind, and check each is caught

A heuristic, precise enough to pass on a clean tree:
* C (src/**/*.c, *.h): a string literal given directly (not inside _(), N_(),
  C_(), ngettext…) to a function that shows text to a person — GTK/libadwaita
  label, title, tooltip, toast and dialog setters, g_set_error*, the rules'
  refuse*/fail* helpers, the CLI's usage_error and its messages on stderr.
  Literals that hold no word (formats such as "%s %s", "—", "1"), currency
  codes and identifiers ("win.save", "dim-label") are allowed.
* .ui (ui/**/*.ui): <property name="label|title|subtitle|description|
  tooltip-text|placeholder-text|heading|body|text"> and menu <attribute
  name="label">, and string-list <item>s, with words but no translatable="yes".
* Every C or .ui file that contains _(, N_(, C_(, NC_(, ngettext or
  translatable="yes" (comments ignored) is listed in po/POTFILES.in, and
  every listed file exists.
"""

import os
import re
import shutil
import sys
import tempfile

# Function -> indices of the arguments that are shown to a person (None: all).
USER_TEXT_FUNCTIONS = {
    "gtk_label_new": [0],
    "gtk_label_new_with_mnemonic": [0],
    "gtk_label_set_text": [1],
    "gtk_label_set_label": [1],
    "gtk_label_set_markup": [1],
    "gtk_label_set_text_with_mnemonic": [1],
    "gtk_label_set_markup_with_mnemonic": [1],
    "gtk_button_new_with_label": [0],
    "gtk_button_new_with_mnemonic": [0],
    "gtk_button_set_label": [1],
    "gtk_check_button_new_with_label": [0],
    "gtk_check_button_new_with_mnemonic": [0],
    "gtk_check_button_set_label": [1],
    "gtk_toggle_button_new_with_label": [0],
    "gtk_toggle_button_new_with_mnemonic": [0],
    "gtk_menu_button_set_label": [1],
    "gtk_widget_set_tooltip_text": [1],
    "gtk_widget_set_tooltip_markup": [1],
    "gtk_window_set_title": [1],
    "gtk_editable_set_placeholder_text": [1],
    "gtk_entry_set_placeholder_text": [1],
    "gtk_frame_new": [0],
    "gtk_frame_set_label": [1],
    "gtk_column_view_column_new": [0],
    "gtk_column_view_column_set_title": [1],
    "gtk_file_chooser_native_new": [0, 3, 4],
    "gtk_string_list_append": [1],
    "gtk_accessible_update_property": None,
    "g_menu_item_new": [0],
    "g_menu_append": [1],
    "adw_toast_new": [0],
    "adw_toast_set_title": [1],
    "adw_toast_set_button_label": [1],
    "adw_message_dialog_new": [1, 2],
    "adw_message_dialog_set_heading": [1],
    "adw_message_dialog_set_body": [1],
    "adw_message_dialog_format_heading": [1],
    "adw_message_dialog_format_body": [1],
    "adw_message_dialog_add_response": [2],
    "adw_preferences_row_set_title": [1],
    "adw_preferences_group_set_title": [1],
    "adw_preferences_group_set_description": [1],
    "adw_preferences_page_set_title": [1],
    "adw_action_row_set_subtitle": [1],
    "adw_expander_row_set_subtitle": [1],
    "adw_status_page_set_title": [1],
    "adw_status_page_set_description": [1],
    "adw_window_title_new": [0, 1],
    "adw_window_title_set_title": [1],
    "adw_window_title_set_subtitle": [1],
    "adw_view_stack_add_titled": [3],
    "adw_view_stack_page_set_title": [1],
    "g_set_error": [3],
    "g_set_error_literal": [3],
    "g_prefix_error": [1],
    "g_propagate_prefixed_error": [2],
    "g_error_new": [2],
    "g_error_new_literal": [2],
    "g_printerr": [0],
    "usage_error": None,
}
# Helpers of the rules and loaders: refuse(), refuse_with(), fail(), …
USER_TEXT_PATTERNS = [re.compile(r"^(refuse|fail)[a-z_]*$")]

MARKERS = ("_", "N_", "C_", "NC_", "Q_", "ngettext", "g_dngettext", "dngettext",
           "g_dgettext", "dgettext", "g_dpgettext", "g_dpgettext2", "gettext")

# Text that has no words to translate, or is not language.
ALLOWED = {"%s %s", "—", "–", "·", "…", "→", "%s → %s", "%s: %s", "%s, %s"}

UI_PROPERTIES = ("label", "title", "subtitle", "description", "tooltip-text",
                 "placeholder-text", "heading", "body", "text", "secondary-text")

MARKER_RE = re.compile(r'(?<![A-Za-z0-9_])(?:_|N_|C_|NC_|Q_|ngettext|g_dngettext|g_dpgettext2?)\s*\(')


def strip_c_comments(text):
    """Blanks out comments (keeping line breaks and string literals)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def split_args(text, start):
    """The top-level arguments of the call whose '(' is at text[start]."""
    args, depth, i, cur = [], 0, start, start + 1
    n = len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                args.append(text[cur:i])
                return args
        elif c == "," and depth == 1:
            args.append(text[cur:i])
            cur = i + 1
        i += 1
    return args


def literal_text(arg):
    """The text of an argument that is a bare string literal (adjacent literals
    and format macros between them joined), or None."""
    arg = arg.strip()
    if not arg.startswith('"'):
        return None
    pieces = re.findall(r'"((?:[^"\\]|\\.)*)"', arg)
    return "".join(pieces)


def has_words(text):
    bare = re.sub(r"%(\d+\$)?[-+ #0']*\d*(\.\d+)?(hh|h|ll|l|z|j|t)?[a-zA-Z%]", " ", text)
    bare = re.sub(r"\\.", " ", bare)
    if not re.search(r"[^\W\d_]{2,}", bare):
        return False
    stripped = bare.strip()
    # currency codes and other upper-case codes
    if re.fullmatch(r"[A-Z]{2,4}", stripped):
        return False
    # identifiers: action names, CSS classes, icon names, ids
    if re.fullmatch(r"[a-z0-9_.:-]+", stripped):
        return False
    return True


def line_of(text, pos):
    return text.count("\n", 0, pos) + 1


def lint_c(path, rel, problems):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = strip_c_comments(f.read())
    for m in re.finditer(r"(?<![A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*)\s*\(", text):
        name = m.group(1)
        if name in USER_TEXT_FUNCTIONS:
            indices = USER_TEXT_FUNCTIONS[name]
        elif any(p.match(name) for p in USER_TEXT_PATTERNS):
            indices = None
        elif name == "fprintf":
            indices = [1]
        else:
            continue
        # GNU style: a definition or declaration starts its line with the name
        if m.start() == 0 or text[m.start() - 1] == "\n":
            continue
        args = split_args(text, m.end() - 1)
        if name == "fprintf":
            # only messages to the user: fprintf (stderr, …)
            if not args or args[0].strip() != "stderr":
                continue
        for k, arg in enumerate(args):
            if indices is not None and k not in indices:
                continue
            lit = literal_text(arg)
            if lit is None or lit in ALLOWED or not has_words(lit):
                continue
            problems.append(f"{rel}:{line_of(text, m.start())}: “{lit}” given to {name}() is not marked for translation")


UI_PROP_RE = re.compile(
    r"<(property|attribute)\s+([^>]*?)name=\"([a-z-]+)\"([^>]*)>([^<]*)</\1>", re.S)
UI_ITEM_RE = re.compile(r"<item(\s[^>]*)?>([^<]*)</item>", re.S)


def lint_ui(path, rel, problems):
    with open(path, encoding="utf-8", errors="replace") as f:
        raw = f.read()
    text = re.sub(r"<!--.*?-->", lambda m: re.sub(r"[^\n]", " ", m.group(0)), raw, flags=re.S)
    for m in UI_PROP_RE.finditer(text):
        kind, attrs, name, attrs2, value = m.groups()
        if kind == "property" and name not in UI_PROPERTIES:
            continue
        if kind == "attribute" and name != "label":
            continue
        if 'translatable="yes"' in attrs + attrs2 or not has_words(value.strip()):
            continue
        problems.append(f"{rel}:{line_of(text, m.start())}: {kind} “{name}” = “{value.strip()}” lacks translatable=\"yes\"")
    for m in UI_ITEM_RE.finditer(text):
        attrs, value = m.groups()
        if 'translatable="yes"' in (attrs or "") or not has_words(value.strip()):
            continue
        problems.append(f"{rel}:{line_of(text, m.start())}: item “{value.strip()}” lacks translatable=\"yes\"")


def has_marked_strings(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    if path.endswith(".ui"):
        text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
        return 'translatable="yes"' in text
    return MARKER_RE.search(strip_c_comments(text)) is not None


def source_files(root):
    for top in ("src", "ui"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames.sort()
            for name in sorted(filenames):
                if name.endswith((".c", ".h", ".ui")):
                    full = os.path.join(dirpath, name)
                    yield full, os.path.relpath(full, root)


def lint(root):
    problems = []
    with open(os.path.join(root, "po", "POTFILES.in"), encoding="utf-8") as f:
        listed = {line.strip() for line in f if line.strip() and not line.startswith("#")}
    for rel in sorted(listed):
        if not os.path.exists(os.path.join(root, rel)):
            problems.append(f"po/POTFILES.in: {rel} does not exist")
    for full, rel in source_files(root):
        if rel.endswith(".ui"):
            lint_ui(full, rel, problems)
        else:
            lint_c(full, rel, problems)
        if rel not in listed and has_marked_strings(full):
            problems.append(f"{rel}: has strings marked for translation but is not in po/POTFILES.in")
    return problems


def self_test(root):
    """Plants one fault of each kind in a copy of the tree: each must be caught,
    and the unchanged copy must pass."""
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        def fresh():
            copy = os.path.join(tmp, "tree")
            shutil.rmtree(copy, ignore_errors=True)
            os.makedirs(os.path.join(copy, "po"))
            shutil.copy(os.path.join(root, "po", "POTFILES.in"), os.path.join(copy, "po"))
            shutil.copytree(os.path.join(root, "src"), os.path.join(copy, "src"))
            shutil.copytree(os.path.join(root, "ui"), os.path.join(copy, "ui"))
            shutil.copytree(os.path.join(root, "data"), os.path.join(copy, "data"),
                            ignore=shutil.ignore_patterns("examples", "icons"))
            return copy

        def append(copy, rel, text):
            with open(os.path.join(copy, rel), "a", encoding="utf-8") as f:
                f.write(text)

        with open(os.path.join(root, "po", "POTFILES.in"), encoding="utf-8") as f:
            listed = [l.strip() for l in f if l.strip() and not l.startswith("#")]
        c_file = next(l for l in listed if l.startswith("src/app/") and l.endswith(".c"))
        rules_file = next(l for l in listed if l.endswith("-rules.c"))
        ui_file = next(l for l in listed if l.endswith(".ui"))

        plants = [
            ("unmarked label in " + c_file, lambda c: append(c, c_file,
                '\nstatic void planted (void) { gtk_label_new ("Planted unmarked label"); }\n'),
             "Planted unmarked label"),
            ("unmarked tooltip in " + c_file, lambda c: append(c, c_file,
                '\nstatic void planted2 (GtkWidget *w) { gtk_widget_set_tooltip_text (w, "Planted tooltip"); }\n'),
             "Planted tooltip"),
            ("unmarked refusal in " + rules_file, lambda c: append(c, rules_file,
                '\nstatic gboolean planted3 (GError **error) { return refuse (error, "planted refusal %s", "x"); }\n'),
             "planted refusal"),
            ("unmarked g_set_error in " + rules_file, lambda c: append(c, rules_file,
                '\nstatic void planted4 (GError **error) { g_set_error (error, 1, 2, "Planted error %d", 3); }\n'),
             "Planted error"),
            ("unmarked .ui label in " + ui_file, lambda c: open(os.path.join(c, ui_file), "w").write(
                open(os.path.join(root, ui_file), encoding="utf-8").read().replace(
                    "</interface>",
                    '<object class="GtkLabel"><property name="label">Planted UI text</property></object>\n</interface>')),
             "Planted UI text"),
            ("marked file missing from POTFILES.in", lambda c: open(os.path.join(c, "src", "app", "xq-planted.c"), "w").write(
                '#include <glib/gi18n.h>\nconst char *planted (void) { return _("Planted"); }\n'),
             "src/app/xq-planted.c: has strings marked"),
            ("listed file that does not exist", lambda c: append(c, "po/POTFILES.in", "src/app/xq-gone.c\n"),
             "xq-gone.c does not exist"),
        ]
        # The plants are judged against what the unchanged copy reports, so the
        # self-test does not depend on the tree being clean at the moment.
        baseline = set(lint(fresh()))
        print("ok 1 - the unchanged copy is linted")
        for p in sorted(baseline):
            print("# already reported:", p)
        for n, (what, plant, expect) in enumerate(plants, start=2):
            copy = fresh()
            plant(copy)
            found = [p for p in lint(copy) if expect in p and p not in baseline]
            if found:
                print(f"ok {n} - caught: {what}")
                print("#", found[0])
            else:
                print(f"not ok {n} - missed: {what}")
                failures += 1
        print(f"1..{len(plants) + 1}")
    return failures


def main(argv):
    if len(argv) == 3 and argv[1] == "--self-test":
        return 1 if self_test(argv[2]) else 0
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    problems = lint(argv[1])
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(f"{len(problems)} problem(s): mark the strings with _() / translatable=\"yes\" "
              "and list the files in po/POTFILES.in", file=sys.stderr)
        return 1
    print("every user-visible string is marked and every such file is listed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
