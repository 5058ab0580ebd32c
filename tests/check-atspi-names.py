#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every control as a screen reader names it, in every part of both games' windows.

Launches the built app on a For-Ex game and walks the whole accessibility
tree: the table as it opens, the move bar with each of its forms open and
the spot transaction unfolded, the history (F9) and the audit window
(Ctrl+I) with each of its pages and the review's results, each player's row
read by the player's name. Then the same on a Fair Trade game. Fails,
listing them, on any control a person can focus or work whose name is empty,
is a GTK class name ("GtkToggleButton"), holds a mnemonic's underscore
("_Bid Bid") or says a group of words twice over ("Record Record"). Prints TAP.
"""

import argparse
import importlib.util
import os
import re
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("check_atspi", os.path.join(here, "check-atspi.py"))
atspi_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(atspi_check)
tap, finish = atspi_check.tap, atspi_check.finish

# What a person works: whatever the roles, a focusable node is one too.
CONTROL_ROLES = {
    "PUSH_BUTTON", "TOGGLE_BUTTON", "PUSH_BUTTON_MENU", "MENU_BUTTON", "CHECK_BOX", "RADIO_BUTTON",
    "COMBO_BOX", "SPIN_BUTTON", "ENTRY", "PASSWORD_TEXT", "SLIDER", "SWITCH", "LINK", "PAGE_TAB",
    "MENU_ITEM", "CHECK_MENU_ITEM", "RADIO_MENU_ITEM", "TOGGLE_MENU_ITEM",
}
# GTK 4.8 gives a toggle button the push button's role.
BUTTONS = {"PUSH_BUTTON", "TOGGLE_BUTTON"}
DEPTH = int(os.environ.get("XQ_NAMES_DEPTH", "4"))
CLASS_NAME = re.compile(r"^(Gtk|Adw)[A-Z]\w*$")
WORD = re.compile(r"[^\W\d_][\w’'-]*|\d[\d.,]*")


def repeated_group(name):
    """The words said twice in a row ("Record Record", "Bid now Bid now"), or None."""
    words = WORD.findall(name)
    for size in range(1, len(words) // 2 + 1):
        for start in range(0, len(words) - 2 * size + 1):
            group = words[start:start + size]
            if group == words[start + size:start + 2 * size] and any(w[0].isalpha() and len(w) > 1 for w in group):
                return " ".join(group)
    return None


def problem(name):
    text = name.strip()
    if not text:
        return "no name"
    if CLASS_NAME.match(text):
        return "a GTK class name"
    if "_" in text:
        return "a mnemonic's underscore"
    group = repeated_group(text)
    if group is not None:
        return f"“{group}” twice"
    return None


def states(Atspi, node):
    try:
        return node.get_state_set()
    except Exception:
        return None


def is_control(Atspi, node):
    """What a person works: a control by its role, or whatever Tab stops at.
    A focusable box whose children take the focus (a list, a scrolled
    window around buttons) passes it on and is never a stop itself."""
    state_set = states(Atspi, node)
    # A hidden widget (another page of a stack) is not read: it is checked when shown.
    if state_set is None or not state_set.contains(Atspi.StateType.VISIBLE):
        return False
    if not on_screen(Atspi, node):
        return False
    if atspi_check.role_key(Atspi, node) in CONTROL_ROLES:
        return True
    if not state_set.contains(Atspi.StateType.FOCUSABLE):
        return False
    for below, _, _, _ in atspi_check.walk(node):
        if below is node:
            continue
        below_states = states(Atspi, below)
        if below_states is not None and below_states.contains(Atspi.StateType.VISIBLE) \
                and below_states.contains(Atspi.StateType.FOCUSABLE):
            return False
    return True


def on_screen(Atspi, node):
    """GTK 4.8 puts a visible widget on the bus before it is ever shown (a
    page of a stack): one never laid out has no size, and no one meets it."""
    try:
        extents = node.get_extents(Atspi.CoordType.WINDOW)
        return extents.width > 0 and extents.height > 0
    except Exception:
        return True


def shown(Atspi, node):
    state_set = states(Atspi, node)
    return state_set is not None and state_set.contains(Atspi.StateType.VISIBLE)


def walk_met(Atspi, node, path=(), top=True, leaf=False):
    """Every accessible below @node a person can meet now: not the list of a
    closed drop-down, which GTK 4.8 keeps on the bus (check_open_list opens one)."""
    try:
        role = node.get_role_name()
        name = node.get_name() or ""
        count = node.get_child_count()
    except Exception:  # a widget gone while we read it
        return
    here = path + (f"{role} “{name}”" if name else role,)
    yield node, role, name, here
    if leaf:
        return
    closed_list = not top and atspi_check.role_key(Atspi, node) == "COMBO_BOX"
    for i in range(count):
        try:
            child = node.get_child_at_index(i)
        except Exception:
            continue
        if child is None or (closed_list and atspi_check.role_key(Atspi, child) not in BUTTONS):
            continue
        # The list hangs below the drop-down's button.
        yield from walk_met(Atspi, child, here, False, closed_list)


# A screen reader names the box the focus enters, before the control in it.
CONTAINER_ROLES = {"TABLE", "TREE_TABLE", "LIST", "LIST_BOX", "TREE"}


def is_named_container(Atspi, node):
    """A list or table: not a stop itself, but read as the focus enters it."""
    state_set = states(Atspi, node)
    return state_set is not None and state_set.contains(Atspi.StateType.VISIBLE) \
        and on_screen(Atspi, node) \
        and atspi_check.role_key(Atspi, node) in CONTAINER_ROLES


def name_from_content(Atspi, node):
    """A list item's name as a screen reader makes it (ARIA's name from
    content): the text of the labels in it. GTK 4.8 gives a list item no
    name of its own, and no way to set one."""
    return " ".join(name for below, _, name, _ in atspi_check.walk(node)
                    if below is not node and atspi_check.role_key(Atspi, below) == "LABEL" and name.strip())


def check_tree(Atspi, root, where, bad, counted):
    """Adds to @bad each wrongly named control below @root; returns how many were checked."""
    n = 0
    for node, role, name, path in walk_met(Atspi, root):
        if is_named_container(Atspi, node) and CLASS_NAME.match(name.strip()):
            key = (role, name, " › ".join(path[-3:]))
            if key not in counted:
                counted.add(key)
                bad.append(f"{where}: {role} “{name}” (a GTK class name, read as the focus enters it) "
                           f"at {' › '.join(path[-DEPTH:])}")
        # What a button holds (a drop-down's chosen item) is part of it:
        # a GTK button keeps the focus to itself.
        if not is_control(Atspi, node) or any(step.startswith(("push button", "toggle button"))
                                               for step in path[:-1]):
            continue
        n += 1
        if not name and atspi_check.role_key(Atspi, node) == "LIST_ITEM":
            name = name_from_content(Atspi, node)
        why = problem(name)
        key = (role, name, " › ".join(path[-3:]))
        if why is not None and key not in counted:
            counted.add(key)
            bad.append(f"{where}: {role} “{name}” ({why}) at {' › '.join(path[-DEPTH:])}")
    return n


def plain(name):
    """A name as a person reads it, whatever GTK 4.8 made of it: "_Contract Contract" → "Contract"."""
    words = name.replace("_", "").split()
    half = len(words) // 2
    if len(words) % 2 == 0 and words[:half] == words[half:]:
        words = words[:half]
    return " ".join(words)


def find(Atspi, root, roles, label):
    for node, role, name, _ in atspi_check.walk(root):
        if atspi_check.role_key(Atspi, node) in roles and plain(name) == label and shown(Atspi, node) \
                and on_screen(Atspi, node):
            return node
    return None


def act(node):
    """Clicks @node as a screen reader's user does, through its first action."""
    try:
        if node.get_n_actions() > 0:
            return node.do_action(0)
    except Exception:
        pass
    return False


def wait_for(predicate, timeout=20):
    deadline = time.monotonic() + timeout
    value = predicate()
    while not value and time.monotonic() < deadline:
        time.sleep(0.3)
        value = predicate()
    return value


def find_frame(app, title):
    return next((node for node, role, name, _ in atspi_check.snapshot_frames(app) if name == title), None)


def main_frame(app):
    return next((node for node, role, name, _ in atspi_check.snapshot_frames(app) if role == "frame"), None)


def check_open_list(Atspi, window, label, bad, counted):
    """Opens the drop-down @label names, checks its open list, closes it."""
    for node, role, name, _ in atspi_check.walk(window):
        if atspi_check.role_key(Atspi, node) == "COMBO_BOX" and plain(name) == label and on_screen(Atspi, node):
            button = next((child for child, _, _, _ in atspi_check.walk(node)
                           if atspi_check.role_key(Atspi, child) in BUTTONS), None)
            if button is None or not act(button):
                break
            time.sleep(0.7)
            n = check_tree(Atspi, node, f"the open list of “{label}”", bad, counted)
            Atspi.generate_keyboard_event(0xFF1B, None, Atspi.KeySynthType.SYM)  # XK_Escape
            time.sleep(0.5)
            return n
    bad.append(f"no drop-down “{label}” to open")
    return 0


def review_rows(Atspi, audit, players, timeout):
    """Starts the review on the audit's Review page as a screen reader's user
    does; returns the names of the rows of "Each player’s losses" once they
    are all there (the page makes them in code), or None."""
    tab = next((node for node, role, name, _ in atspi_check.walk(audit)
                if atspi_check.role_key(Atspi, node) in ("PAGE_TAB", "TOGGLE_BUTTON") and plain(name) == "Review"),
               None)
    if tab is None or not act(tab):
        return None
    start = wait_for(lambda: find(Atspi, audit, BUTTONS, "Review the Game"), 10)
    if start is None or not act(start):
        return None

    def rows():
        names = [name for node, role, name, _ in atspi_check.walk(audit)
                 if atspi_check.role_key(Atspi, node) == "LIST_ITEM" and node.get_parent() is not None
                 and node.get_parent().get_name() == "Each player’s losses"]
        return names if len(names) == len(players) else None

    return wait_for(rows, timeout)


def check_forex(Atspi, app_process, timeout, players):
    Atspi.init()
    counter = re.compile(r"^[A-Z]{3} stronger than [A-Z]{3}: 1 [A-Z]{3} = ")
    app = wait_for(lambda: atspi_check.find_app(Atspi, app_process.pid), timeout)
    loaded = app is not None and wait_for(
        lambda: sum(1 for _, _, name, _ in atspi_check.walk(app) if counter.match(name)) >= 21, timeout)
    tap(bool(loaded), "the For-Ex window is on the accessibility bus with its board")
    if not loaded:
        return
    time.sleep(1)
    window = main_frame(app)
    bad, counted = [], set()
    total = check_tree(Atspi, window, "table", bad, counted)

    # The move bar: each form open in turn, the spot unfolded.
    spot = find(Atspi, window, BUTTONS, "Spot transaction first") or find(Atspi, window, BUTTONS, "GtkExpander")
    forms_opened = []
    if spot is not None and act(spot):
        time.sleep(0.5)
        forms_opened.append("spot")
    for form in ("Contract", "Invest", "Divest", "Resolve"):
        toggle = find(Atspi, window, BUTTONS, form)
        if toggle is None or not act(toggle):
            continue
        time.sleep(0.7)
        forms_opened.append(form)
        total += check_tree(Atspi, window, f"move bar, {form} form", bad, counted)
        # A drop-down's list, open: its options are read as they are met
        # (the amount's: the currencies are rows of buttons).
        if form == "Contract":
            total += check_open_list(Atspi, window, "Amount", bad, counted)
    tap(len(forms_opened) == 5, f"the move bar's spot and four forms open through AT-SPI ({', '.join(forms_opened)})")

    # The history, as a player opens it: F9.
    Atspi.generate_keyboard_event(0xFFC6, None, Atspi.KeySynthType.SYM)
    history = wait_for(lambda: any("Moves of the game" in " ".join(path) for _, _, _, path in atspi_check.walk(window)))
    if history:
        time.sleep(0.5)
        total += check_tree(Atspi, window, "history", bad, counted)
    tap(bool(history), "F9 opens the history")
    Atspi.generate_keyboard_event(0xFFC6, None, Atspi.KeySynthType.SYM)
    time.sleep(0.5)

    # The count of the table, as a player opens it: Ctrl+K; then closed.
    atspi_check.press(Atspi, "k", control=True)
    count = wait_for(lambda: find_frame(app, "Count the Table"))
    if count is not None:
        time.sleep(1)
        total += check_tree(Atspi, count, "count", bad, counted)
        Atspi.generate_keyboard_event(0xFF1B, None, Atspi.KeySynthType.SYM)  # XK_Escape
        wait_for(lambda: find_frame(app, "Count the Table") is None)
    tap(count is not None, "Ctrl+K opens the count of the table")

    # The audit, as a player opens it: Ctrl+I; each of its pages.
    atspi_check.press(Atspi, "i", control=True)
    audit = wait_for(lambda: find_frame(app, "Audit and Statistics"))
    pages = 0
    if audit is not None:
        time.sleep(1.5)
        total += check_tree(Atspi, audit, "audit", bad, counted)
        tabs = [node for node, role, name, _ in atspi_check.walk(audit)
                if atspi_check.role_key(Atspi, node) in ("PAGE_TAB", "TOGGLE_BUTTON") and shown(Atspi, node)]
        for tab in tabs:
            if act(tab):
                time.sleep(1)
                pages += 1
                total += check_tree(Atspi, audit, "audit page", bad, counted)
    tap(audit is not None and pages > 0, f"Ctrl+I opens the audit; {pages} of its pages walked")

    # The review's results: the players' rows are made in code, each read
    # by the player's name as an action row is (issue #27).
    rows = review_rows(Atspi, audit, players, timeout) if audit is not None else None
    if rows is not None:
        total += check_tree(Atspi, audit, "review results", bad, counted)
    tap(rows is not None and sorted(rows) == sorted(players),
        "the review's results read each player's row by the player's name", [f"rows: {rows}"])

    tap(total > 0 and not bad, f"each of the For-Ex window's {total} controls is named in words, once",
        bad[:40] + ([f"… and {len(bad) - 40} more"] if len(bad) > 40 else []))


def check_fair_trade(Atspi, app_process, timeout):
    app = wait_for(lambda: atspi_check.find_app(Atspi, app_process.pid), timeout)
    loaded = app is not None and wait_for(
        lambda: main_frame(app) is not None
        and any(name in ("Bid", "Start Round") for _, _, name, _ in atspi_check.walk(main_frame(app))), timeout)
    tap(bool(loaded), "the Fair Trade window is on the accessibility bus with its bids")
    if not loaded:
        return
    time.sleep(1)
    window = main_frame(app)
    bad, counted = [], set()
    total = check_tree(Atspi, window, "Fair Trade", bad, counted)
    # A new round, started as a player starts it, brings the bids' rows.
    start = find(Atspi, window, BUTTONS, "Start Round")
    if start is not None and act(start):
        time.sleep(1)
        total += check_tree(Atspi, window, "Fair Trade, a round started", bad, counted)
    # A bid's form, opened as a player opens it.
    bid = find(Atspi, window, BUTTONS, "Bid")
    if bid is not None and act(bid):
        time.sleep(1)
        total += check_tree(Atspi, window, "Fair Trade, bidding", bad, counted)
        for node, _, _, _ in atspi_check.snapshot_frames(app):
            if node != window:
                total += check_tree(Atspi, node, "Fair Trade, bid window", bad, counted)
    tap(total > 0 and not bad, f"each of the Fair Trade window's {total} controls is named in words, once",
        bad[:40] + ([f"… and {len(bad) - 40} more"] if len(bad) > 40 else []))


def self_test():
    assert problem("Record") is None
    assert problem("Rec_ord Record") is not None
    assert problem("Record Record") is not None
    assert problem("GtkFlowBox") is not None
    assert problem("") is not None
    assert problem("Ann holds 1 1 USD") is None
    assert problem("Move 12: Ann invests in EUR") is None
    assert problem("Spot transaction first Spot transaction first") is not None
    assert plain("_Contract Contract") == "Contract"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--app", required=True)
    parser.add_argument("--schema-dir", required=True)
    parser.add_argument("--locale-dir", required=True)
    parser.add_argument("--sample", required=True, help="a For-Ex game")
    parser.add_argument("--fair-trade", required=True, help="a Fair Trade game")
    parser.add_argument("--moves", type=int, default=11, help="how much of the For-Ex game to play")
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()
    self_test()

    Atspi, Gio, GLib = atspi_check.import_atspi()
    tap(True, "the AT-SPI Python bindings load")
    launcher = atspi_check.ensure_a11y_bus(Gio, GLib)
    # Mid-game, with a player to act who holds a certificate: every form of
    # the move bar can open.
    with tempfile.TemporaryDirectory(prefix="exchequer-names-") as folder:
        with open(args.sample, encoding="utf-8") as sample:
            lines = [line for line in sample if line.strip() and not line.startswith("#")]
        header = next(i for i, line in enumerate(lines) if line.startswith("removed")) + 1
        players = next(line for line in lines if line.startswith("players ")).split()[1:]
        args.sample = os.path.join(folder, "mid-game.xqn")
        with open(args.sample, "w", encoding="utf-8") as mid_game:
            mid_game.writelines(lines[:header + args.moves])
        atspi_check.run_app(args, None, lambda process, state: check_forex(Atspi, process, args.timeout, players))
    # Mid-round, two of the bids in: the bids' rows are on the page.
    with tempfile.TemporaryDirectory(prefix="exchequer-names-") as folder:
        with open(args.fair_trade, encoding="utf-8") as game:
            lines = [line for line in game if line.strip() and not line.startswith("#")]
        first_market = next(i for i, line in enumerate(lines) if line.startswith("market"))
        args.sample = os.path.join(folder, "mid-round.xqn")
        with open(args.sample, "w", encoding="utf-8") as mid_round:
            mid_round.writelines(lines[:first_market + 3])
        atspi_check.run_app(args, launcher, lambda process, state: check_fair_trade(Atspi, process, args.timeout))
    finish()


if __name__ == "__main__":
    main()
