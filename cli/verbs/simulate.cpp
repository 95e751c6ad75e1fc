// `kueuegov simulate`: Kueue's scheduling cycles over the loaded state, offline
// (kueue-admission.md §4-§8): which workloads get quota, which are preempted, and
// the message every pending workload would carry.
#include "cli/live/live_source.h"
#include "cli/load.h"
#include "cli/scope_flags.h"
#include "cli/verbs.h"
#include "model/time.h"
#include "report/assumptions_render.h"
#include "sim/assumptions.h"
#include "report/simulate_render.h"
#include "sim/simulate.h"
#include "sim/simulate_scope.h"

#include <iostream>

namespace kg::cli {

Verb simulate_verb() {
    return {"simulate", "Run Kueue scheduling cycles offline: admissions, preemptions, pending messages",
            [](CLI::App& cmd) -> VerbAction {
                auto paths = std::make_shared<std::vector<std::string>>();
                auto output = std::make_shared<std::string>("text");
                auto cycles = std::make_shared<std::size_t>(1);
                auto until_stable = std::make_shared<bool>(false);
                auto fair = std::make_shared<bool>(false);
                auto config = std::make_shared<std::string>();
                auto now = std::make_shared<std::string>();
                auto scope = std::make_shared<ScopeFlags>();
                auto live = std::make_shared<LiveFlags>();
                add_filename_flags(cmd, *paths, false);
                add_live_flags(cmd, *live);
                add_scope_flags(cmd, *scope);
                cmd.add_option("--cycles", *cycles, "Scheduling cycles to run (default 1)")->check(CLI::Range(1, 100000));
                cmd.add_flag("--until-stable", *until_stable,
                             "Run until a cycle changes nothing and the next would try the same heads (at most 1000 cycles)");
                cmd.add_flag("--fair-sharing", *fair, "Enable fair sharing (Kueue config fairSharing)");
                cmd.add_option("--kueue-config", *config, "A Kueue Configuration file (fairSharing, resources, ...)");
                cmd.add_option("--now", *now, "Clock for requeue backoff, RFC 3339 (default: latest timestamp seen)");
                cmd.add_option("-o,--output", *output, "Output format: text or json")
                    ->check(CLI::IsMember({"text", "json"}));
                cmd.footer("Examples:\n"
                           "  kueuegov simulate -f cluster/ --until-stable\n"
                           "  kueuegov simulate --cycles 3 -o json scenario.yaml\n"
                           "  kueuegov simulate -f state.yaml -n team-a -l priority=high\n"
                           "  kueuegov simulate --context prod --until-stable   # through kubectl\n"
                           "-n and -l narrow the decisions shown; the cycles always run over every workload,\n"
                           "since quota is shared across namespaces.");
                return [=] {
                    std::optional<model::LabelSelector> selector;
                    if (!parse_scope_selector(*scope, selector)) {
                        return k_exit_usage;
                    }
                    std::vector<std::string> all = *paths;
                    if (!config->empty()) all.push_back(*config);
                    LoadedInput in;
                    if (paths->empty() && !live->active()) all.clear();  // --kueue-config alone is no cluster
                    if (!load_sources(all, *live, LiveVerb::simulate, "simulate", in) || in.diags.error_count() ||
                        refuse_invalid_kueue_config(in.cluster)) {
                        return k_exit_usage;
                    }
                    report::render_assumptions(std::cerr, "simulate", sim::missing_references(in.cluster));
                    sim::SimOptions opt;
                    opt.cycles = *cycles;
                    opt.until_stable = *until_stable;
                    opt.fair_sharing = *fair;
                    if (!now->empty()) {
                        auto t = model::parse_rfc3339(*now);
                        if (!t) {
                            std::cerr << "kueuegov simulate: --now: expected an RFC 3339 time, found \"" << *now
                                      << "\"\n";
                            return k_exit_usage;
                        }
                        opt.now = *t;
                    }
                    sim::SimulationResult r = sim::simulate(in.cluster, opt);
                    sim::scope_decisions(r, in.cluster, scope->namespace_, selector);
                    report::render_simulation(std::cout, r,
                                              *output == "json" ? report::SimulateFormat::json
                                                                : report::SimulateFormat::text);
                    return k_exit_ok;
                };
            }};
}

}  // namespace kg::cli
