// The replay's Scheduler backed by the simulator's CycleRunner: the same queues,
// flavor assignment, preemption and requeueing as `kueuegov simulate`, driven by
// virtual time instead of an export's timestamps.
#pragma once

#include "sim/scheduler.h"
#include "sim/replay/replay.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace kg::sim::replay {

class SimScheduler : public Scheduler {
public:
    /// `cluster` holds the queues (and any workloads already running); it must outlive this.
    SimScheduler(const model::Cluster& cluster, bool fair_sharing);

    void add(const Arrival& a, std::size_t row, const std::string& key) override;
    void finish(std::size_t row, const std::string& key) override;
    CycleResult run_cycle(std::int64_t now_ms) override;
    std::map<std::string, Usage> nominal_quota() const override;
    /// The replay writes a pending step only when a message changes: list only those.
    void report_pending(bool on) override {
        m_runner.set_report_pending(on ? CycleRunner::PendingReport::changed : CycleRunner::PendingReport::none);
    }

    void defer_requeues(bool on) override { m_runner.set_deferred_requeue(on); }
    void record_steps(bool on) override { m_record = on; }
    std::string requeue_tree_of(const std::string& cq) const override { return m_runner.tree_of(cq); }
    bool requeue_tree(const std::string& tree) override { return m_runner.requeue_tree(tree); }

private:
    const model::Cluster& m_cluster;
    CycleRunner m_runner;
    /// make_workload_info of each arrival's shared base (Arrival::base; a generator has one per
    /// workload template and ClusterQueue), with the base held so its address names it.
    struct Base {
        std::shared_ptr<const model::Workload> workload;
        WorkloadInfo info;
        const std::string* shape = nullptr;  ///< the runner's shape_of(info), the arrivals' too
    };
    std::unordered_map<const model::Workload*, Base> m_bases;
    /// model::pod_set_totals of a pod set of a base (alive in m_bases) at a count.
    std::map<std::pair<const model::PodSet*, std::int32_t>, model::ResourceAmounts> m_pod_set_totals;
    bool m_record = true;  ///< Admitted::pod_sets wanted (record_steps)
    /// The runner's number of each arrival's workload by row, and the row of each number (the
    /// latest arrival added with that key; none for the manifests' workloads): admissions and
    /// finishes pass between the two without looking a key up.
    static constexpr std::uint32_t k_none = UINT32_MAX;
    std::vector<WorkloadIds::Id> m_id_of_row;
    std::vector<std::uint32_t> m_row_of_id;
    /// Whether `wl` is one of the cluster's own Workloads (not an arrival's).
    bool from_manifests(const model::Workload* wl) const;
};

}  // namespace kg::sim::replay
