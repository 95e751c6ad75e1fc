// TAS usage per topology domain: what admitted workloads hold on each flavor's leaves, kept
// beside the quota snapshot and rolled back with it at the end of a cycle.
// Kueue: pkg/cache/scheduler/tas_flavor.go (addUsage, removeUsage, updateUsage),
// snapshot.go (snapshotTopologyDomainUsages: with TASHandleOverlappingFlavors, flavors whose
// lowest level is the hostname share usage by host), pkg/workload/workload.go (TASUsage,
// totalRequestsFromAdmission: per-pod requests come from the pod spec).
#pragma once
#include "sim/tas/tas_placement.h"

#include <memory>
#include <unordered_map>

namespace kg::sim::tas {

struct DomainRequest {
    std::string flavor;
    std::string domain;  ///< leaf domain id
    ResourceAmounts amounts;  ///< with `pods`
};

class TasState {
public:
    TasState() = default;
    explicit TasState(const model::Cluster& cl);

    bool empty() const { return !m_flavors || m_flavors->empty(); }
    const TasFlavor* flavor(const std::string& name) const;

    /// The usage the flavor's snapshot starts from. A reference into this state, valid until
    /// the next add, remove or rollback.
    const DomainUsage& usage_for(const TasFlavor& f) const;
    /// The same per leaf, in the flavor's dense form (what placements read).
    const LeafUsage& leaf_usage(const TasFlavor& f) const;

    void add(const std::string& key, const std::vector<DomainRequest>& u);
    /// What `key` holds now (empty when nothing).
    std::vector<DomainRequest> held(const std::string& key) const;
    /// The workloads holding TAS usage.
    std::vector<std::string> holders() const;
    void remove(const std::string& key);

    /// Cycle scratch: everything added or removed after begin() is undone by rollback().
    void begin();
    void rollback();

private:
    /// Static per run; shared by copies (a preemption check works on a copy of the usage).
    std::shared_ptr<const std::map<std::string, TasFlavor>> m_flavors;
    /// What every placement reads; copied once per cycle (begin) and restored by rollback.
    struct Usage {
        std::map<std::string, DomainUsage> by_flavor;  ///< flavor -> domain -> amounts
        /// The sum over the flavors whose lowest level is the hostname, kept as usage is
        /// added and removed: those flavors read it (usage_for) once per pod set placed and
        /// per fits check, so summing it there cost a copy of every domain each time.
        DomainUsage hostname;
        /// flavor -> usage_for(flavor) per leaf, kept in step with the two above.
        std::map<std::string, LeafUsage> leaves;
        std::unordered_map<std::string, std::vector<DomainRequest>> by_key;
    };
    Usage m_now;
    std::optional<Usage> m_saved;
    void apply(const std::vector<DomainRequest>& u, std::int64_t sign);
};

/// One pod of a pod set as TAS counts it: the pod spec's requests (NewRequestsFromPodSpec).
ResourceAmounts single_pod_requests(const model::PodSet& ps);

/// The TAS usage of an assignment of pod set `ps` on its TAS flavors.
std::vector<DomainRequest> usage_of(const TasState& st, const model::PodSet& ps,
                                    const std::map<std::string, std::string>& flavors,
                                    const model::TopologyAssignment& ta);

/// The TAS usage an admitted workload holds (status.admission topology assignments).
std::vector<DomainRequest> admitted_usage(const TasState& st, const model::Workload& wl);

}  // namespace kg::sim::tas
