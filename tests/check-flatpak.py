#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the Flatpak manifest without the network a build would need.

    check-flatpak.py MANIFEST SOURCE_ROOT

* flatpak-builder reads it (`--show-manifest`), and it names the app id and
  the command;
* it runs on a GNOME runtime Flathub still takes, and bundles nothing but
  this project (one module, built from this tree with meson);
* meson accepts the module's config-opts: `meson setup` with them (and the
  prefix flatpak-builder passes) configures this tree;
* its finish-args are the narrowest that work (a window, the GPU, no
  files, no network, no bus names), and the program needs nothing more:
  no file chooser that reads the disk itself instead of through the portal,
  no path outside the XDG folders and no service on the bus.

TAP output; a missing flatpak-builder or meson skips (exit 77).
"""

import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

APP_ID = "io.github.exchequer.Exchequer"
# GNOME's supported runtimes when the manifest was last moved on (November
# 2026: 50 and 51, each kept about a year); Flathub refuses one past its end
# of life. Move this and the manifest together.
RUNTIMES = {"50", "51"}
# The narrowest that work: a Wayland window (X11 only where there is no
# Wayland), shared memory for X11, the GPU for GTK's renderer. Files come
# through the document portal, the autosave journal lives in XDG_STATE_HOME,
# the recent games in XDG_DATA_HOME: both are the sandbox's own.
FINISH_ARGS = {"--share=ipc", "--socket=fallback-x11", "--socket=wayland", "--device=dri"}

# What would need a permission the manifest does not give, in the sources.
NEEDS_PERMISSION = [
    (re.compile(r"GtkFileChooserDialog|gtk_file_chooser_dialog_new"),
     "a file chooser that reads the disk itself (needs --filesystem): use GtkFileChooserNative"),
    (re.compile(r"g_get_home_dir|getenv \(\"HOME\"\)"),
     "a path in the home folder (needs --filesystem=home): use the XDG folders"),
    (re.compile(r"\"/(home|media|mnt|run/media|srv|var|tmp)/"),
     "an absolute path outside the sandbox (needs --filesystem)"),
    (re.compile(r"g_bus_own_name|g_dbus_proxy_new|g_dbus_connection_call\b"),
     "a D-Bus service of its own choosing (needs --talk-name or --own-name)"),
    (re.compile(r"GSocketClient|g_socket_client|soup_|g_network_"),
     "the network (needs --share=network)"),
]

results = []


def check(ok, what, detail=""):
    results.append((ok, what, detail))


def main():
    manifest_path = pathlib.Path(sys.argv[1]).resolve()
    root = pathlib.Path(sys.argv[2]).resolve()
    builder = shutil.which("flatpak-builder")
    meson = shutil.which("meson")
    if builder is None or meson is None:
        print("1..0 # SKIP flatpak-builder or meson not installed")
        return 77

    with tempfile.TemporaryDirectory() as tmp:
        # Run in the temporary folder: it leaves its .flatpak-builder there.
        shown = subprocess.run([builder, "--show-manifest", str(manifest_path)],
                               cwd=tmp, capture_output=True, text=True)
        check(shown.returncode == 0, "flatpak-builder --show-manifest reads it", shown.stderr.strip())
        if shown.returncode != 0:
            return report()
        manifest = json.loads(shown.stdout)

        check(manifest.get("id") == APP_ID, "it names the app id", str(manifest.get("id")))
        check(manifest.get("command") == "exchequer", "it runs exchequer", str(manifest.get("command")))
        check(manifest.get("runtime") == "org.gnome.Platform" and manifest.get("sdk") == "org.gnome.Sdk",
              "it runs on GNOME's platform")
        check(manifest.get("runtime-version") in RUNTIMES,
              "on a runtime Flathub supports", str(manifest.get("runtime-version")))

        finish = set(manifest.get("finish-args", []))
        check(finish == FINISH_ARGS, "its finish-args are the narrowest that work",
              "extra: %s, missing: %s" % (sorted(finish - FINISH_ARGS), sorted(FINISH_ARGS - finish)))

        modules = manifest.get("modules", [])
        check(len(modules) == 1, "it bundles nothing but this project", "%d modules" % len(modules))
        if len(modules) != 1:
            return report()
        module = modules[0]
        check(module.get("buildsystem") == "meson", "built with meson")
        sources = module.get("sources", [])
        dirs = [manifest_path.parent / s.get("path", "") for s in sources if s.get("type") == "dir"]
        check(len(sources) == 1 and len(dirs) == 1 and dirs[0].resolve() == root,
              "built from this tree", ", ".join(str(d) for d in dirs))

        # The options it passes, as flatpak-builder passes them.
        opts = module.get("config-opts", [])
        build = pathlib.Path(tmp) / "build"
        setup = subprocess.run([meson, "setup", str(build), str(root), "--prefix=/app", "--libdir=lib"] + opts,
                               capture_output=True, text=True)
        tail = "\n".join((setup.stdout + setup.stderr).strip().splitlines()[-5:])
        check(setup.returncode == 0, "meson accepts its config-opts %s" % " ".join(opts), tail)

    # Nothing in the program needs a permission the manifest lacks.
    for path in sorted((root / "src").rglob("*.c")):
        text = path.read_text(encoding="utf-8")
        for pattern, why in NEEDS_PERMISSION:
            for m in pattern.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                check(False, "%s:%d needs no permission" % (path.relative_to(root), line), why)
    check(True, "the sources need no permission beyond the finish-args")
    return report()


def report():
    print("1..%d" % len(results))
    failed = 0
    for i, (ok, what, detail) in enumerate(results, 1):
        print("%s %d - %s" % ("ok" if ok else "not ok", i, what))
        if not ok:
            failed += 1
            for line in detail.splitlines():
                print("# " + line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
