// `kueuegov explain NAMESPACE/NAME`: why a workload (or a Job's workload) is not
// running, or what happened to it, from the exported state.
#include "cli/load.h"
#include "cli/verbs.h"
#include "model/admission_path.h"
#include "report/explain_render.h"
#include "sim/scheduler.h"

#include <iostream>

namespace kg::cli {

namespace {

// Keeps the flavor assigner's numbers for one workload.
class FlavorRecorder : public sim::ExplainRecorder {
public:
    explicit FlavorRecorder(std::string key) : m_key(std::move(key)) {}
    void flavor_fit(const sim::FlavorFitRecord& r) override {
        if (r.workload == m_key) {
            checks.push_back({r.pod_set, r.flavor, r.resource, r.assumed, r.request, r.available, r.potential,
                              r.nominal, r.mode, r.reason});
        }
    }
    std::vector<model::FlavorCheck> checks;

private:
    std::string m_key;
};

// One scheduling cycle over the loaded state, as Kueue would run it next: the flavor
// numbers for this workload and the decision about it.
void simulate_next_cycle(const model::Cluster& cluster, bool fair_sharing, model::AdmissionPath& path) {
    const model::Workload& wl = path.subject();
    if (path.derived || path.state != model::WorkloadState::pending || path.first_problem()) {
        return;  // the simulator sees loaded Workloads; a broken path has no flavor numbers
    }
    std::string key = wl.meta.key();
    FlavorRecorder rec(key);
    sim::SimOptions opt;
    opt.fair_sharing = fair_sharing;
    opt.recorder = &rec;
    sim::SimulationResult result = sim::simulate(cluster, opt);
    path.flavor_checks = std::move(rec.checks);
    model::SimulatedOutcome o;
    o.decision = "not a head this cycle";
    for (const sim::CycleDecisions& c : result.cycles) {
        for (const sim::AdmittedDecision& a : c.admitted) {
            if (a.workload == key) {
                o.decision = a.admitted ? "admitted" : "quota reserved";
                o.cluster_queue = a.cluster_queue;
                o.flavors = a.flavors;
            }
        }
        for (const sim::PreemptedDecision& p : c.preempted) {
            if (p.preemptor == key) {
                o.decision = "preempting";
                o.preempting.emplace_back(p.workload, p.reason);
            }
        }
        for (const sim::PendingDecision& p : c.pending) {
            if (p.workload == key && o.decision != "preempting") {
                o.decision = "pending";
                o.cluster_queue = p.cluster_queue;
                o.message = p.message;
            }
        }
    }
    path.outcome = std::move(o);
}

}  // namespace

Verb explain_verb() {
    return {"explain", "Explain why a workload waits, was preempted or runs: path, queue position, conditions",
            [](CLI::App& cmd) -> VerbAction {
                auto target = std::make_shared<std::string>();
                auto paths = std::make_shared<std::vector<std::string>>();
                auto output = std::make_shared<std::string>("text");
                auto fair_sharing = std::make_shared<bool>(false);
                cmd.add_flag("--fair-sharing", *fair_sharing, "Decide with fair sharing on (Kueue config fairSharing)");
                cmd.add_option("WORKLOAD", *target, "NAMESPACE/NAME of a Workload, or of a Job that Kueue manages")
                    ->required();
                cmd.add_option("-f,--filename", *paths,
                               "Manifests and exports to read (files, directories, - for stdin). Repeatable")
                    ->required();
                cmd.add_option("-o,--output", *output, "Output format: text or json")
                    ->check(CLI::IsMember({"text", "json"}));
                cmd.footer("Example:\n"
                           "  kubectl get clusterqueues,localqueues,resourceflavors,cohorts,workloads,namespaces -A "
                           "-o yaml > state.yaml\n"
                           "  kueuegov explain team-a/job-train-7-3f2a1 -f state.yaml");
                return [target, paths, output, fair_sharing] {
                    std::size_t slash = target->find('/');
                    if (slash == std::string::npos || slash == 0 || slash + 1 == target->size()) {
                        std::cerr << "kueuegov explain: expected NAMESPACE/NAME, found \"" << *target << "\"\n";
                        return k_exit_usage;
                    }
                    LoadedInput in = load_inputs(*paths);
                    if (!in.ok) {
                        return k_exit_usage;
                    }
                    auto path = model::trace_admission_path(in.cluster, target->substr(0, slash),
                                                            target->substr(slash + 1));
                    if (!path) {
                        std::cerr << "kueuegov explain: no Workload or Job named " << *target
                                  << " in the inputs\n";
                        return k_exit_usage;
                    }
                    simulate_next_cycle(in.cluster, *fair_sharing, *path);
                    report::render_explain(std::cout, *path,
                                           *output == "json" ? report::ExplainFormat::json : report::ExplainFormat::text);
                    return k_exit_ok;
                };
            }};
}

}  // namespace kg::cli
