#!/bin/sh
# A rule's output ($1) equals the checked-in golden ($2).
if cmp -s "$1" "$2"; then
  echo "1 passed, 0 failed"
  exit 0
fi
diff -u "$2" "$1" | head -40
echo "0 passed, 1 failed"
exit 1
