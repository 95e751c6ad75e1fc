// The CRD's list bounds and the webhook's totals: resourceGroups <= 16; per group
// coveredResources and flavors 1-64; per flavor resources 1-64; for ClusterQueues
// <= 256 flavors, <= 256 covered resources, <= 512 flavor x resource per group;
// admissionChecks <= 64, onFlavors <= 64; WorkloadPriorityClass description <= 2048.
// Kueue: apis/kueue/v1beta2/clusterqueue_types.go markers; clusterqueue_webhook.go
// validateTotalFlavors, validateTotalCoveredResources, validateFlavorResourceCombinations;
// apis/kueue/v1beta2/workloadpriorityclass_types.go (description MaxLength=2048).
#include "lint/rules/validation/quota_groups.h"

namespace kg::lint::rules {

const RuleInfo k_kq1011{"KQ1011", "size-limits",
                        RuleFamily::validation, RuleScope::definition, Severity::error,
                        "A list or text is empty or longer than Kueue's CRD or webhook allows",
                        "Split the queue into several ClusterQueues in one cohort, or merge flavors."};

namespace {

void bound(const QuotaOwner& o, SourcePos pos, const std::string& path, std::size_t n, std::size_t max,
           bool need_one, FindingSink& out) {
    if (need_one && n == 0) {
        out.report(k_kq1011, or_doc(pos, o.meta), path, o.object(),
                   o.invalid() + path + ": Invalid value: 0: " + path + " in body should have at least 1 items");
    } else if (n > max) {
        out.report(k_kq1011, or_doc(pos, o.meta), path, o.object(),
                   o.invalid() + path + ": Too many: " + std::to_string(n) + ": must have at most " +
                       std::to_string(max) + " items");
    }
}

}  // namespace

void check_kq1011(const RuleContext& cx, FindingSink& out) {
    for_each_quota_owner(cx.cluster, [&](const QuotaOwner& o) {
        bound(o, o.groups.empty() ? SourcePos{} : o.groups[0].pos, "spec.resourceGroups", o.groups.size(), 16,
              false, out);
        std::size_t flavors = 0, covered = 0;
        for (std::size_t g = 0; g < o.groups.size(); ++g) {
            const model::ResourceGroup& rg = o.groups[g];
            bound(o, rg.pos, rg_path(g) + ".coveredResources", rg.covered_resources.size(), 64, true, out);
            bound(o, rg.pos, rg_path(g) + ".flavors", rg.flavors.size(), 64, true, out);
            for (std::size_t f = 0; f < rg.flavors.size(); ++f) {
                bound(o, rg.flavors[f].name.pos, flavor_path(g, f) + ".resources", rg.flavors[f].resources.size(),
                      64, true, out);
            }
            flavors += rg.flavors.size();
            covered += rg.covered_resources.size();
            std::size_t combos = rg.flavors.size() * rg.covered_resources.size();
            if (std::string_view(o.kind) == "ClusterQueue" && combos > 512) {
                out.report(k_kq1011, or_doc(rg.pos, o.meta), rg_path(g), o.object(),
                           o.invalid() + rg_path(g) + ": Invalid value: " + std::to_string(combos) +
                               ": number of flavor-resource combinations in a resourceGroup must be ≤ 512, got " +
                               std::to_string(combos));
            }
        }
        if (std::string_view(o.kind) != "ClusterQueue") {
            return;
        }
        SourcePos first = o.groups.empty() ? SourcePos{} : o.groups[0].pos;
        if (flavors > 256) {
            out.report(k_kq1011, or_doc(first, o.meta), "spec.resourceGroups", o.object(),
                       o.invalid() + "spec.resourceGroups: Invalid value: " + std::to_string(flavors) +
                           ": total number of flavors across all resourceGroups must be ≤ 256, got " +
                           std::to_string(flavors));
        }
        if (covered > 256) {
            out.report(k_kq1011, or_doc(first, o.meta), "spec.resourceGroups", o.object(),
                       o.invalid() + "spec.resourceGroups: Invalid value: " + std::to_string(covered) +
                           ": total number of covered resources across all resourceGroups must be ≤ 256, got " +
                           std::to_string(covered));
        }
    });
    for (const model::ClusterQueue& cq : cx.cluster.cluster_queues) {
        QuotaOwner o{"ClusterQueue", cq.meta, cq.resource_groups, false};
        const std::string base = "spec.admissionChecksStrategy.admissionChecks";
        bound(o, cq.admission_checks.empty() ? SourcePos{} : cq.admission_checks[0].name.pos, base,
              cq.admission_checks.size(), 64, false, out);
        for (std::size_t i = 0; i < cq.admission_checks.size(); ++i) {
            bound(o, cq.admission_checks[i].name.pos, base + "[" + std::to_string(i) + "].onFlavors",
                  cq.admission_checks[i].on_flavors.size(), 64, false, out);
        }
    }
    for (const model::WorkloadPriorityClass& w : cx.cluster.workload_priority_classes) {
        if (w.description.size() > 2048) {
            out.report(k_kq1011, or_doc(SourcePos{}, w.meta), "description", ref("WorkloadPriorityClass", w.meta),
                       "WorkloadPriorityClass \"" + *w.meta.name + "\" is invalid: description: Too long: may not be " +
                           "more than 2048 bytes (has " + std::to_string(w.description.size()) + ")");
        }
    }
}

}  // namespace kg::lint::rules
