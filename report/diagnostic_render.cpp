// render_diagnostic (diagnostic_render.h): model::format_diagnostic's layout, made safe to print.
#include "report/diagnostic_render.h"
#include "report/escape.h"

namespace kg::report {

namespace {

// Terminal columns taken by escaped (valid UTF-8) text: one per code point.
std::size_t columns(std::string_view s) {
    std::size_t n = 0;
    for (char c : s) {
        n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }
    return n;
}

}  // namespace

std::string render_diagnostic(const model::SourceFiles& files, const model::Diagnostic& d, Excerpt excerpt) {
    std::string out = escape_terminal(files.name(d.pos.file_id));
    if (d.pos.known()) {
        out += ':' + std::to_string(d.pos.line) + ':' + std::to_string(d.pos.col);
    }
    out += ": ";
    out += model::severity_name(d.severity);
    out += ": ";
    out += escape_terminal(d.message);
    if (excerpt == Excerpt::yes && d.pos.known()) {
        std::string src(model::source_line(files.text(d.pos.file_id), d.pos.line));
        if (!src.empty() && src.size() < 400) {
            for (char& c : src) {
                c = c == '\t' ? ' ' : c;
            }
            std::size_t col = d.pos.col > 0 ? std::min<std::size_t>(d.pos.col - 1, src.size()) : 0;
            out += "\n    " + escape_terminal(src) + "\n    ";
            out.append(columns(escape_terminal(std::string_view(src).substr(0, col))), ' ');
            out += '^';
        }
    }
    return out;
}

}  // namespace kg::report
