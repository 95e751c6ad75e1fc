// `kueuegov inspect [KIND [NAME]]`: the queue topology of the given manifests and exports, as a
// tree (cohorts -> ClusterQueues -> flavors x resources -> LocalQueues) with usage and pending
// counts: what `kubectl get clusterqueue -o wide` shows, offline. KIND and NAME, -n and -l
// narrow it as they narrow a kubectl listing (sim/queue_overview_scope.h).
#include "cli/live/live_source.h"
#include "cli/load.h"
#include "cli/policy_flag.h"
#include "cli/scope_flags.h"
#include "cli/verbs.h"
#include "report/assumptions_render.h"
#include "report/inspect_render.h"
#include "report/topology_render.h"
#include "sim/assumptions.h"
#include "sim/purpose_usage.h"
#include "sim/queue_overview.h"
#include "sim/queue_overview_scope.h"
#include "sim/tas/tas_overview.h"

#include <iostream>
#include <map>

namespace kg::cli {

namespace {

struct InspectFlags {
    std::vector<std::string> positionals, paths;
    std::string output = "text", policy;
    ScopeFlags scope;
    LiveFlags live;
};

// Kueue's resource names, their plurals and the short names Kueue's kubectl plugin registers.
const std::map<std::string, sim::OverviewKind>& kind_words() {
    static const std::map<std::string, sim::OverviewKind> k{
        {"clusterqueue", sim::OverviewKind::cluster_queue}, {"clusterqueues", sim::OverviewKind::cluster_queue},
        {"cq", sim::OverviewKind::cluster_queue},           {"cohort", sim::OverviewKind::cohort},
        {"cohorts", sim::OverviewKind::cohort},             {"localqueue", sim::OverviewKind::local_queue},
        {"localqueues", sim::OverviewKind::local_queue},    {"lq", sim::OverviewKind::local_queue},
    };
    return k;
}

/// Splits the positionals into KIND [NAME] (also KIND/NAME, as kubectl takes it) and paths: a
/// first positional that is a kind word is the kind, the one after it the name.
void split_positionals(InspectFlags& fl, sim::OverviewScope& scope) {
    std::vector<std::string> rest = fl.positionals;
    if (!rest.empty()) {
        std::string first = rest.front(), name;
        if (std::size_t slash = first.find('/'); slash != std::string::npos && kind_words().count(first.substr(0, slash))) {
            name = first.substr(slash + 1);
            first = first.substr(0, slash);
        }
        if (auto it = kind_words().find(first); it != kind_words().end()) {
            scope.kind = it->second;
            rest.erase(rest.begin());
            if (name.empty() && !rest.empty()) {
                name = rest.front();
                rest.erase(rest.begin());
            }
            scope.name = name;
        }
    }
    fl.paths.insert(fl.paths.end(), rest.begin(), rest.end());
}

/// `inspect topology [NAME]` (also topologies, topology/NAME): the TAS domain trees. Takes the
/// kind and name off the positionals; false when the first positional is not that kind.
bool take_topology(InspectFlags& fl, std::optional<std::string>& name) {
    if (fl.positionals.empty()) return false;
    std::string first = fl.positionals.front();
    std::string slash_name;
    if (auto slash = first.find('/'); slash != std::string::npos) {
        slash_name = first.substr(slash + 1);
        first = first.substr(0, slash);
    }
    if (first != "topology" && first != "topologies") return false;
    fl.positionals.erase(fl.positionals.begin());
    name = slash_name;
    if (slash_name.empty() && !fl.positionals.empty()) {
        name = fl.positionals.front();
        fl.positionals.erase(fl.positionals.begin());
    }
    return true;
}

int run_topology(InspectFlags& fl, const std::string& name) {
    if (!fl.scope.namespace_.empty() || !fl.scope.selector.empty()) {
        std::cerr << "kueuegov: error: -n and -l do not apply to topology (Topology is cluster-scoped and "
                     "selected by NAME)\n";
        return k_exit_usage;
    }
    fl.paths.insert(fl.paths.end(), fl.positionals.begin(), fl.positionals.end());
    LoadedInput in;
    // Live: the kinds simulate reads, Topologies, Nodes and Pods among them.
    if (!load_sources(fl.paths, fl.live, LiveVerb::simulate, "inspect", in)) {
        return k_exit_usage;
    }
    std::vector<sim::TopologyOverview> all = sim::topology_overview(in.cluster);
    if (!name.empty()) {
        std::erase_if(all, [&](const sim::TopologyOverview& t) { return t.name != name; });
        if (all.empty()) {
            std::cerr << "kueuegov: error: topology \"" << name << "\" not found in the inputs\n";
            return k_exit_usage;
        }
    }
    if (fl.output == "name") {
        report::render_topology_names(std::cout, all);
    } else {
        report::render_topologies(std::cout, all,
                                  fl.output == "json"   ? report::InspectFormat::json
                                  : fl.output == "yaml" ? report::InspectFormat::yaml
                                  : fl.output == "wide" ? report::InspectFormat::wide
                                                        : report::InspectFormat::text);
    }
    return in.diags.error_count() ? k_exit_usage : k_exit_ok;
}

int run(InspectFlags& fl) {
    if (std::optional<std::string> name; take_topology(fl, name)) return run_topology(fl, *name);
    sim::OverviewScope scope;
    split_positionals(fl, scope);
    scope.namespace_ = fl.scope.namespace_;
    if (!parse_scope_selector(fl.scope, scope.selector)) {
        return k_exit_usage;
    }
    LoadedInput in;
    if (!load_sources(fl.paths, fl.live, LiveVerb::inspect, "inspect", in)) {
        return k_exit_usage;
    }
    model::GovernancePolicy policy;
    if (!load_policy_flag(fl.policy, in.cluster.files, policy)) {
        return k_exit_usage;
    }
    report::render_assumptions(std::cerr, "inspect", sim::missing_references(in.cluster));
    auto topo = sim::scope_overview(sim::build_queue_overview(in.cluster), scope);
    if (!topo) {
        std::cerr << "kueuegov: error: " << topo.error().message << "\n";
        return k_exit_usage;
    }
    if (fl.output == "name") {
        const bool all = scope.kind == sim::OverviewKind::all;
        report::render_inspect_names(std::cout, *topo,
                                     {all || scope.kind == sim::OverviewKind::cohort,
                                      all || scope.kind == sim::OverviewKind::cluster_queue,
                                      all || scope.kind == sim::OverviewKind::local_queue});
    } else {
        report::InspectFormat f = fl.output == "json"   ? report::InspectFormat::json
                                  : fl.output == "yaml" ? report::InspectFormat::yaml
                                  : fl.output == "wide" ? report::InspectFormat::wide
                                                        : report::InspectFormat::text;
        // Usage per purpose covers every workload of the inputs: -n, -l and KIND narrow the tree only.
        const std::vector<sim::PurposeUsage> purposes = sim::purpose_usage(in.cluster, policy.purposes);
        report::render_inspect(std::cout, in.cluster, *topo, f, policy.purposes.empty() ? nullptr : &purposes);
    }
    return in.diags.error_count() ? k_exit_usage : k_exit_ok;
}

}  // namespace

Verb inspect_verb() {
    return {"inspect", "Show the queue topology: cohorts, ClusterQueues, quotas, LocalQueues, usage",
            [](CLI::App& cmd) -> VerbAction {
                auto fl = std::make_shared<InspectFlags>();
                cmd.add_option("-f,--filename", fl->paths,
                               "Manifest or export to read: a file, a directory (recursive: .yaml, .yml, .json) or - "
                               "for stdin. Repeatable");
                cmd.add_option("args", fl->positionals,
                               "[KIND [NAME]] then more paths, as with -f. KIND: clusterqueue (cq), cohort, "
                               "localqueue (lq), topology, singular or plural; KIND/NAME works too");
                add_input_limit_flags(cmd);
                add_scope_flags(cmd, fl->scope);
                add_live_flags(cmd, fl->live);
                cmd.add_option("--policy", fl->policy,
                               "Governance policy file: its purposes: section adds usage per purpose");
                cmd.add_option("-o,--output", fl->output, "Output format: text, wide, json, yaml or name")
                    ->check(CLI::IsMember({"text", "wide", "json", "yaml", "name"}));
                cmd.footer("Examples:\n"
                           "  kueuegov inspect -f queues/                 # a directory of manifests\n"
                           "  kueuegov inspect clusterqueue team-a -f queues/\n"
                           "  kueuegov inspect cohort gpu-pool -f queues/ -o json\n"
                           "  kueuegov inspect localqueue -n team-a -f queues/ -o name\n"
                           "  kueuegov inspect topology gpu-topo -f state.yaml  # TAS domains: used/capacity\n"
                           "  kueuegov inspect -l tier=gpu -n team-a -f queues/\n"
                           "  kueuegov inspect -f state.yaml --policy policy.yaml  # usage per purpose too\n"
                           "  eval \"$(kueuegov export-command)\" && kueuegov inspect -f state.yaml -o wide\n"
                           "  kueuegov inspect --live -n team-a             # through kubectl, current context\n"
                           "  kubectl kueuegov inspect cq team-a --context prod\n"
                           "-n keeps the LocalQueues of that namespace and the ClusterQueues they feed; -l selects\n"
                           "ClusterQueues (or the objects of KIND) by label. Exit status: 0 ok; 2 usage error,\n"
                           "unreadable or invalid input, or a KIND NAME the inputs do not hold.");
                return [fl] { return run(*fl); };
            }};
}

}  // namespace kg::cli
