// JUnit XML for CI systems that show test reports: one failing testcase per finding.
#include "report/findings_render.h"

#include <algorithm>

namespace kg::report {

namespace {

std::string xml(std::string_view s) {
    std::string out;
    for (char c : s) {
        auto u = static_cast<unsigned char>(c);
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        default:
            // XML 1.0 forbids most control characters, even escaped.
            if (u < 0x20 && c != '\n' && c != '\t') {
                out += ' ';
            } else {
                out += c;
            }
        }
    }
    return out;
}

}  // namespace

void render_findings_junit(std::ostream& os, const model::SourceFiles& files, const std::vector<model::Finding>& fs) {
    std::size_t failures = fs.size();
    os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    os << "<testsuites name=\"kueuegov lint\" tests=\"" << std::max<std::size_t>(failures, 1) << "\" failures=\""
       << failures << "\">\n";
    os << "  <testsuite name=\"kueuegov lint\" tests=\"" << std::max<std::size_t>(failures, 1) << "\" failures=\""
       << failures << "\" errors=\"0\">\n";
    if (fs.empty()) {
        os << "    <testcase classname=\"kueuegov.lint\" name=\"no findings\"/>\n";
    }
    for (const model::Finding& f : fs) {
        std::string file = f.pos.file_id ? files.name(f.pos.file_id) : std::string("<input>");
        std::string obj = f.object.kind.empty()
                              ? file
                              : f.object.kind + " " +
                                    (f.object.namespace_.empty() ? "" : f.object.namespace_ + "/") + f.object.name;
        os << "    <testcase classname=\"" << xml(file) << "\" name=\"[" << xml(f.rule) << "] " << xml(obj)
           << "\" file=\"" << xml(file) << "\" line=\"" << f.pos.line << "\">\n";
        os << "      <failure type=\"" << model::severity_name(f.severity) << "\" message=\"" << xml(f.message)
           << "\">" << xml(file) << ":" << line_col_text(f.pos) << ": " << model::severity_name(f.severity)
           << ": [" << xml(f.rule) << " " << xml(f.name) << "] " << xml(f.message);
        if (!f.hint.empty()) {
            os << "\n" << xml(f.hint);
        }
        os << "</failure>\n    </testcase>\n";
    }
    os << "  </testsuite>\n</testsuites>\n";
}

}  // namespace kg::report
