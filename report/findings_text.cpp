// Text findings: the compiler-style line CI logs and editors understand.
#include "report/findings_render.h"
#include "report/escape.h"

namespace kg::report {

std::string line_col_text(const model::SourcePos& pos) {
    return std::to_string(pos.line) + (pos.col ? ":" + std::to_string(pos.col) : std::string());
}

std::string actor_time_text(const model::Finding& f) {
    if (f.actor.empty() && f.time.empty()) return "";
    return " (" + (f.actor.empty() ? "" : "by " + f.actor) + (f.actor.empty() || f.time.empty() ? "" : " ") +
           (f.time.empty() ? "" : "at " + f.time) + ")";
}

std::string finding_message(const model::Finding& f, bool with_cluster) {
    return with_cluster && !f.cluster.empty() ? "cluster " + f.cluster + ": " + f.message : f.message;
}

void render_findings_text(std::ostream& os, const model::SourceFiles& files, const std::vector<model::Finding>& fs,
                          const FindingsSummary& sum) {
    std::size_t counts[3] = {0, 0, 0};
    for (const model::Finding& f : fs) {
        ++counts[static_cast<int>(f.severity)];
        if (f.pos.file_id != 0) {
            os << escape_terminal(files.name(f.pos.file_id)) << ":" << line_col_text(f.pos) << ": ";
        }
        os << model::severity_name(f.severity) << ": [" << f.rule << "] " << escape_terminal(finding_message(f, sum.show_cluster));
        if (!f.actor.empty() || !f.time.empty()) {
            os << " (" << (f.actor.empty() ? "" : "by " + escape_terminal(f.actor)) << (f.actor.empty() || f.time.empty() ? "" : " ")
               << (f.time.empty() ? "" : "at " + escape_terminal(f.time)) << ")";
        }
        os << "\n";
    }
    auto plural = [](std::size_t n, const char* word) {
        return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
    };
    os << plural(counts[0], "error") << ", " << plural(counts[1], "warning") << ", " << plural(counts[2], "info")
       << " in " << plural(sum.objects, "object") << " from " << plural(sum.files, "file");
    if (sum.suppressed || sum.baselined) {
        os << " (" << sum.suppressed << " suppressed, " << sum.baselined << " in baseline)";
    }
    os << "\n";
}

}  // namespace kg::report
