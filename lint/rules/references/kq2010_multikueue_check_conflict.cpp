// AdmissionCheck combinations Kueue accepts but then keeps the ClusterQueue inactive
// for: more than one MultiKueue check, a MultiKueue check limited to some flavors
// (onFlavors), or MultiKueue together with ProvisioningRequest checks.
// Kueue: pkg/cache/scheduler/clusterqueue.go inactiveReason
// (MultipleMultiKueueAdmissionChecks, MultiKueueAdmissionCheckAppliedPerFlavor,
// MultiKueueWithProvisioningRequest).
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq2010{"KQ2010", "multikueue-check-conflict", Severity::error,
                        "A ClusterQueue combines MultiKueue admission checks in a way that keeps it inactive",
                        "Use one MultiKueue AdmissionCheck for all flavors, and keep ProvisioningRequest checks on "
                        "the worker clusters."};

namespace {

constexpr std::string_view k_multikueue = "kueue.x-k8s.io/multikueue";
constexpr std::string_view k_provisioning = "kueue.x-k8s.io/provisioning-request";

std::string join(const std::vector<std::string>& v) {
    std::string out;
    for (const std::string& s : v) {
        out += (out.empty() ? "" : ",") + s;
    }
    return out;
}

}  // namespace

void check_kq2010(const RuleContext& cx, FindingSink& out) {
    for (const model::ClusterQueue& cq : cx.cluster.cluster_queues) {
        std::vector<std::string> multikueue, per_flavor, provisioning;
        std::size_t first_mk = 0, first_pf = 0;
        for (std::size_t i = 0; i < cq.admission_checks.size(); ++i) {
            const auto& rule = cq.admission_checks[i];
            const model::AdmissionCheck* ac = cx.cluster.find_admission_check(*rule.name);
            if (!ac) {
                continue;  // KQ2005
            }
            if (ac->controller_name == k_multikueue) {
                if (multikueue.empty()) first_mk = i;
                multikueue.push_back(*rule.name);
                if (!rule.on_flavors.empty()) {
                    if (per_flavor.empty()) first_pf = i;
                    per_flavor.push_back(*rule.name);
                }
            } else if (ac->controller_name == k_provisioning) {
                provisioning.push_back(*rule.name);
            }
        }
        auto report = [&](std::size_t i, const std::string& msg, const char* reason) {
            out.report(k_kq2010, or_doc(cq.admission_checks[i].name.pos, cq.meta),
                       "spec.admissionChecksStrategy.admissionChecks[" + std::to_string(i) + "]",
                       ref("ClusterQueue", cq.meta),
                       "ClusterQueue \"" + *cq.meta.name + "\" stays inactive (" + reason + "): " + msg);
        };
        if (multikueue.size() > 1) {
            report(first_mk, "Cannot use multiple MultiKueue AdmissionChecks on the same ClusterQueue, found: " +
                                 join(multikueue), "MultipleMultiKueueAdmissionChecks");
        }
        if (!per_flavor.empty()) {
            report(first_pf, "Cannot specify MultiKueue AdmissionCheck per flavor, found: " + join(per_flavor),
                   "MultiKueueAdmissionCheckAppliedPerFlavor");
        }
        if (!multikueue.empty() && !provisioning.empty()) {
            report(first_mk, "Cannot use both MultiKueue and ProvisioningRequest AdmissionChecks together, found: " +
                                 join(multikueue) + ", " + join(provisioning), "MultiKueueWithProvisioningRequest");
        }
    }
}

}  // namespace kg::lint::rules
