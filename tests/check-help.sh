#!/bin/sh
# Every page of the user guide, in English and in each translation, is valid
# Mallard (yelp-check validate), each translation has every page, and each
# help/<lang>/<lang>.po translates every message of the pages as they are now
# (a page changed without its translations fails here, not in front of a
# reader who gets English in the middle of German).
# Usage: check-help.sh SOURCE_HELP_DIR BUILD_HELP_DIR
set -u

src=$1
build=$2
n=0
fail=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT

ok () {
  n=$((n + 1))
  echo "ok $n - $1"
}
not_ok () {
  n=$((n + 1))
  fail=1
  echo "not ok $n - $1"
  sed 's/^/# /' "$out"
}

pages=$(cd "$src/C" && ls *.page)
for lang in C $(grep -v '^#' "$src/LINGUAS"); do
  dir="$build/$lang"
  [ "$lang" = C ] && dir="$src/C"
  for page in $pages; do
    if [ ! -f "$dir/$page" ]; then
      echo "$dir/$page is missing" > "$out"
      not_ok "$lang/$page"
    elif yelp-check validate "$dir/$page" > "$out" 2>&1; then
      ok "$lang/$page"
    else
      not_ok "$lang/$page"
    fi
  done
done
pot=$(mktemp)
trap 'rm -f "$out" "$pot"' EXIT
(cd "$src/C" && itstool -o "$pot" $pages)
for lang in $(grep -v '^#' "$src/LINGUAS"); do
  po="$src/$lang/$lang.po"
  if { msgfmt --check --statistics -o /dev/null "$po" && msgcmp "$po" "$pot"; } > "$out" 2>&1 \
     && ! grep -q 'untranslated\|fuzzy' "$out"; then
    ok "$lang.po translates every message of the pages"
  else
    not_ok "$lang.po translates every message of the pages"
  fi
done
echo "1..$n"
exit $fail
