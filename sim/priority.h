// A workload's priority and its place in queue order (kueue-admission.md R1.6, R4.2,
// R4.3). Kueue: pkg/util/priority/priority.go, pkg/workload/workload.go
// (GetQueueOrderTimestamp), pkg/cache/queue/cluster_queue.go (queueOrderingFunc).
#pragma once

#include "model/cluster.h"

#include <cstdint>
#include <optional>

namespace kg::sim {

/// R1.6.1/R1.6.2: an existing WorkloadPriorityClass's value (kept in sync by Kueue), else
/// spec.priority, else the named PriorityClass's value, else the lowest globalDefault
/// PriorityClass, else 0.
std::int32_t effective_priority(const model::Workload& wl, const model::Cluster& cluster);

/// R4.3: an eviction for PodsReadyTimeout (unless requeuing by creation) or AdmissionCheck
/// restarts the queue-order clock; otherwise the creation time.
model::Timestamp queue_order_timestamp(const model::Workload& wl, bool requeue_by_creation);
/// The same for `wl` created at `created` instead of its own creationTimestamp (a replay's
/// arrivals share one Workload and differ in that).
model::Timestamp queue_order_timestamp(const model::Workload& wl, bool requeue_by_creation,
                                       std::optional<model::Timestamp> created);

/// R4.2 without fair sharing or sticky preemptors: higher priority first, then the earlier
/// queue-order timestamp, then UID.
bool queue_order_less(const model::Workload& a, const model::Workload& b, std::int32_t pa, std::int32_t pb,
                      bool requeue_by_creation);

}  // namespace kg::sim
