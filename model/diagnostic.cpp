// Formatting of input diagnostics: `file:line:col: severity: message`, plus the
// offending source line and a caret when the file text was kept.
#include "model/diagnostic.h"

#include <algorithm>

namespace kg::model {

const char* severity_name(Severity s) {
    switch (s) {
        case Severity::error: return "error";
        case Severity::warning: return "warning";
        case Severity::info: return "info";
    }
    return "error";
}

std::size_t DiagSink::error_count() const {
    return static_cast<std::size_t>(std::count_if(m_items.begin(), m_items.end(),
                                                  [](const Diagnostic& d) { return d.severity == Severity::error; }));
}

std::string_view source_line(std::string_view text, std::uint32_t line) {
    std::size_t start = 0;
    for (std::uint32_t l = 1; l < line; ++l) {
        std::size_t nl = text.find('\n', start);
        if (nl == std::string_view::npos) {
            return {};
        }
        start = nl + 1;
    }
    std::size_t end = text.find('\n', start);
    std::string_view s = text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    if (!s.empty() && s.back() == '\r') {
        s.remove_suffix(1);
    }
    return s;
}


std::string format_diagnostic(const SourceFiles& files, const Diagnostic& d, bool with_excerpt) {
    std::string out = files.name(d.pos.file_id);
    if (d.pos.known()) {
        out += ':' + std::to_string(d.pos.line) + ':' + std::to_string(d.pos.col);
    }
    out += ": ";
    out += severity_name(d.severity);
    out += ": ";
    out += d.message;
    if (with_excerpt && d.pos.known()) {
        std::string_view src = source_line(files.text(d.pos.file_id), d.pos.line);
        if (!src.empty() && src.size() < 400) {
            out += "\n    ";
            for (char c : src) {
                out += (c == '\t') ? ' ' : c;
            }
            out += "\n    ";
            out.append(d.pos.col > 0 ? d.pos.col - 1 : 0, ' ');
            out += '^';
        }
    }
    return out;
}

}  // namespace kg::model
