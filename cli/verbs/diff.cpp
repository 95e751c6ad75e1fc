// `kueuegov diff BASE HEAD`: what a queue change does, for review: objects added,
// removed and changed, quota deltas per ClusterQueue and cohort, who gains and
// who loses guaranteed capacity. Markdown for a PR comment, JSON for tools.
#include "cli/fail_on.h"
#include "cli/git_source.h"
#include "cli/load.h"
#include "cli/verbs.h"
#include "lint/diff_findings.h"
#include "model/loader.h"
#include "report/diff_render.h"

#include <iostream>

namespace kg::cli {

namespace {

bool load_side(const std::string& spec, model::Cluster& c, model::DiagSink& d) {
    bool ok = is_git_source(spec) ? load_git_source(spec, c, d) : model::load_paths({spec}, c, d, input_load_options());
    print_diagnostics(c.files, d);
    return ok && d.error_count() == 0;
}

}  // namespace

Verb diff_verb() {
    return {"diff", "Compare two versions of the queue manifests: objects, quotas, guaranteed capacity",
            [](CLI::App& cmd) -> VerbAction {
                auto base = std::make_shared<std::string>();
                auto head = std::make_shared<std::string>();
                auto output = std::make_shared<std::string>("text");
                auto fail_on = std::make_shared<std::string>("error");
                cmd.add_option("BASE", *base, "Before: a directory or file, or git:REV[:PATH] of this repository")
                    ->required();
                cmd.add_option("HEAD", *head, "After: the same forms as BASE")->required();
                add_input_limit_flags(cmd);
                cmd.add_option("-o,--output", *output, "Output format: text, markdown or json")
                    ->check(CLI::IsMember({"text", "markdown", "md", "json"}));
                cmd.add_option("--fail-on", *fail_on,
                               "Exit 1 when HEAD introduces a finding at or above this severity (default error)")
                    ->check(CLI::IsMember({"error", "warning", "info", "never"}));
                cmd.footer("Examples:\n"
                           "  kueuegov diff git:main:queues/ queues/ -o markdown   # review a pull request\n"
                           "  kueuegov diff old/ new/ -o json\n"
                           "Exit status: 0 HEAD introduces no finding at or above --fail-on (default error); 1 it does;\n"
                           "2 usage error, an unreadable or invalid input, or a git: revision or path that does "
                           "not exist.");
                return [base, head, output, fail_on]() -> int {
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
                    const lint::ClusterDiff d = lint::diff_with_findings(before, after);
                    report::render_diff(std::cout, d, {*base, *head}, f);
                    return exit_for_findings(d.findings_introduced, *fail_on);
                };
            }};
}

}  // namespace kg::cli
