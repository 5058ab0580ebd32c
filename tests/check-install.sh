#!/bin/sh
# `meson install --destdir` puts everything a desktop needs where it looks:
# the user guide in every language with its figures, the D-Bus service that
# DBusActivatable=true starts, the store's screenshots, the MIME types and the
# documentation in share/doc; and the session bus starts the program from
# that service file.
# Usage: check-install.sh BUILD_DIR PREFIX APP_ID LINGUAS
set -u

build=$1
prefix=$2
app_id=$3
linguas=$4
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
n=0
fail=0

check () {
  n=$((n + 1))
  if [ -e "$dest$prefix/$1" ]; then
    echo "ok $n - $1"
  else
    fail=1
    echo "not ok $n - $1 is not installed"
  fi
}

if ! meson install -C "$build" --no-rebuild --quiet --destdir "$dest" > "$dest.log" 2>&1; then
  echo "1..1"
  echo "not ok 1 - meson install"
  sed 's/^/# /' "$dest.log"
  rm -f "$dest.log"
  exit 1
fi
rm -f "$dest.log"

for lang in C $(grep -v '^#' "$linguas"); do
  for page in index new-game record-turn move-bar standing corrections audit saving xqn shortcuts; do
    check "share/help/$lang/exchequer/$page.page"
  done
  check "share/help/$lang/exchequer/figures/table.png"
done
check "share/dbus-1/services/$app_id.service"
check "share/applications/$app_id.desktop"
check "share/metainfo/$app_id.metainfo.xml"
check "share/mime/packages/$app_id.mime.xml"
for shot in table table-dark phone; do
  check "share/exchequer/screenshots/$shot.png"
done
check "share/doc/exchequer/README-format.md"
check "bin/exchequer"

# The service starts the installed program as a service, under the
# desktop entry's name.
service="$dest$prefix/share/dbus-1/services/$app_id.service"
n=$((n + 1))
if grep -qx "Name=$app_id" "$service" && grep -qx "Exec=$prefix/bin/exchequer --gapplication-service" "$service"; then
  echo "ok $n - the service runs $prefix/bin/exchequer --gapplication-service as $app_id"
else
  fail=1
  echo "not ok $n - the service file"
  sed 's/^/# /' "$service"
fi
n=$((n + 1))
if grep -qx "DBusActivatable=true" "$dest$prefix/share/applications/$app_id.desktop"; then
  echo "ok $n - the desktop entry is D-Bus activatable"
else
  fail=1
  echo "not ok $n - the desktop entry lacks DBusActivatable=true"
fi
# The session bus starts it from the installed service file: staged, the
# file's Exec points into the destdir as a packager's staging does, and a
# call to the app's name activates the program there. It needs a display
# (the program is a GTK application): without one this check is left out.
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && command -v dbus-run-session >/dev/null && command -v gdbus >/dev/null; then
  n=$((n + 1))
  mkdir -p "$dest/activation/dbus-1/services"
  sed "s|^Exec=$prefix/|Exec=$dest$prefix/|" "$service" > "$dest/activation/dbus-1/services/$app_id.service"
  object=/$(printf '%s' "$app_id" | tr . /)
  if env XDG_DATA_DIRS="$dest/activation:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}" \
       GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR="$build/data" \
       dbus-run-session -- gdbus call --session --dest "$app_id" --object-path "$object" \
       --method org.freedesktop.DBus.Peer.Ping > "$dest/activation.log" 2>&1; then
    echo "ok $n - the session bus starts $app_id from its service file"
  else
    fail=1
    echo "not ok $n - the session bus could not start $app_id from its service file"
    sed 's/^/# /' "$dest/activation.log"
  fi
fi
# Only the documentation moved: nothing else of it is left in share/exchequer.
n=$((n + 1))
if [ ! -e "$dest$prefix/share/exchequer/README-format.md" ]; then
  echo "ok $n - README-format.md is not in share/exchequer"
else
  fail=1
  echo "not ok $n - README-format.md is still installed to share/exchequer"
fi
echo "1..$n"
exit $fail
