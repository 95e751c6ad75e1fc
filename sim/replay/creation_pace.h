// When Kueue's scheduler-performance harness really creates its Workloads. Its generator
// (test/performance/scheduler/runner/generator/generator.go generateWlSet) runs one goroutine
// per (ClusterQueue, workload set); each sleeps creationIntervalMs and then creates the next
// Workload, and the next sleep starts only when that Create has returned. Every goroutine
// creates through the one client of runner/main.go runGenerator (client.New(cfg)), whose
// Workload requests share one client-go token bucket (controller-runtime keeps a REST client,
// and so a bucket, per kind: pkg/client/apiutil/apimachinery.go RESTClientForGVK), at
// envtest's rest.Config, QPS 1000 and Burst 2000 (controller-runtime pkg/envtest/server.go;
// the in-cluster targets pass the same as --qps/--burst, hack/make/test.mk). That bucket is
// not the runner's other one (its manager's, which finishes workloads: api_throughput.h). When the goroutines together ask for more than that,
// as the large-scale config's 3,000 do (about 21,000 creates a second), each Create waits its
// turn and the schedule drifts: the 50,000 Workloads take some 50 s to create instead of the
// 3.3 s that (k+1) x creationIntervalMs gives. The recorder measures time to admission from
// the creationTimestamp the API server stamps, so the drift moves both ends of the wait.
// Not modelled: the API server's own latency per Create (unknown; taken as 0).
#pragma once

#include "sim/replay/api_throughput.h"
#include "sim/replay/arrivals.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace kg::sim::replay {

/// One generator goroutine: the `count` arrivals from `first` on (consecutive in the arrivals
/// vector, in creation order), each created `interval_ms` after the previous Create returned.
struct CreationStream {
    std::size_t first = 0, count = 0;
    std::int64_t interval_ms = 0;
};

/// Sets each stream's arrival_ms to when its Create is sent through a client limited to
/// `rate`, all streams starting at 0. The Creates reserve the bucket in the order they are
/// made (x/time/rate grants in call order); Creates made at the same millisecond go in stream
/// order. Only arrival_ms changes; the caller re-derives creation timestamps and re-sorts.
void pace_creations(std::vector<Arrival>& arrivals, const std::vector<CreationStream>& streams, ClientRate rate);

}  // namespace kg::sim::replay
