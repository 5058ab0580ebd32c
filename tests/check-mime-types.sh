#!/bin/sh
# Builds a private MIME database from our shared-mime-info package and checks
# that the file manager would see sessions and XQN files as our types.
# Usage: check-mime-types.sh MIME.XML SESSION.exchequer GAME.xqn
set -eu

mime_xml=$1
session=$2
xqn=$3

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/mime/packages"
cp "$mime_xml" "$tmp/mime/packages/"

# update-mime-database prints parse errors and warnings on stderr and may
# still exit 0, so any output there is a failure.
if ! XDG_DATA_HOME="$tmp" update-mime-database "$tmp/mime" 2>"$tmp/err" >/dev/null || [ -s "$tmp/err" ]; then
  cat "$tmp/err" >&2
  echo "update-mime-database refused $mime_xml" >&2
  exit 1
fi

fail=0
expect () {
  if ! grep -qxF "$2" "$tmp/mime/$1"; then
    echo "$1 lacks: $2" >&2
    fail=1
  fi
}
expect globs2 '50:application/x-exchequer-session:*.exchequer'
expect globs2 '50:text/x-xqn:*.xqn'
expect XMLnamespaces 'https://exchequer.github.io/ns/session session application/x-exchequer-session'
expect subclasses 'text/x-xqn text/plain'

# What GIO (and so Nautilus) answers for the bundled examples.
if command -v gio >/dev/null 2>&1; then
  for pair in "$session application/x-exchequer-session" "$xqn text/x-xqn"; do
    file=${pair% *}
    want=${pair##* }
    got=$(XDG_DATA_HOME="$tmp" XDG_DATA_DIRS=/usr/share \
          gio info -a standard::content-type "$file" | sed -n 's/^ *standard::content-type: //p')
    if [ "$got" != "$want" ]; then
      echo "$file: content type '$got', expected '$want'" >&2
      fail=1
    fi
  done
fi

exit $fail
