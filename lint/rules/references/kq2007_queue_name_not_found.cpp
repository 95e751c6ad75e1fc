// A Job or Workload whose queue-name names no LocalQueue in its namespace waits
// forever (Workload condition: LocalQueue doesn't exist).
// Kueue: pkg/queue/manager.go (AddOrUpdateWorkload), jobframework.
//
// What the inputs can prove: an object without metadata.namespace lands wherever it is
// applied, so it is judged against LocalQueues of every namespace and is never an error;
// inputs that hold no LocalQueue at all cannot tell a missing queue from one kept elsewhere.
#include "lint/rules/helpers.h"
#include "lint/rules/queue_index.h"

#include "model/spelling.h"

#include <algorithm>

namespace kg::lint::rules {

const RuleInfo k_kq2007{"KQ2007", "queue-name-not-found",
                        RuleFamily::references, RuleScope::applied, Severity::error,
                        "A Job or Workload names a LocalQueue that does not exist in its namespace",
                        "Create the LocalQueue in the Job's namespace, or fix the kueue.x-k8s.io/queue-name label."};

namespace {

// `all_names`: every LocalQueue's name, sorted (objects without a namespace are judged
// against all of them; built once instead of once per object).
void check_one(const RuleContext& cx, const QueueIndex& queues, const std::vector<std::string_view>& all_names,
               const model::ObjectMeta& m,
               const std::string& kind, const model::Located<std::string>& queue, const char* path,
               FindingSink& out) {
    const model::Cluster& c = cx.cluster;
    const std::string& ns = *m.namespace_;
    const std::size_t n = c.local_queues.size();
    if (ns.empty()) {
        if (std::binary_search(all_names.begin(), all_names.end(), std::string_view(*queue))) {
            return;  // some namespace has it; where the object lands is not in the inputs
        }
        // A near miss is likely a typo (warning); otherwise the queue may sit in the namespace the
        // object is applied to, which the inputs do not name (info).
        std::string hint = model::did_you_mean(*queue, local_queue_names(c, ns), 1);
        out.report_as(hint.empty() ? Severity::info : Severity::warning, k_kq2007, or_doc(queue.pos, m), path,
                      ref(kind.c_str(), m),
                      kind + " \"" + m.key() + "\" names LocalQueue \"" + *queue +
                          "\", which no namespace in the inputs has (metadata.namespace unset)" + hint +
                          not_in_inputs_note(cx, "LocalQueue", n));
        return;
    }
    if (queues.local_queue_in(ns, *queue)) {
        return;
    }
    // Only a queue that is missing needs its namespace's names (for did-you-mean).
    std::string hint = model::did_you_mean(*queue, local_queue_names(c, ns), 1);
    out.report_as(reference_severity(cx, k_kq2007, n), k_kq2007, or_doc(queue.pos, m), path, ref(kind.c_str(), m),
                  kind + " \"" + m.key() + "\" names LocalQueue \"" + *queue + "\", which does not exist in " +
                      describe_namespace(ns) + hint + not_in_inputs_note(cx, "LocalQueue", n));
}

}  // namespace

void check_kq2007(const RuleContext& cx, FindingSink& out) {
    std::vector<std::string_view> all_names = local_queue_names(cx.cluster, "");
    std::sort(all_names.begin(), all_names.end());
    const QueueIndex queues(cx.cluster);
    for (const model::Job& j : cx.cluster.jobs) {
        if (j.has_queue_name && !j.queue_name->empty()) {
            check_one(cx, queues, all_names, j.meta, j.meta.kind, j.queue_name, "metadata.labels[kueue.x-k8s.io/queue-name]", out);
        }
    }
    for (const model::Workload& w : cx.cluster.workloads) {
        if (!w.queue_name->empty()) {
            check_one(cx, queues, all_names, w.meta, "Workload", w.queue_name, "spec.queueName", out);
        }
    }
}

}  // namespace kg::lint::rules
