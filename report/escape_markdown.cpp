// Markdown (GitHub-flavoured) for PR comments and reports: text from manifests must render as
// the same text, never as a link, an image, HTML, a heading or a broken table.
#include "report/escape.h"
#include "report/escape_visible.h"

namespace kg::report {

std::string escape_markdown(std::string_view s) {
    std::string v = detail::make_visible(s, "\r\n");
    std::string out;
    out.reserve(v.size() + 8);
    for (std::size_t i = 0; i < v.size(); ++i) {
        char c = v[i];
        switch (c) {
            // Every ASCII punctuation character may be backslash-escaped in CommonMark; these
            // start markup anywhere in a line: links and images need [ ] (so ( ) and ! can
            // stay), emphasis * _ ~, code `, tables |, escapes \, and # for templates that put
            // a value first on a line. Newlines become spaces, so no value starts a block.
            case '\\': case '`': case '*': case '_': case '~': case '[': case ']': case '#': case '|':
                out += '\\';
                out += c;
                break;
            case '<': out += "&lt;"; break;  // no inline HTML, no <https://…> autolink
            case '>': out += "&gt;"; break;
            case '&': out += "&amp;"; break;  // no entity smuggling (&#x5B; for [)
            case '\r': case '\n': out += ' '; break;
            case ':':
                // GFM autolinks bare URLs at "scheme://"; an escaped colon stops the match.
                out += v.compare(i + 1, 2, "//") == 0 ? "\\:" : ":";
                break;
            case '.':
                // …and at "www."; escaping the dot stops it.
                out += i >= 3 && v.compare(i - 3, 3, "www") == 0 ? "\\." : ".";
                break;
            default: out += c;
        }
    }
    return out;
}

std::string escape_markdown_code(std::string_view s) {
    std::string out = "`";
    for (char c : detail::make_visible(s, "\r\n")) {
        switch (c) {
            case '`': out += '\''; break;
            case '|': out += "\\|"; break;
            case '\r': case '\n': out += ' '; break;
            default: out += c;
        }
    }
    return out + "`";
}

}  // namespace kg::report
