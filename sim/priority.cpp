// R1.6, R4.2, R4.3. Kueue: pkg/util/priority/priority.go, pkg/workload/workload.go.
#include "sim/priority.h"

#include <optional>

namespace kg::sim {

std::int32_t effective_priority(const model::Workload& wl, const model::Cluster& cluster) {
    using model::PriorityClassKind;
    if (wl.priority_class.kind == PriorityClassKind::workload_priority_class) {
        if (const model::WorkloadPriorityClass* w = cluster.find_workload_priority_class(*wl.priority_class.name))
            return *w->value;
    }
    if (wl.priority) return *wl.priority;
    if (wl.priority_class.kind == PriorityClassKind::pod_priority_class) {
        if (const model::PriorityClass* p = cluster.find_priority_class(*wl.priority_class.name)) return p->value;
    }
    std::optional<std::int32_t> lowest_default;
    for (const model::PriorityClass& pc : cluster.priority_classes)
        if (pc.global_default && (!lowest_default || pc.value < *lowest_default)) lowest_default = pc.value;
    return lowest_default.value_or(0);
}

model::Timestamp queue_order_timestamp(const model::Workload& wl, bool requeue_by_creation) {
    return queue_order_timestamp(wl, requeue_by_creation, wl.meta.creation_timestamp);
}

model::Timestamp queue_order_timestamp(const model::Workload& wl, bool requeue_by_creation,
                                       std::optional<model::Timestamp> created) {
    const model::Condition* ev = wl.condition("Evicted");
    if (ev && ev->status == model::ConditionStatus::true_ && ev->last_transition_time) {
        if (ev->reason == "PodsReadyTimeout" && !requeue_by_creation) return *ev->last_transition_time;
        if (ev->reason == "AdmissionCheck") return *ev->last_transition_time;
    }
    return created.value_or(0);
}

bool queue_order_less(const model::Workload& a, const model::Workload& b, std::int32_t pa, std::int32_t pb,
                      bool requeue_by_creation) {
    if (pa != pb) return pa > pb;
    model::Timestamp ta = queue_order_timestamp(a, requeue_by_creation);
    model::Timestamp tb = queue_order_timestamp(b, requeue_by_creation);
    if (ta != tb) return ta < tb;
    return a.meta.uid < b.meta.uid;
}

}  // namespace kg::sim
