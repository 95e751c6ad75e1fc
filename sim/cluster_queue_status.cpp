// R3.1.1-R3.1.3. Kueue: pkg/cache/scheduler/clusterqueue.go (updateQueueStatus, inactiveReason,
// isTASViolated).
#include "sim/cluster_queue_status.h"

#include "sim/hierarchy.h"
#include "sim/tas/tas_messages.h"

#include <map>
#include <set>
#include <string_view>

namespace kg::sim {

namespace {

constexpr std::string_view k_multikueue = "kueue.x-k8s.io/multikueue";
constexpr std::string_view k_provisioning = "kueue.x-k8s.io/provisioning-request";

template <class Names>
std::string join(const Names& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ",") + n;
    return out;
}

// Admission check combinations Kueue accepts at the API but keeps the queue pending for.
void multikueue_parts(const model::Cluster& cluster, const model::ClusterQueue& cq, ClusterQueueStatus& s) {
    std::vector<std::string> multikueue, per_flavor, provisioning;
    int first_mk = -1, first_pf = -1;
    for (std::size_t i = 0; i < cq.admission_checks.size(); ++i) {
        const model::AdmissionCheckStrategyRule& rule = cq.admission_checks[i];
        const model::AdmissionCheck* ac = cluster.find_admission_check(*rule.name);
        if (!ac) continue;
        if (ac->controller_name == k_multikueue) {
            if (multikueue.empty()) first_mk = static_cast<int>(i);
            multikueue.push_back(*rule.name);
            if (!rule.on_flavors.empty()) {
                if (per_flavor.empty()) first_pf = static_cast<int>(i);
                per_flavor.push_back(*rule.name);
            }
        } else if (ac->controller_name == k_provisioning) {
            provisioning.push_back(*rule.name);
        }
    }
    if (multikueue.size() > 1)
        s.parts.push_back({"MultipleMultiKueueAdmissionChecks",
                           "Cannot use multiple MultiKueue AdmissionChecks on the same ClusterQueue, found: " +
                               join(multikueue),
                           first_mk});
    if (!per_flavor.empty())
        s.parts.push_back({"MultiKueueAdmissionCheckAppliedPerFlavor",
                           "Cannot specify MultiKueue AdmissionCheck per flavor, found: " + join(per_flavor), first_pf});
    if (!multikueue.empty() && !provisioning.empty())
        s.parts.push_back({"MultiKueueWithProvisioningRequest",
                           "Cannot use both MultiKueue and ProvisioningRequest AdmissionChecks together, found: " +
                               join(multikueue) + ", " + join(provisioning),
                           first_mk});
}

// TopologyNotFound: a TAS flavor (spec.topologyName set) whose Topology does not exist has no
// TAS cache entry (tas_cache.go AddOrUpdateFlavor, AddTopology), so isTASInitialized is false.
// isTASViolated ignores it when the queue has a MultiKueue check (topology is placed on the
// worker clusters), yet inactiveReason still lists it when the queue is pending for another
// reason. Kueue ranges over a map of flavors; the parts here are sorted by flavor name.
void topology_parts(const model::Cluster& cluster, const model::ClusterQueue& cq, ClusterQueueStatus& s) {
    std::map<std::string, std::string> missing;  // flavor -> topology
    for (const model::ResourceGroup& rg : cq.resource_groups)
        for (const model::FlavorQuotas& fq : rg.flavors) {
            const model::ResourceFlavor* rf = cluster.find_resource_flavor(*fq.name);
            if (rf && !rf->topology_name.empty() && !cluster.find_topology(rf->topology_name))
                missing.emplace(*fq.name, rf->topology_name);
        }
    if (missing.empty()) return;
    bool multikueue = false;
    for (const model::AdmissionCheckStrategyRule& r : cq.admission_checks) {
        const model::AdmissionCheck* ac = cluster.find_admission_check(*r.name);
        multikueue = multikueue || (ac && ac->controller_name == k_multikueue);
    }
    if (multikueue && s.parts.empty()) return;
    for (const auto& [flavor, topology] : missing)
        s.parts.push_back({"TopologyNotFound", "there is no Topology " + tas::go_quote(topology) + " for TAS flavor " +
                                                   tas::go_quote(flavor)});
}

}  // namespace

const std::string& ClusterQueueStatus::reason() const {
    static const std::string k_ready = "Ready";
    return parts.empty() ? k_ready : parts.front().reason;
}

std::string ClusterQueueStatus::joined() const {
    std::string out;
    for (const InactivePart& p : parts) out += (out.empty() ? "" : ", ") + p.message;
    return out;
}

std::string ClusterQueueStatus::message() const {
    return parts.empty() ? "Can admit new workloads" : "Can't admit new workloads: " + joined() + ".";
}

ClusterQueueStatus cluster_queue_status(const model::Cluster& cluster, const model::ClusterQueue& cq) {
    ClusterQueueStatus s;
    if (*cq.stop_policy != model::StopPolicy::none) s.parts.push_back({"Stopped", "is stopped"});
    std::set<std::string> missing_flavors, missing_checks, inactive_checks;
    for (const model::ResourceGroup& rg : cq.resource_groups)
        for (const model::FlavorQuotas& fq : rg.flavors)
            if (!cluster.find_resource_flavor(*fq.name)) missing_flavors.insert(*fq.name);
    for (const model::AdmissionCheckStrategyRule& r : cq.admission_checks) {
        const model::AdmissionCheck* ac = cluster.find_admission_check(*r.name);
        if (!ac) {
            missing_checks.insert(*r.name);
        } else if (ac->active != true) {
            inactive_checks.insert(*r.name);
        }
    }
    if (!missing_flavors.empty())
        s.parts.push_back({"FlavorNotFound", "references missing ResourceFlavor(s): " + join(missing_flavors)});
    if (!missing_checks.empty())
        s.parts.push_back({"AdmissionCheckNotFound", "references missing AdmissionCheck(s): " + join(missing_checks)});
    if (!inactive_checks.empty())
        s.parts.push_back({"AdmissionCheckInactive", "references inactive AdmissionCheck(s): " + join(inactive_checks)});
    multikueue_parts(cluster, cq, s);
    topology_parts(cluster, cq, s);
    return s;
}

ClusterQueueStatus cluster_queue_status(const model::Cluster& cluster, const CohortHierarchy& hierarchy,
                                        const model::ClusterQueue& cq) {
    ClusterQueueStatus s = cluster_queue_status(cluster, cq);
    s.cohort_cycle = !cq.cohort->empty() && hierarchy.in_cycle(*cq.cohort);
    return s;
}

}  // namespace kg::sim
