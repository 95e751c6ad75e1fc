// HTML and XML (reports, SVG charts, JUnit): entities for the markup characters, and the
// characters XML 1.0 forbids even as references made visible instead of breaking the parser.
#include "report/escape.h"
#include "report/escape_visible.h"

namespace kg::report {

namespace {

/// `quotes`: " and ' as references (HTML everywhere, XML in attributes). `whitespace`: TAB and
/// LF as references (attributes, where parsers would normalise them to spaces).
std::string markup_escape(std::string_view s, bool quotes, bool whitespace) {
    std::string v = detail::make_visible(s, "\t\n");
    std::string out;
    out.reserve(v.size() + 8);
    for (char c : v) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += quotes ? "&quot;" : "\""; break;
            case '\'': out += quotes ? "&#39;" : "'"; break;
            case '\t': out += whitespace ? "&#9;" : "\t"; break;
            case '\n': out += whitespace ? "&#10;" : "\n"; break;
            default: out += c;
        }
    }
    return out;
}

}  // namespace

// HTML text escapes quotes too: templates (mstch) have one escape function for text and
// attributes alike.
std::string escape_html_text(std::string_view s) { return markup_escape(s, true, false); }

std::string escape_html_attribute(std::string_view s) { return markup_escape(s, true, true); }

std::string escape_xml_text(std::string_view s) { return markup_escape(s, false, false); }

std::string escape_xml_attribute(std::string_view s) { return markup_escape(s, true, true); }

}  // namespace kg::report
