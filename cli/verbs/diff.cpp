// `kueuegov diff BASE HEAD [--state EXPORT]`: what a queue change does, for review: objects
// added, removed and changed, quota deltas per ClusterQueue and cohort, who gains and who
// loses guaranteed capacity; with an export, what it does to the running and pending work
// (lint/diff_state). Markdown for a PR comment, JSON for tools.
#include "cli/fail_on.h"
#include "cli/git_source.h"
#include "cli/live/live_source.h"
#include "cli/load.h"
#include "cli/verbs.h"
#include "lint/diff_findings.h"
#include "lint/diff_state.h"
#include "model/loader.h"
#include "report/diff_render.h"

#include "report/diff_state_render.h"
#include "report/escape.h"
#include "sim/replay/replay_input.h"

#include <iostream>
#include <optional>

namespace kg::cli {

namespace {

bool load_side(const std::string& spec, model::Cluster& c, model::DiagSink& d) {
    bool ok = is_git_source(spec) ? load_git_source(spec, c, d, input_load_options()) : model::load_paths({spec}, c, d, input_load_options());
    print_diagnostics(c.files, d);
    return ok && d.error_count() == 0;
}

std::string join_paths(const std::vector<std::string>& paths) {
    std::string out;
    for (const auto& p : paths) out += (out.empty() ? "" : ", ") + p;
    return out;
}

// The export holds the work, the sides hold the policy: queue objects in the export would
// override one side's and hide the change under review, so they are set aside (and said so).
void keep_work_only(model::Cluster& c, const std::string& path) {
    std::size_t policy = c.cluster_queues.size() + c.cohorts.size() + c.local_queues.size() + c.resource_flavors.size() +
                         c.workload_priority_classes.size() + c.admission_checks.size() + (c.kueue_config ? 1 : 0);
    if (policy > 0) {
        std::cerr << "kueuegov: note: " << report::escape_terminal(path) << ": " << policy
                  << " queue policy object(s) ignored; the policy comes from BASE and HEAD\n";
    }
    c.cluster_queues.clear();
    c.cohorts.clear();
    c.local_queues.clear();
    c.resource_flavors.clear();
    c.workload_priority_classes.clear();
    c.admission_checks.clear();
    c.kueue_config.reset();
    c.reindex();
}

// One side's policy over the export (a copy for the base, the export itself for the head:
// copying 50,000 Workloads twice showed in the profile); its diagnostics were printed by load_side.
bool load_side_with_state(const std::string& spec, model::Cluster state, model::Cluster& c) {
    c = std::move(state);
    model::DiagSink quiet;
    bool ok = is_git_source(spec) ? load_git_source(spec, c, quiet, input_load_options()) : model::load_paths({spec}, c, quiet, input_load_options());
    return ok && quiet.error_count() == 0 && !refuse_invalid_kueue_config(c);
}

// --trace/--generator: the same arrivals replayed under each side's manifests.
std::optional<report::DiffWaits> replay_both(const std::string& generator, const std::string& trace,
                                             const std::string& base, const std::string& head) {
    report::DiffWaits w;
    w.source = generator.empty() ? trace : generator;
    for (const auto& [side, out] : {std::pair{&base, &w.base}, std::pair{&head, &w.head}}) {
        sim::replay::ReplayInput in;
        model::DiagSink d;
        bool ok = sim::replay::load_replay_input(generator, trace, {*side}, in, d, input_load_options());
        print_diagnostics(in.cluster.files, d);
        if (!ok || d.error_count() > 0 || refuse_invalid_kueue_config(in.cluster)) {
            return std::nullopt;
        }
        *out = sim::replay::replay_waits(in, false);
    }
    return w;
}

bool impact_hit(const lint::StateImpact& s, const std::vector<std::string>& on) {
    for (const std::string& o : on) {
        if ((o == "preempts" && s.any_newly_preemptible()) || (o == "never-fits" && s.any_new_never_fits()) ||
            (o == "inactive" && s.any_newly_inactive())) {
            return true;
        }
    }
    return false;
}

}  // namespace

Verb diff_verb() {
    return {"diff", "Compare two versions of the queue manifests: objects, quotas, guaranteed capacity",
            [](CLI::App& cmd) -> VerbAction {
                auto base = std::make_shared<std::string>();
                auto head = std::make_shared<std::string>();
                auto output = std::make_shared<std::string>("text");
                auto fail_on = std::make_shared<std::string>("error");
                auto state = std::make_shared<std::vector<std::string>>();
                auto live = std::make_shared<LiveFlags>();
                auto fail_on_impact = std::make_shared<std::vector<std::string>>();
                auto trace = std::make_shared<std::string>();
                auto generator = std::make_shared<std::string>();
                cmd.add_option("BASE", *base, "Before: a directory or file, or git:REV[:PATH] of this repository")
                    ->required();
                cmd.add_option("HEAD", *head, "After: the same forms as BASE")->required();
                add_input_limit_flags(cmd);
                cmd.add_option("-o,--output", *output, "Output format: text, markdown or json")
                    ->check(CLI::IsMember({"text", "markdown", "md", "json"}));
                cmd.add_option("--fail-on", *fail_on,
                               "Exit 1 when HEAD introduces a finding at or above this severity (default error)")
                    ->check(CLI::IsMember({"error", "warning", "info", "never"}));
                cmd.add_option("--state", *state,
                               "The cluster's Workloads and Jobs (kubectl get workloads,jobs -A -o yaml, a file, a "
                               "directory or - for stdin; repeatable): show what each side's policy does to them");
                add_live_flags(cmd, *live);  // the state from the cluster, through the user's kubectl
                cmd.add_option("--fail-on-impact", *fail_on_impact,
                               "With --state, exit 1 when HEAD makes running workloads preemptible (preempts), "
                               "pending ones unadmittable (never-fits) or a queue stop admitting (inactive)")
                    ->delimiter(',')
                    ->check(CLI::IsMember({"preempts", "never-fits", "inactive"}));
                auto* tr = cmd.add_option("--trace", *trace,
                                          "A WorkloadTrace (see man kueuegov-replay): show each ClusterQueue's wait "
                                          "(mean, p50, p95) replayed under BASE and under HEAD");
                auto* gen = cmd.add_option("--generator", *generator,
                                           "A Kueue scheduler-performance generator config, replayed as --trace is");
                tr->excludes(gen);
                gen->excludes(tr);
                cmd.footer("Examples:\n"
                           "  kueuegov diff git:main:queues/ queues/ -o markdown   # review a pull request\n"
                           "  kueuegov diff old/ new/ -o json\n"
                           "  kueuegov diff git:main:queues/ queues/ --state export.yaml --fail-on-impact preempts,inactive\n"
                           "Exit status: 0 HEAD introduces no finding at or above --fail-on (default error) and no impact\n"
                           "named by --fail-on-impact; 1 it does;\n"
                           "2 usage error, an unreadable or invalid input, or a git: revision or path that does "
                           "not exist.");
                return [base, head, output, fail_on, state, live, fail_on_impact, trace, generator]() -> int {
                    const bool with_state = !state->empty() || live->active();
                    if (!fail_on_impact->empty() && !with_state) {
                        std::cerr << "kueuegov: error: --fail-on-impact needs --state EXPORT or --live\n";
                        return k_exit_usage;
                    }
                    bool replaying = !trace->empty() || !generator->empty();
                    if (replaying && (is_git_source(*base) || is_git_source(*head))) {
                        std::cerr << "kueuegov: error: --trace and --generator replay BASE and HEAD from files or "
                                     "directories, not git: revisions\n";
                        return k_exit_usage;
                    }
                    model::Cluster before, after;
                    model::DiagSink dbefore, dafter;
                    bool ok = load_side(*base, before, dbefore);
                    ok = load_side(*head, after, dafter) && ok;
                    if (!ok) {
                        return k_exit_usage;
                    }
                    std::optional<lint::StateImpact> impact;
                    if (with_state) {
                        // The live cluster through kubectl and/or the --state files, as every live verb loads.
                        LoadedInput in;
                        if (!load_sources(*state, *live, LiveVerb::diff_state, "diff --state", in) ||
                            in.diags.error_count() != 0) {
                            return k_exit_usage;
                        }
                        model::Cluster work = std::move(in.cluster), before_work, after_work;
                        keep_work_only(work, live->active() ? std::string("the live cluster") : join_paths(*state));
                        if (!load_side_with_state(*base, work, before_work) ||
                            !load_side_with_state(*head, std::move(work), after_work)) {
                            return k_exit_usage;
                        }
                        impact = lint::diff_state(before_work, after_work);
                    }
                    std::optional<report::DiffWaits> waits;
                    if (replaying) {
                        waits = replay_both(*generator, *trace, *base, *head);
                        if (!waits) {
                            return k_exit_usage;
                        }
                    }
                    report::DiffFormat f = *output == "json"                         ? report::DiffFormat::json
                                           : (*output == "markdown" || *output == "md") ? report::DiffFormat::markdown
                                                                                       : report::DiffFormat::text;
                    const lint::ClusterDiff d = lint::diff_with_findings(before, after);
                    report::render_diff(std::cout, d, {*base, *head}, f, impact ? &*impact : nullptr,
                                        waits ? &*waits : nullptr);
                    int rc = exit_for_findings(d.findings_introduced, *fail_on);
                    if (impact && impact_hit(*impact, *fail_on_impact)) {
                        rc = k_exit_findings;
                    }
                    return rc;
                };
            }};
}

}  // namespace kg::cli
