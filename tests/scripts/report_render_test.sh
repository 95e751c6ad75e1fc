#!/usr/bin/env bash
# The HTML evidence report, rendered by scripts/check-html-render in headless Chromium at 1280 px
# and as A4: from an export (testdata/examples) and from an evidence store, no overflowing or
# clipped cell, broken word or overlapping chart text. Also checks that the checker fails on a
# page that has those defects, so this test can fail.
#   tests/scripts/report_render_test.sh KUEUEGOV
set -uo pipefail
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
check=$root/scripts/check-html-render
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

"$bin" report -f "$root/testdata/examples" --from 2026-11-20T00:00:00Z --to 2026-11-21T00:00:00Z -o html \
    --generated-at 2026-11-21T01:00:00Z --output-file "$tmp/export.html" || { echo "report from the export failed"; exit 1; }
"$bin" audit ingest --db "$tmp/e.db" "$root/testdata/audit/lifecycle.jsonl" >/dev/null 2>&1
"$bin" report --db "$tmp/e.db" -f "$root/testdata/audit/export.yaml" --from 2026-10-05T09:00:00Z \
    --to 2026-10-05T11:00:00Z -o html --generated-at 2026-10-06T00:00:00Z --output-file "$tmp/store.html" \
    || { echo "report from the store failed"; exit 1; }
for page in export store; do
  "$check" "$tmp/$page.html" || { echo "FAIL: the $page report does not render cleanly"; fail=1; }
done

# A page with the old defects: a narrow column that splits "warning", and a chart legend on the
# axis labels. The checker must refuse it.
cat > "$tmp/defects.html" <<'HTML'
<!DOCTYPE html><html><head><meta charset="utf-8"><style>
table { width: 100%; border-collapse: collapse } td { border: 1px solid #999; word-break: break-word }
</style></head><body><table><tr><td style="width:2em">warning</td><td>a long message that takes the room</td></tr></table>
<svg xmlns="http://www.w3.org/2000/svg" width="600" height="60"><text x="10" y="50" font-size="11">2026-11-20T00:00:00Z</text>
<text x="300" y="50" font-size="11" text-anchor="middle">used (area), nominal (green dashes), nominal + borrowing limit (red dots)</text></svg>
</body></html>
HTML
"$check" "$tmp/defects.html" 2>"$tmp/defects.err"
rc=$?
if [ "$rc" != 1 ]; then echo "FAIL: check-html-render exit $rc on a page with broken words and overlapping texts"; fail=1; fi
grep -q "word broken" "$tmp/defects.err" || { echo "FAIL: the broken word was not reported"; cat "$tmp/defects.err"; fail=1; }
grep -q "chart texts overlap" "$tmp/defects.err" || { echo "FAIL: the overlapping chart texts were not reported"; fail=1; }
exit $fail
