#include "audit/effects/preemptions.h"

namespace kg::audit::effects {

std::string preemptor_text(const std::string& uid, const std::string& path,
                           const std::map<std::string, std::string>& names) {
    std::string who;
    if (!uid.empty()) {
        auto it = names.find(uid);
        who = it != names.end() ? "Workload " + it->second : "Workload UID " + uid;
    }
    if (!path.empty()) who += (who.empty() ? "" : " in ") + path;
    return who.empty() ? "not named by this Kueue version" : who;
}

std::map<std::string, std::vector<PreemptionTally>> preemptions_from_steps(const std::vector<WorkloadStep>& steps,
                                                                            Span span) {
    std::map<std::string, std::string> names;  // Workload UID -> namespace/name
    for (const WorkloadStep& s : steps)
        if (!s.uid.empty()) names.emplace(s.uid, s.namespace_ + "/" + s.name);

    struct Preemption {
        std::string cluster_queue, reason, preemptor;
    };
    std::map<std::string, std::string> last_cq;  // Workload life -> ClusterQueue of its last reservation
    std::map<std::pair<std::string, std::int64_t>, Preemption> seen;
    for (const WorkloadStep& s : steps) {
        const std::string life = s.namespace_ + "/" + s.name + "/" + s.uid;
        if (s.step == "quota_reserved" && !s.cluster_queue.empty()) last_cq[life] = s.cluster_queue;
        const bool preemption = s.step == "preempted" || (s.step == "evicted" && s.reason == "Preempted");
        if (!preemption || !span.contains_us(s.ts_us)) continue;
        std::string cq = s.cluster_queue;
        if (cq.empty())
            if (auto it = last_cq.find(life); it != last_cq.end()) cq = it->second;
        Preemption& p = seen[{life, s.ts_us / 1'000'000}];
        if (!cq.empty() && (p.cluster_queue.empty() || s.step == "preempted")) {
            p.cluster_queue = cq;
            p.reason = s.step == "preempted" ? s.reason : "Preempted";
            p.preemptor = preemptor_text(s.preemptor_uid, s.preemptor_path, names);
        }
    }
    std::map<std::string, std::map<std::pair<std::string, std::string>, std::int64_t>> counts;
    for (const auto& [key, p] : seen)
        if (!p.cluster_queue.empty()) ++counts[p.cluster_queue][{p.reason, p.preemptor}];
    std::map<std::string, std::vector<PreemptionTally>> out;
    for (const auto& [cq, m] : counts)
        for (const auto& [k, n] : m) out[cq].push_back({k.first, k.second, n});
    return out;
}

}  // namespace kg::audit::effects
