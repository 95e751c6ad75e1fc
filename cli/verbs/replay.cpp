// `kueuegov replay`: replay a workload trace (or Kueue's scheduler-performance
// generator config) in virtual time through the simulator, and with --compare the
// same trace under a second policy: the what-if a reviewer needs before merging.
#include "cli/keep_until_exit.h"
#include "cli/load.h"
#include "cli/output.h"
#include "cli/verbs.h"
#include "model/loader.h"
#include "model/time.h"
#include "report/replay_events.h"
#include "report/replay_render.h"
#include "sim/replay/replay_input.h"
#include "sim/replay/sim_scheduler.h"

#include <fstream>
#include <iostream>

namespace kg::cli {

namespace {

using sim::replay::ReplayInput;

// Loads the queues and the arrivals (sim/replay/replay_input.h) and prints the diagnostics.
bool load_input(const std::string& generator, const std::string& trace, const std::vector<std::string>& manifests,
                const std::string& kueue_config, bool instant, ReplayInput& in) {
    model::DiagSink diags;
    const bool ok = sim::replay::load_replay_input(generator, trace, manifests, in, diags, input_load_options(),
                                                   kueue_config, instant);
    print_diagnostics(in.cluster.files, diags);
    return ok && diags.error_count() == 0 && !refuse_invalid_kueue_config(in.cluster);
}

sim::ReplayResult run(ReplayInput& in, bool fair_sharing, bool instant, bool record_steps = false) {
    sim::replay::SimScheduler scheduler(in.cluster, fair_sharing);
    sim::replay::ReplayOptions options;
    options.record_steps = record_steps;
    options.throughput = in.throughput;
    options.throughput.instant = instant;
    // run_replay takes the arrivals by value; only --events reads them afterwards, so otherwise
    // they move instead of being copied (a third of the peak memory of a plain replay).
    sim::ReplayResult r = record_steps ? sim::replay::run_replay(in.arrivals, scheduler, options)
                                       : sim::replay::run_replay(std::move(in.arrivals), scheduler, options);
    r.queue_class = in.queue_classes;
    return r;
}

// --events: the recorded steps as JSON lines to `path` ("-" = stdout).
bool write_events(const std::string& path, const ReplayInput& in, const sim::ReplayResult& r,
                  std::int64_t start_unix_s) {
    report::ReplayEventsInput ev{r, in.cluster, {}, {}, start_unix_s * 1000};
    // Arrivals share their Workloads' specs (sim/replay/arrivals.h); the events need each whole.
    std::vector<model::Workload> workloads;
    workloads.reserve(in.arrivals.size());
    for (const sim::replay::Arrival& a : in.arrivals) {
        workloads.push_back(a.workload());
        ev.workloads.push_back(&workloads.back());
        ev.runtime_ms.push_back(a.runtime_ms);
    }
    return write_output(path, [&](std::ostream& out) { report::render_replay_events(out, ev); });
}

}  // namespace

Verb replay_verb() {
    return {"replay", "Replay a workload trace in virtual time through the simulator; compare two policies",
            [](CLI::App& cmd) -> VerbAction {
                struct Opts {
                    std::string generator, trace, compare, output = "text", events,
                        start = "2026-01-05T08:00:00Z", kueue_config;
                    std::vector<std::string> manifests;
                    bool fair_sharing = false, instant = false;
                };
                auto o = std::make_shared<Opts>();
                auto* gen = cmd.add_option("--generator", o->generator,
                                           "Kueue scheduler-performance generator.yaml (cohorts x queue sets x "
                                           "workload sets)");
                auto* tr = cmd.add_option("--trace", o->trace,
                                          "A WorkloadTrace file: workloads with arrivalMs, runtimeMs, queueName, "
                                          "podSets (see man kueuegov-replay)");
                gen->excludes(tr);
                tr->excludes(gen);
                cmd.add_option("-f,--filename", o->manifests,
                               "Queue manifests (with --trace, required; with --generator, they replace "
                               "same-named generated objects)");
                cmd.add_option("--compare", o->compare,
                               "Replay again with these manifests instead, and print the wait-time change per queue");
                add_input_limit_flags(cmd);
                cmd.add_flag("--fair-sharing", o->fair_sharing, "Enable fair sharing (Kueue config fairSharing)");
                cmd.add_option("--kueue-config", o->kueue_config,
                               "Kueue's Configuration (or its ConfigMap): clientConnection qps/burst pace the "
                               "replay's API writes; fairSharing and the rest apply as in -f");
                cmd.add_flag("--instant", o->instant,
                             "No controller-throughput model: admissions and evictions take no time");
                cmd.add_option("-o,--output", o->output, "Output format: text or json")
                    ->check(CLI::IsMember({"text", "json"}));
                cmd.add_option("--events", o->events,
                               "Write every workload lifecycle step as JSON lines to FILE (- = stdout, then no "
                               "summary); format in man kueuegov-replay");
                cmd.add_option("--start", o->start,
                               "Wall-clock time (RFC 3339) of virtual time 0 for --events")
                    ->capture_default_str();
                cmd.footer("Examples:\n"
                           "  kueuegov replay --generator ../shared/data/kueue-perf/baseline/generator.yaml\n"
                           "  kueuegov replay --trace week.yaml -f queues/ --compare proposed-queues/\n"
                           "  kueuegov replay --generator generator.yaml --events steps.jsonl\n"
                           "  kueuegov replay --trace week.yaml -f queues/ --kueue-config kueue-config.yaml\n"
                           "\n"
                           "Exit codes: 0 success, 2 usage error, unreadable input or unwritable --events file.");
                return [o] {
                    if (o->generator.empty() == o->trace.empty()) {
                        std::cerr << "kueuegov replay: expected exactly one of --generator or --trace\n";
                        return k_exit_usage;
                    }
                    if (!o->trace.empty() && o->manifests.empty()) {
                        std::cerr << "kueuegov replay: --trace needs the queue manifests (-f)\n";
                        return k_exit_usage;
                    }
                    std::optional<std::int64_t> start = model::parse_rfc3339(o->start);
                    if (!start) {
                        std::cerr << "kueuegov replay: --start: expected an RFC 3339 time such as "
                                     "2026-01-05T08:00:00Z, found \"" << o->start << "\"\n";
                        return k_exit_usage;
                    }
                    ReplayInput base;
                    if (!load_input(o->generator, o->trace, o->manifests, o->kueue_config, o->instant, base)) {
                        return k_exit_usage;
                    }
                    report::ReplayFormat f = o->output == "json" ? report::ReplayFormat::json : report::ReplayFormat::text;
                    sim::ReplayResult base_result = run(base, o->fair_sharing, o->instant, !o->events.empty());
                    if (!o->events.empty()) {
                        if (!write_events(o->events, base, base_result, *start)) {
                            return k_exit_usage;
                        }
                        if (o->events == "-") {
                            return k_exit_ok;
                        }
                    }
                    if (o->compare.empty()) {
                        report::render_replay(std::cout, base_result, f);
                        // Freeing half a million rows and the cluster one by one cost 0.25
                        // billion instructions in ls-cq10x, just before the process ends.
                        keep_until_exit(std::move(base_result));
                        keep_until_exit(std::move(base));
                        return k_exit_ok;
                    }
                    ReplayInput other;
                    if (!load_input(o->generator, o->trace, {o->compare}, o->kueue_config, o->instant, other)) {
                        return k_exit_usage;
                    }
                    sim::ReplayResult other_result = run(other, o->fair_sharing, o->instant);
                    std::string base_label = o->manifests.empty() ? "generated queues" : "current queues (-f)";
                    report::render_replay_compare(std::cout, base_result, other_result, base_label, o->compare, f);
                    return k_exit_ok;
                };
            }};
}

}  // namespace kg::cli
