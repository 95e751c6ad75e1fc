// Many preemptions of one ClusterQueue's Workloads in a short time mean lost work and
// usually a policy problem (reclaim storms, a priority class used to jump the queue). A
// burst is a run of preemptions in which every window of the configured length holding a
// member counts at least the threshold; policy.md has no key for it, so the defaults (10
// preemptions within 5 minutes) are documented and a CLI flag can change them.
#include "audit/check/rules/helpers.h"
#include "audit/check/rules/rules.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace kg::audit::check::rules {

const RuleInfo k_kq5006{"KQ5006", "preemption-burst",
                        RuleFamily::history, RuleScope::history, Severity::warning,
                        "A ClusterQueue's Workloads were preempted many times within a short window",
                        "Review the preemption policies (reclaimWithinCohort, borrowWithinCohort, withinClusterQueue) "
                        "and priority classes of the ClusterQueues involved, and the preemptors' paths in the findings."};

namespace {

struct Preemption {
    std::int64_t ts_us;
    const audit::WorkloadStep* step;
};

/// The ClusterQueue at the end of a preemptor path "/cohort/.../cq".
std::string preemptor_queue(const std::string& path) {
    std::size_t slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

void check_kq5006(const HistoryView& v, FindingSink& out) {
    const std::int64_t n = std::max<std::int64_t>(v.thresholds.preemption_burst_count, 1);
    const std::int64_t window_us = v.thresholds.preemption_burst_window_s * 1000000;
    // One preemption writes Evicted and Preempted together: count each workload once per instant.
    std::map<std::string, std::vector<Preemption>> by_cq;
    std::set<std::tuple<std::string, std::string, std::int64_t>> seen;
    for (const audit::WorkloadStep& s : v.steps) {
        bool preempted = s.step == "preempted" || (s.step == "evicted" && s.reason == "Preempted");
        if (!preempted || s.cluster_queue.empty() || !v.period.contains(s.ts_us)) {
            continue;
        }
        if (!seen.insert({s.namespace_ + "/" + s.name, s.uid, s.ts_us / 1000000}).second) {
            continue;
        }
        by_cq[s.cluster_queue].push_back({s.ts_us, &s});
    }
    for (auto& [cq, list] : by_cq) {
        std::stable_sort(list.begin(), list.end(), [](const Preemption& a, const Preemption& b) { return a.ts_us < b.ts_us; });
        // Mark the members of every window [t, t + window) that holds at least n preemptions;
        // a burst is a run of marked preemptions each less than a window after the previous one.
        std::vector<bool> marked(list.size(), false);
        std::size_t e = 0;
        for (std::size_t k = 0; k < list.size(); ++k) {
            e = std::max(e, k);
            while (e < list.size() && list[e].ts_us - list[k].ts_us < window_us) {
                ++e;
            }
            if (static_cast<std::int64_t>(e - k) >= n) {
                std::fill(marked.begin() + static_cast<std::ptrdiff_t>(k), marked.begin() + static_cast<std::ptrdiff_t>(e), true);
            }
        }
        for (std::size_t i = 0; i < list.size();) {
            if (!marked[i]) {
                ++i;
                continue;
            }
            std::size_t first = i, last = i;
            while (last + 1 < list.size() && marked[last + 1] && list[last + 1].ts_us - list[last].ts_us < window_us) {
                ++last;
            }
            std::set<std::string> preemptors;
            for (std::size_t p = first; p <= last; ++p) {
                if (!list[p].step->preemptor_path.empty()) {
                    preemptors.insert(preemptor_queue(list[p].step->preemptor_path));
                }
            }
            std::string by;
            for (const std::string& p : preemptors) {
                by += (by.empty() ? "" : ", ") + p;
            }
            const audit::WorkloadStep& s0 = *list[first].step;
            const audit::WorkloadStep& s1 = *list[last].step;
            Report r;
            r.evidence = s0.evidence;
            r.object = {"ClusterQueue", "", cq};
            r.time = s0.time;
            r.ts_us = s0.ts_us;
            r.message = std::to_string(last - first + 1) + " Workloads of " + describe("ClusterQueue", "", cq) +
                        " preempted between " + s0.time + " and " + s1.time + " (" +
                        format_duration((s1.ts_us - s0.ts_us) / 1000000) + "; threshold " + std::to_string(n) +
                        " within " + format_duration(v.thresholds.preemption_burst_window_s) + ")" +
                        (by.empty() ? "" : "; preempting ClusterQueues: " + by);
            out.report(k_kq5006, std::move(r));
            i = last + 1;
        }
    }
}

}  // namespace kg::audit::check::rules
