// `kueuegov inspect`: the queue topology of the given manifests and exports, as a
// tree (cohorts -> ClusterQueues -> flavors x resources -> LocalQueues) with usage
// and pending counts: what `kubectl get clusterqueue -o wide` shows, offline.
#include "cli/load.h"
#include "cli/verbs.h"
#include "sim/queue_overview.h"
#include "report/assumptions_render.h"
#include "sim/assumptions.h"
#include "report/inspect_render.h"

#include <iostream>

namespace kg::cli {

Verb inspect_verb() {
    return {"inspect", "Show the queue topology: cohorts, ClusterQueues, quotas, LocalQueues, usage",
            [](CLI::App& cmd) -> VerbAction {
                auto paths = std::make_shared<std::vector<std::string>>();
                auto output = std::make_shared<std::string>("text");
                add_filename_flags(cmd, *paths);
                cmd.add_option("-o,--output", *output, "Output format: text, wide, json or yaml")
                    ->check(CLI::IsMember({"text", "wide", "json", "yaml"}));
                cmd.footer("Examples:\n"
                           "  kueuegov inspect -f queues/                 # a directory of manifests\n"
                           "  kubectl get clusterqueues,localqueues,resourceflavors,workloads -A -o yaml \\\n"
                           "    | kueuegov inspect -f - -o wide           # a live export on stdin");
                return [paths, output] {
                    LoadedInput in = load_inputs(*paths);
                    if (!in.ok) {
                        return k_exit_usage;
                    }
                    report::render_assumptions(std::cerr, "inspect", sim::missing_references(in.cluster));
                    sim::QueueOverview topo = sim::build_queue_overview(in.cluster);
                    report::InspectFormat f = *output == "json"   ? report::InspectFormat::json
                                              : *output == "yaml" ? report::InspectFormat::yaml
                                              : *output == "wide" ? report::InspectFormat::wide
                                                                  : report::InspectFormat::text;
                    report::render_inspect(std::cout, in.cluster, topo, f);
                    return in.diags.error_count() ? k_exit_usage : k_exit_ok;
                };
            }};
}

}  // namespace kg::cli
