#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Each catalogue follows its language's glossary (doc/glossary/LANG.txt).

A glossary line is the form of address:

    address: ihr

or English the terms are not checked in (a regular expression; the
command line's usage, which quotes the output it prints):

    ignore: ^Usage:

or a term, its English words as a regular expression (case-insensitive,
whole words), the one translation in the forms it may take, and after "!"
the variants it must never take:

    spot transactions? → Kassageschäft | Kassageschäfte ! Spot-Geschäft

For each translated message (not fuzzy) whose English holds a term, the
translation must hold one of the term's forms, and none of its variants.
A variant that is another term's translation ("Zug" is "move", not "turn")
is allowed where the English holds that other term too. The form of address
forbids the other forms' pronouns and verbs. Fails listing every message
that breaks a rule, so a translator sees what to change. Prints TAP.

    check-glossary.py [--guide] SOURCE_ROOT [LANG…]

With --guide, the user guide's catalogues (help/LANG/LANG.po, itstool's) are
checked too, against the same glossary; their Mallard markup is not words.
    check-glossary.py --self-test SOURCE_ROOT
"""

import os
import re
import sys

# A Spanish imperative opens a sentence or follows "; " or ", o ": the same
# forms elsewhere are subjunctives ("hasta que se elija").
IMPERATIVE = r"(?i)(?:^|[.:;!?¡]\s*|,\s+[oy]\s+)"

# The forms of address each language may choose, and what gives each away
# in a message: pronouns and verb endings that only that form uses.
ADDRESS = {
    "de": {
        # Informal plural: the players at the table, together.
        "ihr": [r"\bihr (?:spielt|seid|habt|könnt|müsst|wollt)\b", r"\beuch\b", r"\beure?[nmrs]?\b"],
        "du": [r"\b(?:du|dich|dir|dein|deine[nmrs]?)\b"],
        # "Sie" begins many a sentence as "they": only mid-sentence, or after a verb, is it "you".
        "Sie": [r"(?<![.:;!?„“\"]\s)(?<!^)\bSie\b", r"\bIhnen\b", r"(?<![.:;!?„“\"]\s)(?<!^)\bIhre?[nmrs]?\b"],
    },
    "fr": {
        "vous": [r"\bvous\b", r"\bvotre\b", r"\bvos\b"],
        "tu": [r"\b(?:tu|toi|ton|ta|tes)\b", r"\bt[’']"],
    },
    "es": {
        "tú": [r"\b(?:tú|te|ti|tu|tus|contigo)\b",
               IMPERATIVE + r"(?:elige|pasa|escribe|quita|pulsa|prueba|haz|abre|corrige)\b"],
        "usted": [r"\b(?:usted|ustedes)\b",
                  IMPERATIVE + r"(?:elija|pase|escriba|quite|pulse|pruebe|haga|abra|corrija)\b"],
    },
}

results = []


def tap(ok, description, details=()):
    results.append(ok)
    print(f"{'ok' if ok else 'not ok'} {len(results)} - {description}")
    for line in details:
        print(f"# {line}")


def unquote(text):
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


def parse_po(path):
    """The catalogue's messages: dicts of msgctxt, msgid, msgid_plural, msgstr (a list), fuzzy, line."""
    messages = []
    current = None
    field = None
    fuzzy = False

    def finish():
        nonlocal current
        if current is not None and "msgid" in current:
            messages.append(current)
        current = None

    with open(path, encoding="utf-8") as po:
        for number, line in enumerate(po, 1):
            line = line.rstrip("\n")
            if line.startswith("#~") or not line.strip():
                continue
            if line.startswith("#"):
                if current is not None and "msgstr" in current:
                    finish()
                if line.startswith("#,") and "fuzzy" in line:
                    fuzzy = True
                continue
            match = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+"(.*)"$', line)
            if match:
                key, text = match.group(1), unquote(match.group(2))
                if key in ("msgctxt", "msgid") and current is not None and "msgstr" in current:
                    finish()
                if current is None:
                    current = {"fuzzy": fuzzy, "line": number}
                    fuzzy = False
                if key.startswith("msgstr"):
                    current.setdefault("msgstr", []).append(text)
                    field = ("msgstr", len(current["msgstr"]) - 1)
                else:
                    current[key] = text
                    field = key
                continue
            match = re.match(r'^"(.*)"$', line)
            if match and current is not None:
                text = unquote(match.group(1))
                if isinstance(field, tuple):
                    current["msgstr"][field[1]] += text
                else:
                    current[field] += text
    finish()
    return [m for m in messages if m.get("msgid")]


def parse_glossary(path):
    """(address, terms, ignored): each term a dict of english (regex), forms, variants, line."""
    address = None
    terms = []
    ignored = []
    with open(path, encoding="utf-8") as glossary:
        for number, raw in enumerate(glossary, 1):
            line = raw.split("#", 1)[0].strip() if not raw.lstrip().startswith("#") else ""
            if not line:
                continue
            if line.startswith("address:"):
                address = line.split(":", 1)[1].strip()
                continue
            if line.startswith("ignore:"):
                ignored.append(re.compile(line.split(":", 1)[1].strip()))
                continue
            if "→" not in line:
                raise ValueError(f"{path}:{number}: no “→” in “{line}”")
            english, rest = (part.strip() for part in line.split("→", 1))
            translation, _, forbidden = rest.partition("!")
            forms = [f.strip() for f in translation.split("|") if f.strip()]
            variants = [v.strip() for v in forbidden.split("|") if v.strip()]
            terms.append({"english": re.compile(rf"\b(?:{english})\b", re.IGNORECASE), "forms": forms,
                          "variants": variants, "line": number, "name": english})
    return address, terms, ignored


def contains(text, word):
    """@word in @text as a whole word (or words), case as written."""
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text) is not None


def holds(text, form):
    """@form in @text, alone or in a compound ("Dividendenkarte", "For-Ex-Zug")."""
    return form.lower() in text.lower()


def strip_markup(text):
    # Mnemonics and format directives are not words.
    return re.sub(r"%(?:\d+\$)?[-+ #0]*\d*(?:\.\d+)?(?:ll|l|z)?[a-zA-Z%]", " ", text.replace("_", ""))


def strip_tags(text):
    # The user guide's Mallard: <gui>, <link xref="move-bar"/> and the like are not words.
    return re.sub(r"<[^>]*>", " ", text)


def catalogue(lang, guide=False):
    """The catalogue checked, relative to the source root: the app's, or the user guide's (itstool)."""
    return f"help/{lang}/{lang}.po" if guide else f"po/{lang}.po"


def check_language(root, lang, only_address=False, guide=False):
    """The problems of po/LANG.po (or, for @guide, help/LANG/LANG.po) against doc/glossary/LANG.txt, as lines."""
    address, terms, ignored = parse_glossary(os.path.join(root, "doc", "glossary", f"{lang}.txt"))
    relative = catalogue(lang, guide)
    messages = parse_po(os.path.join(root, *relative.split("/")))
    if guide:
        # itstool's own messages (translator credits, an image's checksum) are no text.
        messages = [dict(m, shown=m["msgid"], msgid=strip_tags(m["msgid"]), msgid_plural=strip_tags(m.get("msgid_plural", "")),
                         msgstr=[strip_tags(t) for t in m.get("msgstr", [])])
                    for m in messages if m.get("msgctxt") != "_"]
    problems = []
    other_forms = {}
    for term in terms:
        for form in term["forms"]:
            other_forms.setdefault(form, []).append(term)
    if address is not None:
        forms = ADDRESS.get(lang, {})
        if address not in forms:
            problems.append(f"the glossary's address “{address}” is none of {', '.join(forms)}")
    for message in messages:
        if message["fuzzy"]:
            continue
        english = message["msgid"] + "\n" + message.get("msgid_plural", "")
        for index, translated in enumerate(message.get("msgstr", [])):
            if not translated:
                continue
            text = strip_markup(translated)
            where = f"{relative}:{message['line']} “{message.get('shown', message['msgid'])[:60]}”"
            if address is not None:
                for other, patterns in ADDRESS.get(lang, {}).items():
                    if other == address:
                        continue
                    for pattern in patterns:
                        found = re.search(pattern, text)
                        if found:
                            problems.append(f"{where}: “{found.group(0)}” addresses the reader as “{other}”, "
                                            f"the glossary says “{address}”")
            if only_address or any(pattern.search(message["msgid"]) for pattern in ignored):
                continue
            for term in terms:
                if not term["english"].search(english):
                    continue
                if term["forms"] and not any(holds(text, form) for form in term["forms"]):
                    problems.append(f"{where}: “{term['name']}” is “{term['forms'][0]}” "
                                    f"(glossary line {term['line']}), not found in “{translated[:80]}”")
                for variant in term["variants"]:
                    if not contains(text, variant):
                        continue
                    # Another term's translation, for that term in the same English.
                    if any(other["english"].search(english) for other in other_forms.get(variant, [])):
                        continue
                    problems.append(f"{where}: “{variant}” for “{term['name']}”; the glossary says "
                                    f"“{term['forms'][0]}” (line {term['line']})")
    return problems


def self_test(root):
    """The check finds a planted forbidden variant, a wrong form of address and a term translated otherwise."""
    import tempfile
    ok = True
    with tempfile.TemporaryDirectory() as folder:
        os.makedirs(os.path.join(folder, "po"))
        os.makedirs(os.path.join(folder, "doc", "glossary"))
        with open(os.path.join(folder, "doc", "glossary", "de.txt"), "w", encoding="utf-8") as g:
            g.write("address: ihr\nspot transactions? → Kassageschäft | Kassageschäfte ! Spot-Geschäft\n"
                    "moves? → Zug | Züge\nturns? → Runde | Runden ! Zug | Züge\n")
        cases = [
            ('msgid "a spot transaction"\nmsgstr "ein Spot-Geschäft"\n', "variant"),
            ('msgid "Save the game"\nmsgstr "Speichern Sie die Partie"\n', "address"),
            ('msgid "Turn %u"\nmsgstr "Zug %u"\n', "other term"),
            ('msgid "Undo the last move"\nmsgstr "Letzten Schritt rückgängig machen"\n', "missing"),
        ]
        for po, what in cases:
            with open(os.path.join(folder, "po", "de.po"), "w", encoding="utf-8") as f:
                f.write('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n' + po)
            found = check_language(folder, "de")
            tap(bool(found), f"a planted {what} is found", found[:2])
            ok = ok and bool(found)
        with open(os.path.join(folder, "po", "de.po"), "w", encoding="utf-8") as f:
            f.write('msgid ""\nmsgstr ""\n\nmsgid "%u move in %u turns"\nmsgstr "%u Zug in %u Runden"\n\n'
                    'msgid "They hold it"\nmsgstr "Sie halten es"\n')
        found = check_language(folder, "de")
        tap(not found, "a move and a turn in one message, and a sentence opening with “Sie” (they), pass", found)
        # The user guide: markup is not words, itstool's own messages are not text.
        os.makedirs(os.path.join(folder, "help", "de"))
        with open(os.path.join(folder, "help", "de", "de.po"), "w", encoding="utf-8") as f:
            f.write('msgid ""\nmsgstr ""\n\nmsgid "Choose it. See <link xref=\\"move-bar\\"/>."\n'
                    'msgstr "Wählt sie. Siehe <link xref=\\"move-bar\\"/>."\n')
        found = check_language(folder, "de", guide=True)
        tap(not found, "the guide's markup (a link to the page “move-bar”) holds no term", found)
        with open(os.path.join(folder, "help", "de", "de.po"), "a", encoding="utf-8") as f:
            f.write('\nmsgid "Press <gui>Record</gui>."\nmsgstr "Drücken Sie <gui>Eintragen</gui>."\n')
        found = check_language(folder, "de", guide=True)
        tap(bool(found), "a planted address in the guide is found", found[:2])
        ok = ok and bool(found)
    return ok


def main():
    args = sys.argv[1:]
    if args and args[0] == "--self-test":
        self_test(args[1])
    else:
        guide = bool(args) and args[0] == "--guide"
        if guide:
            args = args[1:]
        root = args[0]
        langs = args[1:] or sorted(f[:-4] for f in os.listdir(os.path.join(root, "doc", "glossary"))
                                   if f.endswith(".txt"))
        for lang in langs:
            problems = check_language(root, lang)
            tap(not problems, f"po/{lang}.po follows doc/glossary/{lang}.txt ({len(problems)} problems)",
                problems[:60] + ([f"… and {len(problems) - 60} more"] if len(problems) > 60 else []))
            if guide and os.path.exists(os.path.join(root, "help", lang, f"{lang}.po")):
                problems = check_language(root, lang, guide=True)
                tap(not problems, f"help/{lang}/{lang}.po follows doc/glossary/{lang}.txt ({len(problems)} problems)",
                    problems[:60] + ([f"… and {len(problems) - 60} more"] if len(problems) > 60 else []))
    print(f"1..{len(results)}")
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
