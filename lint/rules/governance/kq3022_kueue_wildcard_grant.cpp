// Flags a Role or ClusterRole rule that grants a wildcard over Kueue's API: resources "*" in
// the kueue.x-k8s.io group (or in every group), or verbs "*" on kueue.x-k8s.io, with a verb
// that writes. Such a rule silently covers every Kueue kind and subresource, including ones a
// later Kueue release adds (workloads/status, a new policy kind). Kubernetes' bootstrap roles
// (cluster-admin) are left to KQ3020, which says who holds them.
// Kueue: config/components/rbac (each shipped role names its resources).
#include "lint/rules/governance/rbac_subjects.h"
#include "lint/rules/helpers.h"

#include <algorithm>

namespace kg::lint::rules {

const RuleInfo k_kq3022{"KQ3022", "kueue-wildcard-grant",
                        RuleFamily::governance, RuleScope::applied, Severity::warning,
                        "A role grants a wildcard over Kueue's API",
                        "List the Kueue resources and verbs the role needs, or bind Kueue's own roles "
                        "(kueue-batch-admin-role, kueue-batch-user-role).",
                        /*defers=*/false, /*security=*/true};

namespace {

bool has(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

bool writes(const model::PolicyRule& r) {
    return std::any_of(r.verbs.begin(), r.verbs.end(), [](const std::string& v) {
        return v == "*" || v == "create" || v == "update" || v == "patch" || v == "delete" || v == "deletecollection";
    });
}

}  // namespace

void check_kq3022(const RuleContext& cx, FindingSink& out) {
    for (const model::Role& role : cx.cluster.roles) {
        auto boot = role.meta.labels.find("kubernetes.io/bootstrapping");
        if (boot != role.meta.labels.end() && boot->second == "rbac-defaults") {
            continue;
        }
        for (const model::PolicyRule& r : role.rules) {
            const bool kueue_group = has(r.api_groups, "kueue.x-k8s.io");
            const bool every_group = has(r.api_groups, "*");
            const bool all_resources = has(r.resources, "*");
            std::string what;
            if ((kueue_group || every_group) && all_resources) {
                what = std::string("resources \"*\" in ") + (kueue_group ? "kueue.x-k8s.io" : "every API group");
            } else if (kueue_group && has(r.verbs, "*")) {
                what = "verbs \"*\" on kueue.x-k8s.io";
            }
            if (what.empty() || !writes(r)) {
                continue;
            }
            out.report(k_kq3022, or_doc(r.pos, role.meta), "rules", ref(role.cluster ? "ClusterRole" : "Role", role.meta),
                       std::string(role.cluster ? "ClusterRole" : "Role") + " \"" + role.meta.key() + "\" grants " +
                           what + ": it covers every Kueue kind and subresource, workloads/status and those of later "
                           "Kueue releases included");
        }
    }
}

}  // namespace kg::lint::rules
