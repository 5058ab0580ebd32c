#!/bin/sh
# Fails when the app or the CLI is linked to libpq: it and the libraries it
# needs (Kerberos, LDAP, TLS) cost every start 6-7 ms in the dynamic loader,
# so the PostgreSQL backend opens libpq when a library on a server is first
# opened (src/library/xq-library-pq.c). Arguments: the programs to check.
n=0
fail=0
for program in "$@"; do
  n=$((n + 1))
  needed=$(readelf -d "$program" 2>&1) || { echo "not ok $n - $program: $needed"; fail=1; continue; }
  if printf '%s\n' "$needed" | grep -q 'NEEDED.*\[libpq\.'; then
    echo "not ok $n - $(basename "$program") is linked to libpq"
    fail=1
  else
    echo "ok $n - $(basename "$program") starts without libpq"
  fi
done
echo "1..$n"
exit $fail
