#!/bin/sh
# Fails when a file under src/core, src/forex, src/fairtrade, src/games or src/cli
# includes GTK, GDK or libadwaita, or when the rules and the core use floating point.
root=${1:-.}
n=0
fail=0
for dir in core forex fairtrade games cli; do
  [ -d "$root/src/$dir" ] || continue
  n=$((n + 1))
  hits=$(grep -rlE '#[[:space:]]*include[[:space:]]*[<"](gtk/|gdk/|adwaita|gsk/)' "$root/src/$dir")
  if [ -n "$hits" ]; then
    echo "not ok $n - src/$dir includes GTK: $hits"
    fail=1
  else
    echo "ok $n - src/$dir does not include GTK"
  fi
done
for dir in core forex fairtrade; do
  [ -d "$root/src/$dir" ] || continue
  n=$((n + 1))
  hits=$(grep -rnwE 'double|float|gdouble|gfloat' "$root/src/$dir" | grep -vE '^[^:]*:[0-9]+:[[:space:]]*(/\*|\*)')
  if [ -n "$hits" ]; then
    echo "not ok $n - src/$dir uses floating point: $hits"
    fail=1
  else
    echo "ok $n - src/$dir keeps money exact (no floating point)"
  fi
done
echo "1..$n"
exit $fail
