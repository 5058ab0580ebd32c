#!/bin/sh
# The bundled sample game checks, ends normally (not in a bankruptcy) and scores with a winner.
cli=$1
game=$2
echo "1..3"
if "$cli" check "$game" | grep -qE '^ok [0-9]+ moves$'; then echo "ok 1 - the sample game checks"; else echo "not ok 1 - the sample game does not check"; fi
if "$cli" state "$game" | grep -qx 'status ended'; then echo "ok 2 - the sample game ends normally"; else echo "not ok 2 - the sample game does not end normally"; fi
score=$("$cli" score "$game")
if echo "$score" | grep -qE '^winner [^ ]' && ! echo "$score" | grep -qE '^(provisional|strongest-tied|bankrupt)'; then
  echo "ok 3 - the sample game has a final score and a winner"
else
  echo "not ok 3 - the sample game's score is not final"
fi
