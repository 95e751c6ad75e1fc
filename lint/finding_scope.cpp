// Which findings a scoped lint run reports (finding_scope.h).
#include "lint/finding_scope.h"

namespace kg::lint {

FindingScoper::FindingScoper(const model::Cluster& cluster, const FindingScope& scope)
    : m_scope(scope) {
    if (!scope.selector) {
        return;  // only -l reads labels
    }
    cluster.for_each_object([&](const model::ObjectMeta& m, std::string_view kind) {
        // Findings name ClusterRole/ClusterRoleBinding by the kind their meta gives.
        m_meta[{m.kind.empty() ? std::string(kind) : m.kind, *m.namespace_, *m.name}] = &m;
    });
}

bool FindingScoper::in_scope(const model::Finding& f) const {
    if (!m_scope.active() || (f.object.kind.empty() && f.object.name.empty())) {
        return true;
    }
    if (!m_scope.namespace_.empty()) {
        const bool own_namespace = f.object.kind == "Namespace" && f.object.name == m_scope.namespace_;
        if (f.object.namespace_ != m_scope.namespace_ && !own_namespace) {
            return false;
        }
    }
    if (m_scope.selector) {
        // An object the finding names but the input lacks has no labels: only a selector that
        // needs none (e.g. "!legacy") keeps it.
        static const model::Labels none;
        auto it = m_meta.find({f.object.kind, f.object.namespace_, f.object.name});
        return m_scope.selector->matches(it != m_meta.end() ? it->second->labels : none);
    }
    return true;
}

}  // namespace kg::lint
