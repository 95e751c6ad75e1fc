// CSV fields (chargeback CSV and FOCUS): RFC 4180 quoting, and OWASP's formula neutralising,
// because these files are opened in spreadsheets that run `=HYPERLINK(…)` or `+cmd|…`.
#include "report/escape.h"
#include "report/escape_visible.h"

namespace kg::report {

std::string escape_csv_field(std::string_view s) {
    std::string v;
    if (!s.empty() && (s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@' || s[0] == '\t' || s[0] == '\r')) {
        v += '\'';
    }
    // LF stays (inside quotes, as RFC 4180 allows); a lone CR would rewrite the line on a terminal.
    v += detail::make_visible(s, "\t\n");
    if (v.find_first_of(",\"\n") == std::string::npos) {
        return v;
    }
    std::string q = "\"";
    for (char c : v) {
        if (c == '"') {
            q += '"';
        }
        q += c;
    }
    q += '"';
    return q;
}

}  // namespace kg::report
