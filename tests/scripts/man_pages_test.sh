#!/bin/sh
# Every checked-in man page renders without a groff warning (a line starting with ' or . is read
# as a macro call; a control byte, such as a form feed written where "\f" was meant, is not a
# font escape) and holds no control byte but tab and newline. "cannot adjust line" (warning
# category `break`, a long unbreakable path in a filled line) is layout, not content: allowed.
#   usage: man_pages_test.sh SOURCE_DIR
set -u
src=$1
command -v groff >/dev/null || { echo "man-pages: groff is missing (Debian: groff-base)"; exit 1; }
fail=0; n=0
for page in "$src"/man/*.[0-9]; do
  n=$((n + 1))
  if LC_ALL=C grep -n "$(printf '[\001-\010\013-\037\177]')" "$page" >/dev/null; then
    echo "man-pages: $page: control byte on line(s) $(LC_ALL=C grep -n "$(printf '[\001-\010\013-\037\177]')" "$page" | cut -d: -f1 | tr '\n' ' ')"
    fail=1
  fi
  warnings=$(groff -man -Tutf8 -ww -Wbreak "$page" 2>&1 >/dev/null)
  if [ -n "$warnings" ]; then
    echo "man-pages: $page:"; echo "$warnings"
    fail=1
  fi
done
[ "$n" -gt 0 ] || { echo "man-pages: no man pages under $src/man"; exit 1; }
[ "$fail" -eq 0 ] && echo "man-pages: $n pages render cleanly"
exit "$fail"
