// JUnit XML as kubeconform writes it, so CI test-report views read lint like a schema
// check: one <testsuite> per input file, one <testcase> per object (classname
// Kind@apiVersion, name namespace/name), passing when the object is clean. A finding at or
// above --fail-on is a <failure> of its object's case; findings below it are listed in the
// case's <system-out>, so a report never hides them but never fails on them either.
#include "report/escape.h"
#include "report/findings_render.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <tuple>

namespace kg::report {

namespace {

struct Case {
    std::uint32_t file = 0;
    std::uint32_t line = 0;  ///< the object's document start, for ordering and matching
    std::string kind, api_version, namespace_, name;
    std::vector<const model::Finding*> failures, notes;
};

/// Every object of the run, by file and position (Jobs and Pods included).
std::vector<Case> object_cases(const model::Cluster& c) {
    std::vector<Case> out;
    auto add = [&](const model::ObjectMeta& m, const char* kind) {
        out.push_back({m.doc_pos.file_id, m.doc_pos.line, m.kind.empty() ? kind : m.kind, m.api_version,
                       *m.namespace_, *m.name, {}, {}});
    };
    c.for_each_object(add);
    std::sort(out.begin(), out.end(), [](const Case& a, const Case& b) {
        return std::tie(a.file, a.line, a.kind, a.namespace_, a.name) <
               std::tie(b.file, b.line, b.kind, b.namespace_, b.name);
    });
    return out;
}

using CaseKey = std::tuple<std::uint32_t, std::string, std::string, std::string>;  // file, kind, ns, name

/// Case indexes by object, in position order.
std::map<CaseKey, std::vector<std::size_t>> index_cases(const std::vector<Case>& cases) {
    std::map<CaseKey, std::vector<std::size_t>> out;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        out[CaseKey{cases[i].file, cases[i].kind, cases[i].namespace_, cases[i].name}].push_back(i);
    }
    return out;
}

/// The case a finding belongs to: its object's definition in the finding's file that starts at or
/// before the finding (the last such, when an object is defined twice), else a case of its own.
std::size_t case_of(std::vector<Case>& cases, std::map<CaseKey, std::vector<std::size_t>>& index,
                    const model::Finding& f) {
    auto& defs = index[CaseKey{f.pos.file_id, f.object.kind, f.object.namespace_, f.object.name}];
    if (defs.empty()) {
        // Not an object of the cluster (a Configuration, an unreadable document, the policy file).
        defs.push_back(cases.size());
        cases.push_back({f.pos.file_id, f.pos.line, f.object.kind, "", f.object.namespace_, f.object.name, {}, {}});
    }
    std::size_t best = defs.front();
    for (std::size_t i : defs) {
        if (cases[i].line <= f.pos.line) {
            best = i;
        }
    }
    return best;
}

std::string case_name(const Case& c, const std::string& file) {
    if (c.name.empty()) {
        return file;
    }
    return c.namespace_.empty() ? c.name : c.namespace_ + "/" + c.name;
}

std::string class_name(const Case& c) {
    if (c.kind.empty()) {
        return "kueuegov.input";
    }
    return c.api_version.empty() ? c.kind : c.kind + "@" + c.api_version;
}

/// `file:line:col: severity: [ID name] message`, then the hint: the text lint prints.
std::string finding_text(const std::string& file, const model::Finding& f) {
    std::string s = file + ":" + line_col_text(f.pos) + ": " + model::severity_name(f.severity) + ": [" + f.rule +
                    " " + f.name + "] " + f.message;
    if (!f.hint.empty()) {
        s += "\n" + f.hint;
    }
    return s;
}

}  // namespace

void render_findings_junit(std::ostream& os, const model::Cluster& cluster, const std::vector<model::Finding>& fs,
                           std::optional<model::Severity> fail_at, double seconds) {
    std::vector<Case> cases = object_cases(cluster);
    auto index = index_cases(cases);
    for (const model::Finding& f : fs) {
        Case& c = cases[case_of(cases, index, f)];
        bool fails = fail_at && static_cast<int>(f.severity) <= static_cast<int>(*fail_at);
        (fails ? c.failures : c.notes).push_back(&f);
    }
    std::stable_sort(cases.begin(), cases.end(),
                     [](const Case& a, const Case& b) { return std::tie(a.file, a.line) < std::tie(b.file, b.line); });
    std::map<std::uint32_t, std::pair<std::size_t, std::size_t>> per_file;  // file -> (tests, failures)
    std::size_t tests = 0, failures = 0;
    for (const Case& c : cases) {
        auto& [t, fl] = per_file[c.file];
        ++t;
        ++tests;
        if (!c.failures.empty()) {
            ++fl;
            ++failures;
        }
    }
    char time[32];
    std::snprintf(time, sizeof time, "%.3f", seconds);
    os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    os << "<testsuites name=\"kueuegov lint\" time=\"" << time << "\" tests=\"" << tests << "\" failures=\""
       << failures << "\" disabled=\"0\" errors=\"0\">\n";
    std::size_t id = 0;
    for (auto it = cases.begin(); it != cases.end();) {
        const std::uint32_t file_id = it->file;
        const std::string file = file_id ? cluster.files.name(file_id) : std::string("<input>");
        const auto& [t, fl] = per_file[file_id];
        os << "  <testsuite name=\"" << escape_xml_attribute(file) << "\" id=\"" << ++id << "\" tests=\"" << t
           << "\" failures=\"" << fl << "\" errors=\"0\" disabled=\"0\" skipped=\"0\">\n";
        for (; it != cases.end() && it->file == file_id; ++it) {
            os << "    <testcase name=\"" << escape_xml_attribute(case_name(*it, file)) << "\" classname=\""
               << escape_xml_attribute(class_name(*it)) << "\"";
            if (it->failures.empty() && it->notes.empty()) {
                os << "></testcase>\n";
                continue;
            }
            os << ">\n";
            for (const model::Finding* f : it->failures) {
                os << "      <failure message=\"" << escape_xml_attribute("[" + f->rule + "] " + f->message)
                   << "\" type=\"" << model::severity_name(f->severity) << "\">"
                   << escape_xml_text(finding_text(file, *f)) << "</failure>\n";
            }
            if (!it->notes.empty()) {
                std::string text;
                for (const model::Finding* f : it->notes) {
                    text += finding_text(file, *f) + "\n";
                }
                os << "      <system-out>" << escape_xml_text(text) << "</system-out>\n";
            }
            os << "    </testcase>\n";
        }
        os << "  </testsuite>\n";
    }
    os << "</testsuites>\n";
}

}  // namespace kg::report
