#!/bin/sh
# check-po.sh MSGFMT LANG.po [SOURCE_ROOT]: msgfmt --check passes, the
# statistics show every message translated (none untranslated, none fuzzy),
# and, given the source tree, every message its sources mark (xgettext over
# po/POTFILES.in, with meson's "glib" keywords) has a translation in LANG.po:
# a string added without its translation fails here, not in front of a user.
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
[ $# -ge 3 ] || exit 0
root=$3
pot=$(mktemp)
trap 'rm -f "$pot"' EXIT
xgettext --from-code=UTF-8 --directory="$root" --files-from="$root/po/POTFILES.in" \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 --keyword=g_dcgettext:2 \
  --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 --output="$pot"
msgcmp "$po" "$pot"
echo "$(basename "$po"): every marked message of the sources is translated"
