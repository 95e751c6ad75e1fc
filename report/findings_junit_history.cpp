// JUnit XML for `audit check`: history findings have no manifest objects to make cases of, so a
// cluster is a <testsuite> (named after it: CI views show which cluster failed) and each history
// rule that ran is a <testcase> of it (classname "cluster NAME", name "KQ5002 job-created-..."),
// passing when the rule found nothing there. A finding at or above --fail-on is a <failure> of
// its rule's case; those below are listed in the case's <system-out>, as lint's JUnit does.
#include "report/escape.h"
#include "report/findings_render.h"

#include <cstdio>
#include <map>

namespace kg::report {

namespace {

/// `file:line: severity: [ID name] message (by actor at time)`, then the hint.
std::string history_text(const model::SourceFiles& files, const model::Finding& f) {
    std::string s = (f.pos.file_id ? files.name(f.pos.file_id) + ":" + line_col_text(f.pos) + ": " : std::string()) +
                    model::severity_name(f.severity) + ": [" + f.rule + " " + f.name + "] " + f.message +
                    actor_time_text(f);
    if (!f.hint.empty()) s += "\n" + f.hint;
    return s;
}

}  // namespace

void render_history_junit(std::ostream& os, const model::SourceFiles& files, const std::vector<model::Finding>& fs,
                          const HistoryJunitRun& run) {
    struct Case {
        std::vector<const model::Finding*> failures, notes;
    };
    // cluster -> rule id -> case; every (cluster, rule run) pair is a case, clean or not.
    std::map<std::string, std::map<std::string, Case>> cases;
    for (const std::string& c : run.clusters)
        for (const RuleEntry& r : run.rules) cases[c][r.info->id];
    for (const model::Finding& f : fs) {
        const bool fails = run.fail_at && static_cast<int>(f.severity) <= static_cast<int>(*run.fail_at);
        Case& c = cases[f.cluster][f.rule];
        (fails ? c.failures : c.notes).push_back(&f);
    }
    std::map<std::string, std::string_view> names;
    for (const RuleEntry& r : run.rules) names[r.info->id] = r.info->name;
    std::size_t tests = 0, failures = 0;
    for (const auto& [cluster, rules] : cases)
        for (const auto& [id, c] : rules) {
            ++tests;
            failures += c.failures.empty() ? 0 : 1;
        }
    char time[32];
    std::snprintf(time, sizeof time, "%.3f", run.seconds);
    os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    os << "<testsuites name=\"kueuegov audit check\" time=\"" << time << "\" tests=\"" << tests << "\" failures=\""
       << failures << "\" disabled=\"0\" errors=\"0\">\n";
    std::size_t suite = 0;
    for (const auto& [cluster, rules] : cases) {
        std::size_t failed = 0;
        for (const auto& [id, c] : rules) failed += c.failures.empty() ? 0 : 1;
        os << "  <testsuite name=\"" << escape_xml_attribute(cluster) << "\" id=\"" << ++suite << "\" tests=\""
           << rules.size() << "\" failures=\"" << failed << "\" errors=\"0\" disabled=\"0\" skipped=\"0\">\n";
        for (const auto& [id, c] : rules) {
            const auto name = names.find(id);
            const std::string case_name = name == names.end() ? id : id + " " + std::string(name->second);
            os << "    <testcase name=\"" << escape_xml_attribute(case_name) << "\" classname=\""
               << escape_xml_attribute("cluster " + cluster) << "\"";
            if (c.failures.empty() && c.notes.empty()) {
                os << "></testcase>\n";
                continue;
            }
            os << ">\n";
            for (const model::Finding* f : c.failures)
                os << "      <failure message=\"" << escape_xml_attribute("[" + f->rule + "] " + f->message)
                   << "\" type=\"" << model::severity_name(f->severity) << "\">"
                   << escape_xml_text(history_text(files, *f)) << "</failure>\n";
            if (!c.notes.empty()) {
                std::string text;
                for (const model::Finding* f : c.notes) text += history_text(files, *f) + "\n";
                os << "      <system-out>" << escape_xml_text(text) << "</system-out>\n";
            }
            os << "    </testcase>\n";
        }
        os << "  </testsuite>\n";
    }
    os << "</testsuites>\n";
}

}  // namespace kg::report
