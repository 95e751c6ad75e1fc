// Names and references the CRD types as DNS-1123 subdomains: metadata.name of Kueue
// objects, cohortName, parentName, flavor names, admission check names, clusterQueue.
// Kueue: apis/kueue/v1beta2/*_types.go (CohortReference, ResourceFlavorReference, ...).
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq1013{"KQ1013", "invalid-object-name",
                        RuleFamily::validation, RuleScope::definition, Severity::error,
                        "A name or reference is not a DNS-1123 subdomain",
                        "Use lower-case letters, digits, '-' and '.', starting and ending with a letter or digit."};

namespace {

void check(const model::Located<std::string>& v, const std::string& path, const char* kind,
           const model::ObjectMeta& m, FindingSink& out) {
    if (v->empty()) {
        return;
    }
    std::string err = dns1123_subdomain_error(*v);
    if (!err.empty()) {
        out.report(k_kq1013, or_doc(v.pos, m), path, ref(kind, m),
                   std::string(kind) + " \"" + *m.name + "\" is invalid: " + path + ": Invalid value: \"" + *v +
                       "\": " + err + (looks_like_placeholder(*v) ? " (an unrendered template placeholder?)" : ""));
    }
}

}  // namespace

void check_kq1013(const RuleContext& cx, FindingSink& out) {
    const model::Cluster& c = cx.cluster;
    for (const auto& o : c.resource_flavors) {
        check(o.meta.name, "metadata.name", "ResourceFlavor", o.meta, out);
    }
    for (const auto& o : c.cluster_queues) {
        check(o.meta.name, "metadata.name", "ClusterQueue", o.meta, out);
        check(o.cohort, "spec.cohortName", "ClusterQueue", o.meta, out);
        for (std::size_t g = 0; g < o.resource_groups.size(); ++g) {
            for (std::size_t f = 0; f < o.resource_groups[g].flavors.size(); ++f) {
                check(o.resource_groups[g].flavors[f].name, flavor_path(g, f) + ".name", "ClusterQueue", o.meta, out);
            }
        }
        for (std::size_t i = 0; i < o.admission_checks.size(); ++i) {
            check(o.admission_checks[i].name,
                  "spec.admissionChecksStrategy.admissionChecks[" + std::to_string(i) + "].name", "ClusterQueue",
                  o.meta, out);
        }
    }
    for (const auto& o : c.cohorts) {
        check(o.meta.name, "metadata.name", "Cohort", o.meta, out);
        check(o.parent_name, "spec.parentName", "Cohort", o.meta, out);
        for (std::size_t g = 0; g < o.resource_groups.size(); ++g) {
            for (std::size_t f = 0; f < o.resource_groups[g].flavors.size(); ++f) {
                check(o.resource_groups[g].flavors[f].name, flavor_path(g, f) + ".name", "Cohort", o.meta, out);
            }
        }
    }
    for (const auto& o : c.local_queues) {
        check(o.meta.name, "metadata.name", "LocalQueue", o.meta, out);
        check(o.cluster_queue, "spec.clusterQueue", "LocalQueue", o.meta, out);
    }
    for (const auto& o : c.workload_priority_classes) {
        check(o.meta.name, "metadata.name", "WorkloadPriorityClass", o.meta, out);
    }
}

}  // namespace kg::lint::rules
