#!/bin/sh
# check-po.sh MSGFMT LANG.po: msgfmt --check passes, and the statistics show
# every message translated: none untranslated, none fuzzy.
set -eu
msgfmt=$1
po=$2
stats=$("$msgfmt" --check --statistics -o /dev/null "$po" 2>&1) || {
  printf '%s\n' "$stats" >&2
  exit 1
}
printf '%s: %s\n' "$(basename "$po")" "$stats"
case "$stats" in
  *untranslated*|*fuzzy*)
    echo "$(basename "$po") is incomplete: $stats" >&2
    exit 1 ;;
esac
