#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The autosave banner as a screen reader meets it.

Launches the built app on the sample game with the fault shim preloaded,
failing every write in the journal's folder while a "disk full" switch file
exists, as a disk that filled up. The banner must be on the accessibility
bus with its sentence and a named Save As… button; once the switch file is
gone and a move is undone (Ctrl+Z), the next journal write succeeds and the
banner must leave the tree. Prints TAP.
"""

import argparse
import importlib.util
import os
import time

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("check_atspi", os.path.join(here, "check-atspi.py"))
atspi_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(atspi_check)
tap, finish = atspi_check.tap, atspi_check.finish

BANNER = "Moves are not being kept safe"


def showing(Atspi, node):
    """GTK 4.8 marks a shown widget VISIBLE (it sets no SHOWING)."""
    try:
        return node.get_state_set().contains(Atspi.StateType.VISIBLE)
    except Exception:
        return False


def banner_nodes(Atspi, app):
    return [(node, role, name, path) for node, role, name, path in atspi_check.snapshot(app)
            if BANNER in name and showing(Atspi, node)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--app", required=True)
    parser.add_argument("--shim", required=True, help="the fault shim to preload")
    parser.add_argument("--schema-dir", required=True)
    parser.add_argument("--locale-dir", required=True)
    parser.add_argument("--sample", required=True)
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()

    Atspi, Gio, GLib = atspi_check.import_atspi()
    launcher = atspi_check.ensure_a11y_bus(Gio, GLib)

    def disk_full_env(state):
        # The switch file exists from the start: the journal's writes fail at once.
        open(os.path.join(state, "disk-full"), "w").close()
        # Under AddressSanitizer the shim is preloaded before its runtime.
        return dict(LD_PRELOAD=args.shim, ASAN_OPTIONS="detect_leaks=0:verify_asan_link_order=0",
                    XQ_FAULT_DIR=os.path.join(state, "exchequer", "autosave"),
                    XQ_FAULT_OP="write", XQ_FAULT_AT="1", XQ_FAULT_FROM="1",
                    XQ_FAULT_SWITCH=os.path.join(state, "disk-full"))

    atspi_check.run_app(args, launcher,
                        lambda app_process, state: check(Atspi, app_process, args.timeout,
                                                         os.path.join(state, "disk-full")),
                        prefix="exchequer-atspi-autosave-", extra_env=disk_full_env)
    finish()


def check(Atspi, app_process, timeout, disk_full):
    Atspi.init()
    deadline = time.monotonic() + timeout
    app = None
    found = []
    while time.monotonic() < deadline and app_process.poll() is None and not found:
        app = app or atspi_check.find_app(Atspi, app_process.pid)
        if app is not None:
            app.clear_cache()
            found = banner_nodes(Atspi, app)
        time.sleep(0.3)
    tap(bool(found), "with the disk full, the banner is read: “Moves are not being kept safe…”",
        [f"{name} ({' › '.join(path[-3:])})" for _, _, name, path in found][:2]
        or ([f"exchequer exited with {app_process.returncode}"] if app_process.poll() is not None else []))
    if not found:
        return
    tap(any("the disk is full" in name for _, _, name, _ in found), "it says why: the disk is full",
        [name for _, _, name, _ in found][:1])
    nodes = atspi_check.snapshot(app)
    save_as = [name for node, role, name, _ in nodes
               if atspi_check.role_key(Atspi, node) in atspi_check.BUTTON_ROLES and name == "Save As…"
               and showing(Atspi, node)]
    tap(bool(save_as), "it offers a button read “Save As…”")

    # Room on the disk again; the next change reaches the journal.
    os.unlink(disk_full)
    atspi_check.press(Atspi, "z", control=True)
    deadline = time.monotonic() + 20
    gone = False
    while time.monotonic() < deadline and not gone:
        time.sleep(0.3)
        app.clear_cache()
        gone = not banner_nodes(Atspi, app)
    tap(gone, "once a journal write succeeds, the banner leaves the tree")


if __name__ == "__main__":
    main()
