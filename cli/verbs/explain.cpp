// `kueuegov explain NAMESPACE/NAME`: why a workload (or a Job's workload) is not
// running, or what happened to it, from the exported state. sim/explain computes the
// account from the same cycles `simulate` runs; report/explain_render prints it.
#include "cli/live/live_source.h"
#include "cli/load.h"
#include "cli/scope_flags.h"
#include "cli/verbs.h"
#include "report/assumptions_render.h"
#include "report/escape_json.h"
#include "sim/assumptions.h"
#include "report/explain_render.h"
#include "report/terminal_stream.h"
#include "sim/explain/explanation.h"

#include <iostream>

namespace kg::cli {

Verb explain_verb() {
    return {"explain", "Explain why a workload waits, was preempted or runs: path, queue position, conditions",
            [](CLI::App& cmd) -> VerbAction {
                auto target = std::make_shared<std::string>();
                auto paths = std::make_shared<std::vector<std::string>>();
                auto output = std::make_shared<std::string>("text");
                auto fair_sharing = std::make_shared<bool>(false);
                auto cycles = std::make_shared<std::size_t>(1);
                auto scope = std::make_shared<ScopeFlags>();
                auto live = std::make_shared<LiveFlags>();
                cmd.add_flag("--fair-sharing", *fair_sharing, "Decide with fair sharing on (Kueue config fairSharing)");
                cmd.add_option("--cycles", *cycles,
                               "Scheduling cycles to simulate, as `simulate --cycles` runs them (default 1)")
                    ->check(CLI::Range(std::size_t{1}, std::size_t{1000}));
                cmd.add_option("WORKLOAD", *target,
                               "NAMESPACE/NAME of a Workload, or of a Job that Kueue manages; NAME with -n NAMESPACE")
                    ->required();
                cmd.add_option("-n,--namespace", scope->namespace_, "Namespace of WORKLOAD when it is a bare NAME");
                add_input_limit_flags(cmd);
                cmd.add_option("-f,--filename", *paths,
                               "Manifests and exports to read (files, directories, - for stdin). Repeatable");
                add_live_flags(cmd, *live);
                cmd.add_option("-o,--output", *output, "Output format: text or json")
                    ->check(CLI::IsMember({"text", "json"}));
                cmd.footer("Example:\n"
                           "  kubectl get clusterqueues,localqueues,resourceflavors,cohorts,workloads,namespaces -A "
                           "-o yaml > state.yaml\n"
                           "  kueuegov explain team-a/job-train-7-3f2a1 -f state.yaml\n"
                           "  kueuegov explain -n team-a job-train-7-3f2a1 -f state.yaml\n"
                           "  kubectl kueuegov explain team-a/job-train-7-3f2a1 --live   # current context\n"
                           "Live, a pending workload's position also comes from Kueue's visibility API when it answers.");
                return [target, paths, output, fair_sharing, cycles, scope, live] {
                    if (!scope->namespace_.empty()) {
                        if (target->find('/') != std::string::npos) {
                            std::cerr << "kueuegov explain: give NAMESPACE/NAME or -n NAMESPACE NAME, not both (found \""
                                      << *target << "\" with -n " << scope->namespace_ << ")\n";
                            return k_exit_usage;
                        }
                        *target = scope->namespace_ + "/" + *target;
                    }
                    std::size_t slash = target->find('/');
                    if (slash == std::string::npos || slash == 0 || slash + 1 == target->size()) {
                        std::cerr << "kueuegov explain: expected NAMESPACE/NAME, found \"" << *target << "\"\n";
                        return k_exit_usage;
                    }
                    LoadedInput in;
                    if (!load_sources(*paths, *live, LiveVerb::simulate, "explain", in) ||
                        in.diags.error_count() != 0 || refuse_invalid_kueue_config(in.cluster)) {
                        return k_exit_usage;
                    }
                    report::render_assumptions(std::cerr, "explain", sim::missing_references(in.cluster));
                    sim::ExplainOptions opt;
                    opt.fair_sharing = *fair_sharing;
                    opt.cycles = *cycles;
                    auto explanation =
                        sim::explain_workload(in.cluster, target->substr(0, slash), target->substr(slash + 1), opt);
                    if (!explanation) {
                        std::cerr << "kueuegov explain: no Workload or Job named " << *target
                                  << " in the inputs\n";
                        return k_exit_usage;
                    }
                    std::optional<report::VisibilityAnswer> visibility;
                    const model::Workload& wl = explanation->subject();
                    if (live->active() && explanation->state == sim::WorkloadState::pending) {
                        visibility.emplace();
                        visibility->local_queue = *wl.meta.namespace_ + "/" + *wl.queue_name;
                        if (auto pos = visibility_position(*live, *wl.meta.namespace_, *wl.queue_name,
                                                           *wl.meta.name)) {
                            visibility->answered = true;
                            visibility->api_version = pos->api_version;
                            visibility->in_cluster_queue = pos->in_cluster_queue;
                            visibility->in_local_queue = pos->in_local_queue;
                        }
                    }
                    if (*output == "json") {
                        report::render_explain(std::cout, *explanation, report::ExplainFormat::json, visibility);
                    } else {
                        report::TerminalSafeStream safe(std::cout);
                        report::render_explain(safe, *explanation, report::ExplainFormat::text, visibility);
                        safe.flush();
                    }
                    return k_exit_ok;
                };
            }};
}

}  // namespace kg::cli
