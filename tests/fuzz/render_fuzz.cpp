// libFuzzer target for the renderers (issue 12): the input is cut into strings that become
// the names, labels, cohort and quantities of a small cluster (so it always loads), which is
// linted and rendered as SARIF, GitHub workflow commands and a Markdown diff against the same
// cluster with more quota. The renderers' structure is checked and any breach aborts: one
// GitHub command per finding line, SARIF that parses with one result per finding, Markdown
// with no live link, image or HTML, no raw control or bidi character anywhere.
#include "lint/diff.h"
#include "lint/engine.h"
#include "model/loader.h"
#include "report/diff_render.h"
#include "report/findings_render.h"
#include "tests/report/live_checks.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

namespace {

/// Up to 8 strings, split at 0xFF bytes (which UTF-8 never contains) of the input.
std::vector<std::string> fields(const std::uint8_t* data, std::size_t size) {
    std::vector<std::string> out(1);
    for (std::size_t i = 0; i < size && out.size() <= 8; ++i) {
        if (data[i] == 0xFF) {
            out.emplace_back();
        } else {
            out.back() += static_cast<char>(data[i]);
        }
    }
    out.resize(8);
    return out;
}

/// A YAML double-quoted scalar holding `s` (JSON strings are YAML; invalid UTF-8 replaced).
std::string q(const std::string& s) {
    return nlohmann::json(s).dump(-1, ' ', true, nlohmann::json::error_handler_t::replace);
}

std::string cluster_yaml(const std::vector<std::string>& f, const char* quota) {
    return "apiVersion: kueue.x-k8s.io/v1beta2\nkind: ResourceFlavor\nmetadata:\n  name: " + q(f[0]) +
           "\n  labels: {" + q(f[1]) + ": " + q(f[2]) + "}\nspec:\n  nodeLabels: {" + q(f[1]) + ": " + q(f[2]) +
           "}\n---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: ClusterQueue\nmetadata:\n  name: " + q(f[3]) +
           "\nspec:\n  cohortName: " + q(f[4]) +
           "\n  namespaceSelector: {}\n  resourceGroups:\n  - coveredResources: [cpu]\n    flavors:\n    - name: " +
           q(f[0]) + "\n      resources:\n      - name: cpu\n        nominalQuota: " + quota + "\n    - name: " +
           q(f[5]) + "\n      resources:\n      - name: cpu\n        nominalQuota: " + q(f[6]) +
           "\n---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: LocalQueue\nmetadata:\n  name: " + q(f[7]) +
           "\n  namespace: " + q(f[4]) + "\nspec:\n  clusterQueue: " + q(f[3]) + "\n";
}

[[noreturn]] void fail(const char* what, const std::string& detail, const std::string& output) {
    std::fprintf(stderr, "render_fuzz: %s: %s\n--- output ---\n%s\n", what, detail.c_str(), output.c_str());
    std::abort();
}

std::vector<kg::model::Finding> lint(const kg::model::Cluster& c) {
    kg::model::GovernancePolicy policy;
    kg::model::KueueConfig kueue;
    std::vector<kg::model::Diagnostic> none;
    kg::lint::RuleContext cx{c, policy, kueue, none};
    return kg::lint::run_lint(cx, {}).findings;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 4096) {
        return 0;  // names are short; long inputs only slow the search
    }
    std::vector<std::string> f = fields(data, size);
    kg::model::Cluster base, head;
    kg::model::DiagSink dbase, dhead;
    kg::model::load_text("base.yaml", cluster_yaml(f, "8"), base, dbase);
    kg::model::load_text("head.yaml", cluster_yaml(f, "16"), head, dhead);
    std::vector<kg::model::Finding> findings = lint(head);

    // GitHub: exactly one well-formed command line per finding.
    std::ostringstream gh;
    kg::report::render_findings_github(gh, head.files, findings);
    std::istringstream lines(gh.str());
    std::size_t n = 0;
    for (std::string line; std::getline(lines, line); ++n) {
        if (std::string e = kg::test::github_line_live(line); !e.empty()) {
            fail("github", e, gh.str());
        }
    }
    if (n != findings.size()) {
        fail("github", std::to_string(n) + " lines for " + std::to_string(findings.size()) + " findings", gh.str());
    }

    // SARIF: parses, one result per finding, no raw control or bidi character.
    std::ostringstream sarif;
    kg::report::render_findings_sarif(sarif, head.files, findings, {}, {"fuzz"});
    if (std::string e = kg::test::json_live(sarif.str()); !e.empty()) {
        fail("sarif", e, sarif.str());
    }
    nlohmann::json doc = nlohmann::json::parse(sarif.str());
    if (doc["runs"][0]["results"].size() != findings.size()) {
        fail("sarif", "result count differs from the findings", sarif.str());
    }

    // Markdown diff: nothing from the names is live.
    kg::lint::ClusterDiff d = kg::lint::diff_clusters(base, head);
    d.findings_introduced = findings;
    d.base_files = &base.files;
    d.head_files = &head.files;
    std::ostringstream md;
    kg::report::render_diff(md, d, {f[3], f[7]}, kg::report::DiffFormat::markdown);
    if (std::string e = kg::test::markdown_live(md.str(), {"<details>", "</details>", "<summary>", "</summary>"});
        !e.empty()) {
        fail("markdown", e, md.str());
    }
    return 0;
}
