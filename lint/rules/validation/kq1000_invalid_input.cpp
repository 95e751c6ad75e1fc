// Input problems (bad YAML, unrendered placeholders such as ${GPU_COUNT} where a
// quantity or name must be, unknown enum values) and malformed kueuegov.io/ignore
// annotations, as findings so every output format shows them with positions.
#include "lint/rules/helpers.h"
#include "lint/suppression.h"

namespace kg::lint::rules {

const RuleInfo k_kq1000{"KQ1000", "invalid-input",
                        RuleFamily::validation, RuleScope::definition, Severity::error,
                        "The input cannot be read as the Kubernetes object it claims to be",
                        "Fix the value at the position shown, or render templates before linting."};

namespace {

void check_ignore(const model::ObjectMeta& m, const char* kind, FindingSink& out) {
    auto it = m.annotations.find(std::string(k_ignore_annotation));
    if (it == m.annotations.end()) {
        return;
    }
    auto pos = m.annotation_pos.find(it->first);
    for (const IgnoreClause& c : parse_ignore(it->second)) {
        if (!c.error.empty()) {
            out.report(k_kq1000, or_doc(pos == m.annotation_pos.end() ? SourcePos{} : pos->second, m),
                       "metadata.annotations[kueuegov.io/ignore]", ref(kind, m),
                       std::string(kind) + " \"" + *m.name + "\": kueuegov.io/ignore: " + c.error);
        }
    }
}

}  // namespace

void check_kq1000(const RuleContext& cx, FindingSink& out) {
    for (const model::Diagnostic& d : cx.input_diags) {
        if (d.severity == Severity::error) {
            out.report(k_kq1000, d.pos, "", {}, d.message);
        }
    }
    const model::Cluster& c = cx.cluster;
    for (const auto& o : c.resource_flavors) check_ignore(o.meta, "ResourceFlavor", out);
    for (const auto& o : c.cluster_queues) check_ignore(o.meta, "ClusterQueue", out);
    for (const auto& o : c.cohorts) check_ignore(o.meta, "Cohort", out);
    for (const auto& o : c.local_queues) check_ignore(o.meta, "LocalQueue", out);
    for (const auto& o : c.workloads) check_ignore(o.meta, "Workload", out);
    for (const auto& o : c.workload_priority_classes) check_ignore(o.meta, "WorkloadPriorityClass", out);
    for (const auto& o : c.admission_checks) check_ignore(o.meta, "AdmissionCheck", out);
    for (const auto& o : c.namespaces) check_ignore(o.meta, "Namespace", out);
    for (const auto& o : c.nodes) check_ignore(o.meta, "Node", out);
    for (const auto& o : c.jobs) check_ignore(o.meta, o.meta.kind.c_str(), out);
}

}  // namespace kg::lint::rules
