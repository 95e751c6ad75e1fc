// Jobs asking for accelerators in a namespace with no LocalQueue: the team's
// accelerator use is invisible to quota and to chargeback.
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq3005{"KQ3005", "accelerator-jobs-without-local-queue",
                        RuleFamily::governance, RuleScope::applied, Severity::warning,
                        "A namespace runs accelerator Jobs but has no LocalQueue",
                        "Create a LocalQueue for the namespace and label its Jobs with kueue.x-k8s.io/queue-name.",
                        /*defers=*/false, /*security=*/true};

void check_kq3005(const RuleContext& cx, FindingSink& out) {
    std::set<std::string> with_queues, reported;
    with_queues = namespaces_with_local_queues(cx.cluster);
    const std::size_t n = cx.cluster.local_queues.size();
    for (const model::Job& j : cx.cluster.jobs) {
        const std::string& ns = *j.meta.namespace_;
        // Children of another object (a Job's Pods, a JobSet's Jobs) follow their owner's queue.
        // Without metadata.namespace the namespace is wherever the Job is applied: no guessing.
        if (!j.meta.owner_refs.empty() || ns.empty()) {
            continue;
        }
        if (with_queues.count(ns) || reported.count(ns)) {
            continue;
        }
        std::set<std::string> acc = accelerators_requested(j.pod_sets, cx.policy.accelerators);
        if (acc.empty()) {
            continue;
        }
        reported.insert(ns);
        out.report_as(reference_severity(cx, k_kq3005, n), k_kq3005, or_doc(j.meta.name.pos, j.meta),
                      "metadata.namespace", ref(j.meta.kind.c_str(), j.meta),
                      j.meta.kind + " \"" + j.meta.key() + "\" requests " + *acc.begin() + " in " +
                          describe_namespace(ns) + ", which has no LocalQueue: its accelerator use is outside quota" +
                          not_in_inputs_note(cx, "LocalQueue", n));
    }
}

}  // namespace kg::lint::rules
