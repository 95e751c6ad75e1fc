// `kueuegov lint`: Kueue validation parity, references, governance and quota sanity
// rules over the given manifests, for CI. Declares flags, runs the lint engine,
// hands the findings to a report/ renderer and maps them to an exit code.
#include "audit/check/rule.h"
#include "cli/ci_paths.h"
#include "cli/fail_on.h"
#include "cli/live/live_source.h"
#include "cli/load.h"
#include "cli/output.h"
#include "cli/policy_flag.h"
#include "cli/scope_flags.h"
#include "cli/verbs.h"
#include "lint/engine.h"
#include "model/loader.h"
#include "model/policy.h"
#include "report/diagnostic_render.h"
#include "report/findings_render.h"

#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>

namespace kg::cli {

namespace {

struct LintFlags {
    std::vector<std::string> paths;
    std::string policy, kueue_config, output = "text", fail_on = "error", baseline, write_baseline, sarif_root;
    std::vector<std::string> enable, disable;
    bool list_rules = false, complete = false;
    LiveFlags live;
    ScopeFlags scope;
};

std::vector<report::RuleEntry> rule_meta() {
    std::vector<report::RuleEntry> out;
    for (const lint::Rule& r : lint::registry()) {
        out.push_back({r.info, lint::rule_doc(r.info->id)});
    }
    return out;
}

/// Prints input problems of a side file (policy, kueue config) and tells whether there were errors.
bool print_diags(const model::SourceFiles& files, const model::DiagSink& diags) {
    for (const model::Diagnostic& d : diags.items()) {
        std::cerr << report::render_diagnostic(files, d) << "\n";
    }
    return diags.error_count() > 0;
}

int list_rules(const LintFlags& fl) {
    std::vector<report::RuleEntry> meta = rule_meta();
    if (fl.output == "json") {
        report::render_rule_list_json(std::cout, meta);
    } else if (fl.output == "man") {
        // One man page for every rule id: lint's, then audit check's history rules.
        std::vector<report::RuleEntry> history;
        for (const audit::check::Rule& r : audit::check::registry()) {
            history.push_back({r.info, audit::check::rule_doc(r.info->id)});
        }
        report::render_rules_man(std::cout, meta, KG_VERSION, history);
    } else if (fl.output == "text") {
        report::render_rule_list_text(std::cout, meta);
    } else {
        std::cerr << "kueuegov: error: --list-rules supports -o text, json or man, found \"" << fl.output << "\"\n";
        return k_exit_usage;
    }
    return k_exit_ok;
}

std::set<std::string> rule_ids(const std::vector<std::string>& v, bool& ok) {
    std::set<std::string> out;
    for (const std::string& id : v) {
        if (!lint::find_rule(id)) {
            std::cerr << "kueuegov: error: unknown rule \"" << id << "\" (see kueuegov lint --list-rules)\n";
            ok = false;
        }
        out.insert(id);
    }
    return out;
}

int run(const LintFlags& fl) {
    if (fl.list_rules) {
        return list_rules(fl);
    }
    const auto started = std::chrono::steady_clock::now();  // JUnit's time: load, rules and all
    if (fl.paths.empty() && !fl.live.active()) {
        std::cerr << "kueuegov: error: lint needs -f PATH (a file, a directory or - for stdin), or --live/--context/"
                     "--kubeconfig to read the cluster through kubectl\n";
        return k_exit_usage;
    }
    CiPaths ci;
    if (!ci_paths(fl.sarif_root, ci)) {
        return k_exit_usage;
    }
    bool ok = true;
    lint::LintOptions opt;
    opt.enable = rule_ids(fl.enable, ok);
    opt.disable = rule_ids(fl.disable, ok);
    if (!ok) {
        return k_exit_usage;
    }
    opt.scope.namespace_ = fl.scope.namespace_;
    if (!parse_scope_selector(fl.scope, opt.scope.selector)) {
        return k_exit_usage;
    }

    model::Cluster cluster;
    model::DiagSink input;
    if (fl.live.active() && !load_live(fl.live, live_kinds(LiveVerb::lint), cluster, input)) {
        return k_exit_usage;
    }
    if (!fl.paths.empty() && !model::load_paths(fl.paths, cluster, input, input_load_options())) {
        print_diags(cluster.files, input);
        return k_exit_usage;
    }
    model::GovernancePolicy policy;
    if (!load_policy_flag(fl.policy, cluster.files, policy)) {
        return k_exit_usage;
    }
    model::KueueConfig kueue = cluster.kueue_config.value_or(model::KueueConfig{});
    if (policy.kueue) {
        kueue = *policy.kueue;
    }
    if (!fl.kueue_config.empty()) {
        model::Cluster side;
        model::DiagSink kd;
        // Both always run: an unreadable file must still say why (it printed nothing before).
        const bool read = model::load_paths({fl.kueue_config}, side, kd, input_load_options());
        if (print_diags(side.files, kd) || !read) {
            return k_exit_usage;
        }
        if (!side.kueue_config) {
            std::cerr << "kueuegov: error: " << fl.kueue_config
                      << ": expected a Kueue Configuration (or its ConfigMap), found none\n";
            return k_exit_usage;
        }
        kueue = *side.kueue_config;
    }
    if (!fl.baseline.empty()) {
        // Bounded like the manifests: a baseline on /dev/zero or a FIFO stops at the limit.
        auto text = model::read_limited(fl.baseline, input_load_options());
        if (!text) {
            std::cerr << "kueuegov: error: cannot read " << fl.baseline << ": " << text.error().message << "\n";
            return k_exit_usage;
        }
        auto b = lint::read_baseline(*text, fl.baseline);
        if (!b) {
            std::cerr << b.error().message << "\n";
            return k_exit_usage;
        }
        opt.baseline = std::move(*b);
    }

    lint::RuleContext cx{cluster, policy, kueue, input.items(), fl.complete};
    lint::LintResult res = lint::run_lint(cx, opt);

    if (!fl.write_baseline.empty()) {
        if (!write_output(fl.write_baseline, [&](std::ostream& out) { out << lint::write_baseline(res.findings); })) {
            return k_exit_usage;
        }
    }
    report::FindingsSummary sum{cluster.files.size() - 1 - (fl.policy.empty() ? 0 : 1), cluster.object_count(),
                                res.suppressed, res.baselined};
    if (fl.output == "json") {
        report::render_findings_json(std::cout, cluster.files, res.findings, sum);
    } else if (fl.output == "sarif") {
        report::render_findings_sarif(std::cout, cluster.files, res.findings, rule_meta(),
                                      {KG_VERSION, "kueuegov/lint/", ci.cwd, ci.root});
    } else if (fl.output == "junit") {
        const std::chrono::duration<double> took = std::chrono::steady_clock::now() - started;
        report::render_findings_junit(std::cout, cluster, res.findings, fail_threshold(fl.fail_on), took.count());
    } else if (fl.output == "codeclimate") {
        report::render_findings_codeclimate(std::cout, cluster.files, res.findings, rule_meta(), ci.cwd);
    } else if (fl.output == "github") {
        report::render_findings_github(std::cout, cluster.files, res.findings);
    } else {
        report::render_findings_text(std::cout, cluster.files, res.findings, sum);
    }

    if (res.out_of_scope > 0) {
        // Said, not dropped silently: a scoped run is not a clean bill for the whole input.
        std::cerr << "lint: " << res.out_of_scope << " finding(s) about objects outside -n/-l not shown\n";
    }
    if (input.error_count() > 0) {
        // The findings above are shown (KQ1000 names each problem), but a run that could not
        // read all of its input proves nothing: CI must not pass it, whatever --fail-on says.
        std::cerr << "kueuegov: error: " << input.error_count()
                  << " input error(s) (KQ1000): the input is unreadable or invalid, exit 2\n";
        return k_exit_usage;
    }
    return exit_for_findings(res.findings, fl.fail_on);
}

}  // namespace

Verb lint_verb() {
    return {"lint", "Check manifests against Kueue's validation, references, governance policy and quota sanity",
            [](CLI::App& cmd) -> VerbAction {
                auto fl = std::make_shared<LintFlags>();
                add_filename_flags(cmd, fl->paths, false);
                cmd.add_option("--policy", fl->policy, "Governance policy file (kueuegov.io/v1alpha1 GovernancePolicy)");
                cmd.add_option("--kueue-config", fl->kueue_config,
                               "Kueue's manager Configuration (or its ConfigMap): manageJobsWithoutQueueName, "
                               "managedJobsNamespaceSelector");
                cmd.add_option("-o,--output", fl->output, "Output format")
                    ->check(CLI::IsMember({"text", "json", "sarif", "junit", "github", "codeclimate", "man"}));
                cmd.add_option("--fail-on", fl->fail_on, "Exit 1 when a finding is at or above this severity")
                    ->check(CLI::IsMember({"error", "warning", "info", "never"}));
                cmd.add_option("--enable", fl->enable, "Run only these rules (comma-separated ids)")->delimiter(',');
                cmd.add_option("--disable", fl->disable, "Do not run these rules (comma-separated ids)")->delimiter(',');
                cmd.add_option("--baseline", fl->baseline, "Hide findings recorded in this baseline file");
                cmd.add_option("--write-baseline", fl->write_baseline, "Write the remaining findings as a baseline");
                cmd.add_option("--sarif-root", fl->sarif_root,
                               "-o sarif: make file URIs relative to this directory (the repository root), "
                               "with uriBaseId SRCROOT; default: relative to the working directory");
                cmd.add_flag("--list-rules", fl->list_rules, "List the rules (-o text, json or man) and exit");
                cmd.add_flag("--complete", fl->complete,
                             "The inputs are the whole cluster: a reference to a kind they hold no object of "
                             "is an error, not info (never inferred from an export)");
                add_live_flags(cmd, fl->live);
                add_scope_flags(cmd, fl->scope);
                cmd.footer("Examples:\n"
                           "  kueuegov lint -f queues/                                  # text, exit 1 on errors\n"
                           "  kueuegov lint -f export/ -n team-a -l tier=gpu            # only team-a's objects with the label\n"
                           "  kueuegov lint -f queues/ --policy policy.yaml --fail-on warning\n"
                           "  kueuegov lint -f queues/ --kueue-config kueue-manager-config.yaml --enable KQ3002\n"
                           "  kueuegov lint -f queues/ -o sarif > kueuegov.sarif        # GitHub code scanning\n"
                           "  kueuegov lint -f queues/ -o codeclimate > gl-code-quality.json  # GitLab Code Quality\n"
                           "  kueuegov lint -f queues/ --write-baseline .kueuegov-baseline\n"
                           "  kueuegov lint -f queues/ --baseline .kueuegov-baseline -o github\n"
                           "  kueuegov lint --list-rules\n"
                           "Exit status: 0 no finding at or above --fail-on (default error); 1 findings at or "
                           "above it;\n2 usage error, unreadable or invalid input (KQ1000, whatever --fail-on says), "
                           "or an invalid\npolicy, Kueue configuration or baseline file.");
                return [fl] { return run(*fl); };
            }};
}

}  // namespace kg::cli
