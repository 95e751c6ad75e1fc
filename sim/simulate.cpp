// Scheduling cycles: kueue-admission.md §4 (queues), §5.1 (pipeline), R5.2.1
// (inadmissible heads), R5.6 (partial admission), R5.8/R8.3 (order), R5.9 (processing
// and in-cycle accounting), R5.10-R5.12 (requeue, admission checks, between cycles).
// Kueue: pkg/scheduler/scheduler.go, pkg/cache/queue/{manager,cluster_queue}.go.
#include "sim/simulate.h"

#include "sim/scheduler.h"
#include "sim/snapshot_build.h"
#include "sim/workload_info.h"

#include "model/jobs/workload_for_job.h"

#include <algorithm>
#include <set>
#include <string_view>
#include <tuple>

namespace kg::sim {

namespace {

bool is_finished_or_inactive(const model::Workload& wl) { return !wl.active || wl.condition_true("Finished"); }

std::string existing_message(const model::Workload& wl) {
    if (const auto* c = wl.condition("QuotaReserved"); c && c->status != model::ConditionStatus::true_)
        return c->message;
    return "";
}

enum class Reserving { load, skip };

// The initial state (R1.5.3/R1.5.4): reserving workloads hold quota (unless skipped), the rest
// queue. `from_jobs` must outlive the runner. Returns the keys of the queued workloads.
std::vector<std::string> load_state(CycleRunner& runner, const model::Cluster& cl,
                                    const std::vector<model::Workload>& from_jobs, const SimOptions& opt,
                                    Reserving reserving = Reserving::load) {
    model::Timestamp now = 0;
    for (const auto& wl : cl.workloads) {
        if (wl.meta.creation_timestamp) now = std::max(now, *wl.meta.creation_timestamp);
        for (const auto& c : wl.conditions)
            if (c.last_transition_time) now = std::max(now, *c.last_transition_time);
    }
    if (opt.now) now = *opt.now;
    runner.set_now(now);
    runner.set_recorder(opt.recorder);
    std::vector<const model::Workload*> all;
    for (const auto& wl : cl.workloads) all.push_back(&wl);
    for (const auto& wl : from_jobs) all.push_back(&wl);
    std::vector<std::string> pending;
    for (const model::Workload* p : all) {
        const model::Workload& wl = *p;
        if (is_finished_or_inactive(wl)) continue;
        WorkloadInfo info = make_workload_info(cl, wl);
        if (info.reserving) {
            if (reserving == Reserving::load) runner.add_reserving(std::move(info));
        } else {
            pending.push_back(info.key);
            runner.add_pending(std::move(info), existing_message(wl));
        }
    }
    return pending;
}

bool fair_sharing_on(const model::Cluster& cl, const SimOptions& opt) {
    return opt.fair_sharing || (cl.kueue_config && cl.kueue_config->fair_sharing);
}

}  // namespace

// The Workloads Kueue's job framework would create for managed Jobs that have none yet
// (pkg/controller/jobframework/reconciler.go), so manifests of Jobs can be simulated directly.
std::vector<model::Workload> workloads_for_jobs(const model::Cluster& cl) {
    std::vector<model::Workload> out;
    bool manage_all = cl.kueue_config && cl.kueue_config->manage_jobs_without_queue_name;
    // The owners of the loaded Workloads, indexed once: an export of workloads and jobs holds
    // tens of thousands of each, and a scan of every Workload per Job is quadratic.
    std::set<std::tuple<std::string_view, std::string_view, std::string_view>> owners;  // namespace, kind, name
    for (const auto& wl : cl.workloads)
        for (const auto& [kind, name] : wl.meta.owner_refs) owners.emplace(*wl.meta.namespace_, kind, name);
    for (const auto& job : cl.jobs) {
        if (!job.has_queue_name && !manage_all) continue;
        if (owners.count({*job.meta.namespace_, job.meta.kind, *job.meta.name})) continue;
        for (auto& wl : model::jobs::workloads_for_job(job, cl))
            if (!cl.find_workload(*wl.meta.namespace_, *wl.meta.name)) out.push_back(std::move(wl));
    }
    return out;
}

sim::SimulationResult simulate(const model::Cluster& cl, const SimOptions& opt) {
    const std::vector<model::Workload> from_jobs = workloads_for_jobs(cl);  // outlives the runner
    CycleRunner runner(cl, fair_sharing_on(cl, opt));
    load_state(runner, cl, from_jobs, opt);
    sim::SimulationResult result;
    std::size_t limit = opt.until_stable ? opt.max_cycles : opt.cycles;
    for (std::size_t i = 0; i < limit; ++i) {
        sim::CycleDecisions d;
        bool changed = runner.run_cycle(d);
        result.cycles.push_back(std::move(d));
        bool released = runner.between_cycles();
        // A cycle that admits nothing is not yet stable when its heads went inadmissible:
        // Kueue's next cycle tries the workloads behind them (BestEffortFIFO, R4.4), which may
        // fit. Stable is when the next cycle would try the same heads again (a StrictFIFO head
        // that still does not fit) or none at all.
        if (opt.until_stable && !changed && !released && !runner.next_heads_differ()) break;
    }
    return result;
}

std::optional<HeadRecord> nominate_as_head(const model::Cluster& cl, const SimOptions& opt, const std::string& key) {
    const std::vector<model::Workload> from_jobs = workloads_for_jobs(cl);
    CycleRunner runner(cl, fair_sharing_on(cl, opt));
    load_state(runner, cl, from_jobs, opt);
    return runner.nominate_alone(key);
}

std::vector<HeadRecord> nominate_on_idle_cluster(const model::Cluster& cl, const SimOptions& opt) {
    const std::vector<model::Workload> from_jobs = workloads_for_jobs(cl);
    CycleRunner runner(cl, fair_sharing_on(cl, opt));
    std::vector<std::string> keys = load_state(runner, cl, from_jobs, opt, Reserving::skip);
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    std::vector<HeadRecord> out;
    out.reserve(keys.size());
    for (const std::string& key : keys)
        if (auto r = runner.nominate_alone(key)) out.push_back(std::move(*r));
    return out;
}

}  // namespace kg::sim
