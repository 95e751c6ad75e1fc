// JUnit XML for CI systems that show test reports: one failing testcase per finding.
#include "report/escape.h"
#include "report/findings_render.h"

#include <algorithm>

namespace kg::report {


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
        os << "    <testcase classname=\"" << escape_xml_attribute(file) << "\" name=\"[" << escape_xml_attribute(f.rule) << "] " << escape_xml_attribute(obj)
           << "\" file=\"" << escape_xml_attribute(file) << "\" line=\"" << f.pos.line << "\">\n";
        os << "      <failure type=\"" << model::severity_name(f.severity) << "\" message=\"" << escape_xml_attribute(f.message)
           << "\">" << escape_xml_text(file) << ":" << line_col_text(f.pos) << ": " << model::severity_name(f.severity)
           << ": [" << escape_xml_text(f.rule) << " " << escape_xml_text(f.name) << "] " << escape_xml_text(f.message);
        if (!f.hint.empty()) {
            os << "\n" << escape_xml_text(f.hint);
        }
        os << "</failure>\n    </testcase>\n";
    }
    os << "  </testsuite>\n</testsuites>\n";
}

}  // namespace kg::report
