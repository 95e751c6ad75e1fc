// A Job created without kueue.x-k8s.io/queue-name in a namespace that had LocalQueues ran
// outside Kueue's quota, unless Kueue manages unlabelled jobs there (manageJobsWithoutQueueName
// and managedJobsNamespaceSelector, as lint's KQ3002 reads them). The history twin of KQ3002.
// Kueue's mutating webhook is called for every Job (its annotation is logged with
// "mutated":false when it changed nothing), so its presence alone proves nothing; the label
// is read from the object after admission when the log has it.
#include "audit/check/rules/helpers.h"
#include "audit/check/rules/rules.h"
#include "sim/unlabelled_jobs.h"

#include <algorithm>
#include <map>

namespace kg::audit::check::rules {

const RuleInfo k_kq5002{"KQ5002", "job-created-without-queue-name",
                        RuleFamily::history, RuleScope::history, Severity::warning,
                        "A Job was created without a queue-name label in a namespace that had LocalQueues (bypass)",
                        "Label the namespace's Jobs with kueue.x-k8s.io/queue-name (admission policy can require it), "
                        "or set manageJobsWithoutQueueName so Kueue manages unlabelled Jobs there.",
                        /*defers=*/false, /*security=*/true};

namespace {

/// LocalQueue history of one namespace: per LocalQueue, its successful writes by time.
/// An export snapshot shows the queue existed but not since when: it counts at any time.
class LocalQueues {
public:
    explicit LocalQueues(const std::vector<audit::ObjectChange>& changes) {
        for (const audit::ObjectChange& c : changes) {
            if (c.kind != "LocalQueue" || (c.code && *c.code >= 300)) {
                continue;
            }
            Queue& q = m_ns[c.namespace_][c.name];
            if (c.origin == "export" || c.verb == "snapshot") {
                q.snapshot = true;
            } else {
                q.writes.emplace_back(c.ts_us, c.verb == "delete" || c.verb == "deletecollection");
            }
        }
        for (auto& [ns, queues] : m_ns) {
            for (auto& [name, q] : queues) {
                std::stable_sort(q.writes.begin(), q.writes.end(),
                                 [](const auto& a, const auto& b) { return a.first < b.first; });
            }
        }
    }

    /// The LocalQueues of `ns` that existed at `ts_us` (any that ever existed when unknown).
    std::vector<std::string> at(const std::string& ns, const std::optional<std::int64_t>& ts_us) const {
        std::vector<std::string> out;
        auto it = m_ns.find(ns);
        if (it == m_ns.end()) {
            return out;
        }
        for (const auto& [name, q] : it->second) {
            bool exists = q.snapshot || (!ts_us && !q.writes.empty());
            if (!exists && ts_us) {
                for (const auto& [ts, deleted] : q.writes) {
                    if (ts > *ts_us) {
                        break;
                    }
                    exists = !deleted;
                }
            }
            if (exists) {
                out.push_back(name);
            }
        }
        return out;
    }

private:
    struct Queue {
        bool snapshot = false;
        std::vector<std::pair<std::int64_t, bool>> writes;  ///< (time, is a delete)
    };
    std::map<std::string, std::map<std::string, Queue>> m_ns;
};

model::Labels labels_of(const HistoryView& v, const std::string& ns) {
    auto it = v.namespace_labels.find(ns);
    return it == v.namespace_labels.end() ? model::Labels{} : it->second;
}

}  // namespace

void check_kq5002(const HistoryView& v, FindingSink& out) {
    LocalQueues lqs(v.changes);
    for (const audit::JobRecord& j : v.jobs) {
        if (j.queue_name || !v.period.contains(j.created_us)) {
            continue;
        }
        std::vector<std::string> queues = lqs.at(j.namespace_, j.created_us);
        if (queues.empty()) {
            continue;
        }
        // Which namespaces Kueue manages (the selector and its default) is sim's to say.
        bool managed = v.kueue.manage_jobs_without_queue_name &&
                       sim::managed_jobs_namespace(v.kueue, j.namespace_, labels_of(v, j.namespace_));
        if (managed) {
            continue;
        }
        Report r;
        r.evidence = j.evidence;
        r.path = "metadata.labels[kueue.x-k8s.io/queue-name]";
        r.object = {j.kind, j.namespace_, j.name};
        r.actor = j.creator;
        r.time = j.created;
        r.ts_us = j.created_us.value_or(0);
        std::string lq_list;
        for (const std::string& q : queues) {
            lq_list += (lq_list.empty() ? "" : ", ") + q;
        }
        r.message = describe(j.kind, j.namespace_, j.name) + " was created" +
                    (j.creator.empty() ? "" : " by " + j.creator) +
                    " without a kueue.x-k8s.io/queue-name label in namespace \"" + j.namespace_ +
                    "\", which had LocalQueues (" + lq_list + "): it ran outside Kueue's quota" +
                    (v.kueue.manage_jobs_without_queue_name ? " (managedJobsNamespaceSelector does not select the namespace)"
                                                            : " (manageJobsWithoutQueueName is false)") +
                    (j.kueue_mutated.value_or(false) ? "; Kueue's mutating webhook was called and left it unlabelled" : "");
        out.report(k_kq5002, std::move(r));
    }
}

}  // namespace kg::audit::check::rules
