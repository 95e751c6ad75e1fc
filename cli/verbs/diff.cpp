// `kueuegov diff BASE HEAD`: what a queue change does, for review: objects added,
// removed and changed, quota deltas per ClusterQueue and cohort, who gains and
// who loses guaranteed capacity. Markdown for a PR comment, JSON for tools.
#include "cli/git_source.h"
#include "cli/load.h"
#include "cli/verbs.h"
#include "lint/engine.h"
#include "lint/diff.h"
#include "model/loader.h"
#include "report/diff_render.h"

#include <iostream>
#include <set>

namespace kg::cli {

namespace {

bool load_side(const std::string& spec, model::Cluster& c, model::DiagSink& d) {
    bool ok = is_git_source(spec) ? load_git_source(spec, c, d) : model::load_paths({spec}, c, d);
    print_diagnostics(c.files, d);
    return ok && d.error_count() == 0;
}

// Lint with the defaults (no policy): the rules Kueue itself enforces and the references
// and quota-sanity rules that need no policy.
std::vector<model::Finding> lint_side(const model::Cluster& c) {
    model::GovernancePolicy policy;
    model::KueueConfig kueue = c.kueue_config.value_or(model::KueueConfig{});
    std::vector<model::Diagnostic> none;
    lint::RuleContext cx{c, policy, kueue, none};
    return lint::run_lint(cx, {}).findings;
}

// Findings of `a` whose fingerprint `b` does not have (multiset difference).
std::vector<model::Finding> minus(const std::vector<model::Finding>& a, const std::vector<model::Finding>& b) {
    std::multiset<std::string> in_b;
    for (const model::Finding& f : b) {
        in_b.insert(model::finding_fingerprint(f));
    }
    std::vector<model::Finding> out;
    for (const model::Finding& f : a) {
        auto it = in_b.find(model::finding_fingerprint(f));
        if (it == in_b.end()) {
            out.push_back(f);
        } else {
            in_b.erase(it);
        }
    }
    return out;
}

}  // namespace

Verb diff_verb() {
    return {"diff", "Compare two versions of the queue manifests: objects, quotas, guaranteed capacity",
            [](CLI::App& cmd) -> VerbAction {
                auto base = std::make_shared<std::string>();
                auto head = std::make_shared<std::string>();
                auto output = std::make_shared<std::string>("text");
                cmd.add_option("BASE", *base, "Before: a directory or file, or git:REV[:PATH] of this repository")
                    ->required();
                cmd.add_option("HEAD", *head, "After: the same forms as BASE")->required();
                cmd.add_option("-o,--output", *output, "Output format: text, markdown or json")
                    ->check(CLI::IsMember({"text", "markdown", "md", "json"}));
                cmd.footer("Examples:\n"
                           "  kueuegov diff git:main:queues/ queues/ -o markdown   # review a pull request\n"
                           "  kueuegov diff old/ new/ -o json\n"
                           "Exit status: 0 whether or not anything changed; 2 when an input cannot be read.");
                return [base, head, output] {
                    model::Cluster before, after;
                    model::DiagSink dbefore, dafter;
                    bool ok = load_side(*base, before, dbefore);
                    ok = load_side(*head, after, dafter) && ok;
                    if (!ok) {
                        return k_exit_usage;
                    }
                    report::DiffFormat f = *output == "json"                         ? report::DiffFormat::json
                                           : (*output == "markdown" || *output == "md") ? report::DiffFormat::markdown
                                                                                       : report::DiffFormat::text;
                    lint::ClusterDiff d = lint::diff_clusters(before, after);
                    std::vector<model::Finding> fb = lint_side(before), fa = lint_side(after);
                    d.findings_introduced = minus(fa, fb);
                    d.findings_fixed = minus(fb, fa);
                    d.base_files = &before.files;
                    d.head_files = &after.files;
                    report::render_diff(std::cout, d, {*base, *head}, f);
                    return k_exit_ok;
                };
            }};
}

}  // namespace kg::cli
