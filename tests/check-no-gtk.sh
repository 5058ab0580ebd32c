#!/bin/sh
# Fails when a file under src/core, src/forex, src/fairtrade, src/games, src/report
# or src/cli includes GTK, GDK or libadwaita, or when the rules and the core use
# floating point. (The report draws with cairo, in doubles: it is only kept
# GTK-free, so the CLI can print where no display exists.)
root=${1:-.}
n=0
fail=0
for dir in core forex fairtrade games report cli library; do
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
# Floating-point types in code, with comments and string literals removed first.
for dir in core forex fairtrade; do
  [ -d "$root/src/$dir" ] || continue
  n=$((n + 1))
  hits=$(python3 - "$root/src/$dir" <<'PY'
import pathlib, re, sys
for path in sorted(pathlib.Path(sys.argv[1]).rglob("*.[ch]")):
    code = path.read_text(encoding="utf-8")
    code = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), code, flags=re.S)
    code = re.sub(r"//[^\n]*", "", code)
    code = re.sub(r'"(\\.|[^"\\\n])*"', '""', code)
    code = re.sub(r"'(\\.|[^'\\\n])*'", "''", code)
    for number, line in enumerate(code.split("\n"), 1):
        if re.search(r"\b(double|float|gdouble|gfloat|long double)\b", line):
            print(f"{path}:{number}: {line.strip()}")
PY
)
  if [ -n "$hits" ]; then
    echo "not ok $n - src/$dir uses floating point: $hits"
    fail=1
  else
    echo "ok $n - src/$dir keeps money exact (no floating point)"
  fi
done
echo "1..$n"
exit $fail
