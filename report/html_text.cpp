#include "report/html_text.h"

#include "report/escape.h"
#include "report/escape_visible.h"

namespace kg::report {

namespace {

bool alnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/// One whitespace-free token with break opportunities.
void token(std::string_view t, std::size_t min_run, std::string& out) {
    if (t.size() <= min_run) {
        out += escape_html_text(t);
        return;
    }
    constexpr std::string_view after = "/:.,=@])", before = "[(";
    std::size_t run = 0;      // letters and digits since the run began or last broke
    std::size_t run_len = 0;  // length of the whole run of letters and digits at i
    for (std::size_t i = 0; i < t.size(); ++i) {
        const char c = t[i];
        if (i > 0 && before.find(c) != std::string_view::npos) out += "<wbr>";
        if (alnum(c)) {
            if (run == 0 && run_len == 0)
                while (i + run_len < t.size() && alnum(t[i + run_len])) ++run_len;
            // A hash or a generated name: groups of 16, as hashes are read. Runs shorter than
            // 24 are words (no English word is that long) and stay whole.
            if (run_len >= 24 && run > 0 && run % 16 == 0) out += "<wbr>";
            ++run;
        } else {
            run = 0;
            run_len = 0;
        }
        // The text was made visible (valid UTF-8, no controls) by html_text: only ASCII bytes
        // can need an entity, and a byte of a multi-byte character is copied as it is.
        if (static_cast<unsigned char>(c) < 0x80) {
            out += escape_html_text(std::string_view(&t[i], 1));
        } else {
            out += c;
        }
        if (after.find(c) != std::string_view::npos && i + 1 < t.size()) out += "<wbr>";
    }
}

}  // namespace

std::string html_text(std::string_view raw, std::size_t min_run) {
    const std::string visible = detail::make_visible(raw, "\t\n");
    const std::string_view s = visible;
    std::string out;
    out.reserve(s.size() + s.size() / 8);
    std::size_t i = 0;
    while (i < s.size()) {
        if (space(s[i])) {
            out += s[i++];
            continue;
        }
        std::size_t j = i;
        while (j < s.size() && !space(s[j])) ++j;
        token(s.substr(i, j - i), min_run, out);
        i = j;
    }
    return out;
}

}  // namespace kg::report
