#!/bin/sh
# The urdf_to_sdf rule's output equals the checked-in golden.
if cmp -s "$1" "$2"; then
  echo "1 passed, 0 failed"
  exit 0
fi
diff -u "$2" "$1" | head -40
echo "0 passed, 1 failed"
exit 1
