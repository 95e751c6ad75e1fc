// GitHub Actions workflow commands: findings become annotations on the PR diff.
// One command per finding, always on one line: report/escape_github.cpp encodes what the
// runner would act on.
#include "report/escape.h"
#include "report/findings_render.h"

namespace kg::report {

void render_findings_github(std::ostream& os, const model::SourceFiles& files, const std::vector<model::Finding>& fs) {
    for (const model::Finding& f : fs) {
        const char* cmd = f.severity == model::Severity::error     ? "error"
                          : f.severity == model::Severity::warning ? "warning"
                                                                   : "notice";
        os << "::" << cmd << " ";
        if (f.pos.file_id != 0) {
            os << "file=" << escape_github_property(files.name(f.pos.file_id)) << ",line=" << f.pos.line;
            if (f.pos.col) os << ",col=" << f.pos.col;
            os << ",";
        }
        os << "title=" << escape_github_property(f.rule + " " + f.name) << "::" << escape_github_message(f.message) << "\n";
    }
}

}  // namespace kg::report
