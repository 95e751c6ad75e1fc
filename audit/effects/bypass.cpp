#include "audit/effects/bypass.h"

#include <algorithm>
#include <set>

namespace kg::audit::effects {

std::vector<BypassJob> bypass_jobs_from_findings(const std::vector<model::Finding>& findings) {
    std::vector<BypassJob> out;
    std::set<std::string> seen;
    for (const model::Finding& f : findings) {
        if (f.rule != "KQ3002" && f.rule != "KQ3005" && f.rule != "KQ5002") continue;
        // One Job can be named by two rules (no queue label, and an accelerator request).
        if (!seen.insert(f.object.kind + "/" + f.object.namespace_ + "/" + f.object.name).second) continue;
        out.push_back({f.object.kind, f.object.namespace_, f.object.name, {}});
    }
    return out;
}

void add_serving_queues(std::vector<BypassJob>& jobs, const model::Cluster& c) {
    for (BypassJob& j : jobs) {
        std::set<std::string> serving;
        for (const auto& lq : c.local_queues)
            if (lq.meta.namespace_.value == j.namespace_ && !lq.cluster_queue.value.empty())
                serving.insert(lq.cluster_queue.value);
        j.serving.assign(serving.begin(), serving.end());
    }
}

BypassAttribution attribute_bypass(const std::vector<BypassJob>& jobs) {
    BypassAttribution out;
    for (const BypassJob& j : jobs) {
        if (j.serving.size() == 1)
            ++out.per_queue[j.serving.front()];
        else if (j.serving.size() > 1)
            out.unattributed.push_back(j);
        // A Job in a namespace no ClusterQueue serves bypasses nothing the report charts.
    }
    return out;
}

}  // namespace kg::audit::effects
