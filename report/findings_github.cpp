// GitHub Actions workflow commands: findings become annotations on the PR diff.
// Escaping per the runner's rules: data escapes % CR LF; properties also : and ,.
#include "report/findings_render.h"

namespace kg::report {

namespace {

std::string data(std::string_view s) {
    std::string out;
    for (char c : s) {
        switch (c) {
        case '%': out += "%25"; break;
        case '\r': out += "%0D"; break;
        case '\n': out += "%0A"; break;
        default: out += c;
        }
    }
    return out;
}

std::string property(std::string_view s) {
    std::string out;
    for (char c : data(s)) {
        switch (c) {
        case ':': out += "%3A"; break;
        case ',': out += "%2C"; break;
        default: out += c;
        }
    }
    return out;
}

}  // namespace

void render_findings_github(std::ostream& os, const model::SourceFiles& files, const std::vector<model::Finding>& fs) {
    for (const model::Finding& f : fs) {
        const char* cmd = f.severity == model::Severity::error     ? "error"
                          : f.severity == model::Severity::warning ? "warning"
                                                                   : "notice";
        os << "::" << cmd << " ";
        if (f.pos.file_id != 0) {
            os << "file=" << property(files.name(f.pos.file_id)) << ",line=" << f.pos.line;
            if (f.pos.col) os << ",col=" << f.pos.col;
            os << ",";
        }
        os << "title=" << property(f.rule + " " + f.name) << "::" << data(f.message) << "\n";
    }
}

}  // namespace kg::report
