#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What a screen reader hears: the app on the accessibility bus, as Orca sees it.

Starts the accessibility bus if the session has none, launches the built app
on the bundled sample game, waits for its window in the AT-SPI tree and walks
it. Fails, listing them, on any button whose name is empty or a GTK class name
("GtkImage", "GtkMenuButton"): what GTK 4.8 says of a button with no name.
Also checks that the board's counters and spaces and the players' amounts say
what they mean. Prints TAP.

Needs Debian's python3-gi, gir1.2-atspi-2.0 and at-spi2-core (build-aux/dev
installs them); without them it fails rather than skips.
"""

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

BUTTON_ROLES = ("PUSH_BUTTON", "TOGGLE_BUTTON", "PUSH_BUTTON_MENU", "MENU_BUTTON")
CLASS_NAME = re.compile(r"^(Gtk|Adw)[A-Z]\w*$")

results = []


def tap(ok, description, details=()):
    results.append(ok)
    print(f"{'ok' if ok else 'not ok'} {len(results)} - {description}")
    for line in details:
        print(f"# {line}")
    sys.stdout.flush()


def finish():
    print(f"1..{len(results)}")
    sys.exit(0 if all(results) else 1)


def import_atspi():
    try:
        import gi

        gi.require_version("Atspi", "2.0")
        from gi.repository import Atspi, Gio, GLib

        return Atspi, Gio, GLib
    except (ImportError, ValueError) as error:
        tap(False, "the AT-SPI Python bindings load",
            [str(error), "install python3-gi, gir1.2-atspi-2.0 and at-spi2-core (build-aux/dev does)"])
        finish()


def a11y_bus_address(Gio, GLib):
    """The accessibility bus's address, from org.a11y.Bus on the session bus, or None."""
    try:
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        reply = bus.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress",
                              None, GLib.VariantType.new("(s)"), Gio.DBusCallFlags.NONE, 5000, None)
        return reply.unpack()[0]
    except GLib.Error:
        return None


def ensure_a11y_bus(Gio, GLib):
    """Starts the accessibility bus if D-Bus activation does not; returns the launcher or None."""
    if os.environ.get("DBUS_SESSION_BUS_ADDRESS") is None:
        tap(False, "a session bus", ["no DBUS_SESSION_BUS_ADDRESS: run under dbus-run-session"])
        finish()
    launcher = None
    address = a11y_bus_address(Gio, GLib)
    if address is None:
        path = "/usr/libexec/at-spi-bus-launcher"
        if not os.access(path, os.X_OK):
            tap(False, "the accessibility bus", [f"no {path}: install at-spi2-core"])
            finish()
        launcher = subprocess.Popen([path, "--launch-immediately"],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 15
        while address is None and time.monotonic() < deadline:
            time.sleep(0.2)
            address = a11y_bus_address(Gio, GLib)
    tap(address is not None, "the accessibility bus is running",
        [f"address {address}"] if address else ["org.a11y.Bus never answered"])
    if address is None:
        finish()
    return launcher


def walk(node, path=()):
    """Every accessible below @node, with the roles and names on the way to it."""
    try:
        role = node.get_role_name()
        name = node.get_name() or ""
        count = node.get_child_count()
    except Exception:  # a widget gone while we read it
        return
    here = path + (f"{role} “{name}”" if name else role,)
    yield node, role, name, here
    for i in range(count):
        try:
            child = node.get_child_at_index(i)
        except Exception:
            continue
        if child is not None:
            yield from walk(child, here)


def role_key(Atspi, node):
    try:
        return Atspi.Role(node.get_role()).value_nick.upper().replace("-", "_")
    except Exception:
        return ""


def press(Atspi, key, control=False):
    """Types @key (a character) as the keyboard would, into the focused window."""
    control_mask = 1 << 2
    if control:
        Atspi.generate_keyboard_event(control_mask, None, Atspi.KeySynthType.LOCKMODIFIERS)
    Atspi.generate_keyboard_event(ord(key), None, Atspi.KeySynthType.SYM)
    if control:
        Atspi.generate_keyboard_event(control_mask, None, Atspi.KeySynthType.UNLOCKMODIFIERS)


def snapshot_frames(app):
    """The application's windows."""
    frames = []
    for i in range(app.get_child_count()):
        try:
            child = app.get_child_at_index(i)
            frames.append((child, child.get_role_name(), child.get_name() or "", ()))
        except Exception:
            continue
    return frames


def find_app(Atspi, pid):
    desktop = Atspi.get_desktop(0)
    for i in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(i)
        try:
            if app is not None and app.get_process_id() == pid:
                return app
        except Exception:
            continue
    return None


def snapshot(app):
    return [(node, role, name, path) for node, role, name, path in walk(app)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--app", required=True, help="the built exchequer")
    parser.add_argument("--schema-dir", required=True, help="the build tree's compiled settings schema")
    parser.add_argument("--locale-dir", required=True, help="the build tree's translations")
    parser.add_argument("--sample", required=True, help="the game to open")
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()

    Atspi, Gio, GLib = import_atspi()
    tap(True, "the AT-SPI Python bindings load")
    launcher = ensure_a11y_bus(Gio, GLib)

    run_app(args, launcher, lambda app_process, state: check_app(Atspi, app_process, args.timeout))
    finish()


def run_app(args, launcher, check, prefix="exchequer-atspi-", extra_env=lambda state: {}):
    """Runs the built app on the sample in a state folder of its own, on the
    accessibility bus, calls check(process, state), then stops everything."""
    state = tempfile.mkdtemp(prefix=prefix)
    env = dict(os.environ)
    for name in ("NO_AT_BRIDGE", "GTK_A11Y", "G_DEBUG"):
        env.pop(name, None)
    env.update(GSETTINGS_SCHEMA_DIR=args.schema_dir, EXCHEQUER_LOCALEDIR=args.locale_dir,
               GSETTINGS_BACKEND="memory", GSK_RENDERER="cairo", XDG_STATE_HOME=state,
               # The sample it opens goes into recently-used.xbel: not the developer's.
               XDG_DATA_HOME=os.path.join(state, "data"),
               LC_ALL="C.UTF-8", LANGUAGE="C", GTK_USE_PORTAL="0", ADW_DISABLE_PORTAL="1")
    env.update(extra_env(state))
    app_process = subprocess.Popen([args.app, args.sample], env=env)
    try:
        check(app_process, state)
    finally:
        app_process.send_signal(signal.SIGTERM)
        try:
            app_process.wait(10)
        except subprocess.TimeoutExpired:
            app_process.kill()
            app_process.wait()
        if launcher is not None:
            launcher.terminate()
            launcher.wait()
        shutil.rmtree(state, ignore_errors=True)


def check_app(Atspi, app_process, timeout):
    Atspi.init()
    deadline = time.monotonic() + timeout
    app = None
    nodes = []
    counter = re.compile(r"^[A-Z]{3} stronger than [A-Z]{3}: 1 [A-Z]{3} = ")
    # The table is drawn once the game has loaded: wait for its counters.
    while time.monotonic() < deadline and app_process.poll() is None:
        app = app or find_app(Atspi, app_process.pid)
        if app is not None:
            nodes = snapshot(app)
            if sum(1 for _, role, name, _ in nodes if counter.match(name)) >= 21:
                break
        time.sleep(0.5)
    seen = app is not None and any(role == "frame" for _, role, _, _ in nodes)
    details = []
    if app_process.poll() is not None:
        details.append(f"exchequer exited with status {app_process.returncode}")
    elif app is None:
        details.append("no application with exchequer's process id on the accessibility bus")
    tap(seen, "the window is on the accessibility bus", details)
    if not seen:
        return

    # Settle: the first frame may still be laying out names.
    time.sleep(1)
    nodes = snapshot(app)
    buttons = [(path, name) for node, role, name, path in nodes if role_key(Atspi, node) in BUTTON_ROLES]
    bad = [(path, name) for path, name in buttons if not name.strip() or CLASS_NAME.match(name.strip())]
    tap(len(buttons) > 0 and not bad,
        f"each of the {len(buttons)} buttons has a name, none a GTK class name",
        [f"“{name}”: {' › '.join(path[-4:])}" for path, name in bad])

    mnemonic = [(path, name) for path, name in buttons if re.search(r"(^|\s)_\w", name)]
    tap(not mnemonic, "no button is read with its mnemonic underscore",
        [f"“{name}”: {' › '.join(path[-3:])}" for path, name in mnemonic])

    names = [name for _, _, name, _ in nodes]
    counters = [n for n in names if counter.match(n)]
    tap(len(counters) == 21, f"the 21 board counters say their pair and rate ({len(counters)} do)",
        counters[:3])

    space = re.compile(r"^[A-Z]{3} row, space [0-9.]+: (no counter|counters? [A-Z]{3}(, [A-Z]{3})*)$")
    spaces = [n for n in names if space.match(n)]
    tap(len(spaces) == 70, f"the 70 board spaces say their row, value and counters ({len(spaces)} do)",
        spaces[:3])

    amount = re.compile(r"^\S.* holds [0-9.]+ [A-Z]{3}$")
    amounts = [n for n in names if amount.match(n)]
    tap(len(amounts) >= 2 * 7, f"the players' amounts say whose and how much ({len(amounts)} do)", amounts[:3])

    # In the players' table and on the board every label says something: one
    # that shows nothing (no certificates) and has no name is read "GtkLabel".
    unnamed = []
    for node, role, name, path in nodes:
        if role == "panel" and name in ("Players", "Currency board"):
            unnamed += [(name, sub_path) for _, sub_role, sub_name, sub_path in walk(node)
                        if sub_role == "label" and (not sub_name.strip() or CLASS_NAME.match(sub_name))]
    tap(not unnamed, "every label of the players' table and the board has a name",
        [f"in {where}: {' › '.join(path[-2:])}" for where, path in unnamed[:10]])

    # The history, opened as a player would: F9. Its rows are a list view's,
    # built as they scroll in; each reads as its move ("Move 12: Ann …").
    Atspi.generate_keyboard_event(0xFFC6, None, Atspi.KeySynthType.SYM)  # XK_F9
    move = re.compile(r"^Move [0-9]+: \S")
    rows = []
    deadline = time.monotonic() + 20
    while not rows and time.monotonic() < deadline:
        time.sleep(0.5)
        rows = [(role, name) for _, role, name, path in snapshot(app)
                if move.match(name) and any("Moves of the game" in step for step in path)]
    tap(len(rows) >= 5, f"F9 opens the history, its rows read as their moves ({len(rows)} do)",
        [f"{role} “{name}”" for role, name in rows[:3]])
    Atspi.generate_keyboard_event(0xFFC6, None, Atspi.KeySynthType.SYM)
    time.sleep(0.5)

    # The audit window, opened as a player would: Ctrl+I.
    press(Atspi, "i", control=True)
    audit = None
    deadline = time.monotonic() + 20
    while audit is None and time.monotonic() < deadline:
        time.sleep(0.5)
        audit = next((node for node, role, name, _ in snapshot_frames(app) if name == "Audit and Statistics"), None)
    tap(audit is not None, "Ctrl+I opens the audit window on the accessibility bus")
    if audit is None:
        return
    time.sleep(1)
    nodes = [(node, role, name, path) for node, role, name, path in walk(audit)]
    buttons = [(path, name) for node, role, name, path in nodes
               if role_key(Atspi, node) in BUTTON_ROLES + ("PAGE_TAB",)]
    bad = [(path, name) for path, name in buttons
           if not name.strip() or CLASS_NAME.match(name.strip()) or re.search(r"(^|\s)_\w", name)]
    tap(len(buttons) > 0 and not bad,
        f"each of the audit window's {len(buttons)} buttons and tabs has a name, read once",
        [f"“{name}”: {' › '.join(path[-4:])}" for path, name in bad])

if __name__ == "__main__":
    main()
