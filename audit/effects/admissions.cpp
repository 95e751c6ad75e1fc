#include "audit/effects/admissions.h"

#include <optional>

namespace kg::audit::effects {

std::map<std::string, AdmissionTally> admissions_from_steps(const std::vector<WorkloadStep>& steps, Span span) {
    constexpr std::int64_t k_us = 1'000'000;
    struct Life {
        std::optional<std::int64_t> waiting_since_us;  ///< creation, or the requeue after an eviction
        std::string cluster_queue;                     ///< of its last reservation
    };
    std::map<std::string, Life> lives;  // by namespace/name/uid: a re-created Workload is a new life
    std::map<std::string, AdmissionTally> out;
    for (const WorkloadStep& s : steps) {
        Life& l = lives[s.namespace_ + "/" + s.name + "/" + s.uid];
        if (s.step == "created") {
            l.waiting_since_us = s.ts_us;
        } else if (s.step == "requeued" || (s.step == "evicted" && !l.waiting_since_us)) {
            l.waiting_since_us = s.ts_us;
        } else if (s.step == "quota_reserved") {
            // A status patch may omit the admission; the Workload stays in its last ClusterQueue.
            if (!s.cluster_queue.empty()) l.cluster_queue = s.cluster_queue;
            if (span.contains_us(s.ts_us) && !l.cluster_queue.empty()) {
                AdmissionTally& t = out[l.cluster_queue];
                ++t.admissions;
                if (l.waiting_since_us && *l.waiting_since_us <= s.ts_us)
                    t.waits_seconds.push_back((s.ts_us - *l.waiting_since_us) / k_us);
            }
            l.waiting_since_us.reset();
        }
    }
    return out;
}

}  // namespace kg::audit::effects
