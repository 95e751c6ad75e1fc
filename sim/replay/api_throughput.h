// Controller-throughput model of the replay: Kueue writes every decision into the API
// server through a client-side rate limiter, so admissions and evictions take time, and
// while they wait the quota stays held. Without this model the replay admits at no cost
// and shows waits several times shorter than Kueue's own scheduler-performance harness.
//
// What is charged, counted from Kueue's source (kubernetes-sigs/kueue ff69552e79):
// - admission: one status patch (QuotaReserved + Admitted in one SSA apply,
//   pkg/scheduler/scheduler.go admit -> workloadpatching.PatchAdmissionStatus), sent from a
//   goroutine: the cycle goes on, and the workload starts running when the patch lands. The
//   condition's lastTransitionTime (what the recorder measures) is stamped before the wait.
// - a head left pending whose QuotaReserved=False condition changed: one patch inside the
//   cycle (scheduler.go requeueAndUpdate), so the next cycle waits for it.
// - any other pending condition change (an equivalent workload bulk-moved, the condition
//   rewritten after an eviction): one patch by the workload controller
//   (pkg/controller/core/workload_controller.go syncQuotaReservedFalseCondition), which does
//   not hold the scheduler up.
// - a preemption: one patch per victim (Evicted + Preempted conditions,
//   pkg/scheduler/preemption/preemption.go IssuePreemptions -> pkg/workload/evict Evict),
//   issued inside the cycle and waited for.
// - finishing: Kueue writes nothing; Kueue's harness marks the workload Finished and completes
//   evictions (clears the reservation) through its runner's own client
//   (test/performance/scheduler/runner/controller/controller.go), one reconcile at a time.
// - requeueing: a finish or a completed eviction does not make the cohort tree's inadmissible
//   workloads active at once. The workload controller notifies Kueue's requeuer
//   (pkg/controller/core/workload_controller.go Update -> QueueAssociatedInadmissibleWorkloadsAfter),
//   which queues the tree's root with AddAfter(requeueBatchPeriod = 1 s) on a client-go delaying
//   queue (pkg/cache/queue/inadmissible_workloads.go): the first notice schedules the requeue
//   1 s later, notices before it fires join it. Workloads bulk-moved as equivalent to a failed
//   head (SchedulingEquivalenceHashing, on by default since Kueue 0.18) wait for it.
// Events (a separate client with its own limiter, dropped when behind) and the ClusterQueue
// and LocalQueue status writes (their own per-kind limiters) are not charged.
#pragma once

#include "model/cluster.h"
#include "model/diagnostic.h"

#include <cstdint>
#include <optional>

namespace kg::sim::replay {

/// A client's rate limit: client-go's flowcontrol.NewTokenBucketRateLimiter(qps, burst).
struct ClientRate {
    double qps = 0;
    std::int64_t burst = 0;
};

/// Kueue's Configuration defaults for clientConnection
/// (apis/config/v1beta2/defaults.go DefaultClientConnectionQPS, DefaultClientConnectionBurst).
inline constexpr ClientRate k_kueue_default_rate{300.0, 500};
/// What Kueue's scheduler-performance harness gives its Kueue, whatever the Configuration says
/// (test/performance/scheduler/minimalkueue/main.go: kubeConfig.QPS = 50, Burst = 100).
inline constexpr ClientRate k_perf_harness_rate{50.0, 100};
/// The harness runner's client: envtest's rest.Config (controller-runtime pkg/envtest, QPS
/// 1000, Burst 2000; the in-cluster target passes the same as --qps/--burst).
inline constexpr ClientRate k_perf_runner_rate{1000.0, 2000};

/// Kueue's requeuer batch period (pkg/cache/queue/inadmissible_workloads.go requeueBatchPeriod).
inline constexpr std::int64_t k_requeue_batch_ms = 1000;

/// golang.org/x/time/rate Limiter.Reserve, which client-go's token bucket Wait uses: tokens
/// refill at qps up to burst, each request takes one, and a request that finds none waits
/// for its turn behind those already waiting (the count may go negative).
class TokenBucket {
public:
    explicit TokenBucket(ClientRate rate);
    /// A request made at `now_ms`: the virtual millisecond at which it is sent (>= now_ms).
    std::int64_t reserve(std::int64_t now_ms);

private:
    double m_per_ms;  ///< tokens per millisecond
    double m_burst;
    double m_tokens;  ///< starts full, as rate.NewLimiter
    std::int64_t m_last = 0;
};

struct ThroughputOptions {
    bool instant = false;  ///< no model: every write lands when it is made (kueuegov replay --instant)
    ClientRate kueue = k_kueue_default_rate;
    ClientRate runner = k_perf_runner_rate;
};

/// Writes charged so far, per kind (for the summary and tests).
struct ApiWrites {
    std::int64_t admissions = 0, evictions = 0, pending_in_cycle = 0, pending_by_controller = 0, runner = 0;
    std::int64_t kueue() const { return admissions + evictions + pending_in_cycle + pending_by_controller; }
};

/// The two clients and what each step costs. Calls must come in non-decreasing `now`, as the
/// replay makes them; in instant mode every call returns `now`.
class ApiThroughput {
public:
    explicit ApiThroughput(const ThroughputOptions& options);
    bool instant() const { return m_instant; }
    /// A quota reservation decided at `now`: when its patch lands and the runner starts the workload.
    std::int64_t admission(std::int64_t now);
    struct Eviction {
        std::int64_t evicted;   ///< the Evicted patch lands
        std::int64_t released;  ///< the runner has cleared the reservation: the quota is free
    };
    /// A preemption issued in a cycle at `now`; the cycle ends no earlier than `evicted`.
    Eviction eviction(std::int64_t now);
    /// A head's QuotaReserved=False condition changed in a cycle at `now`: when the patch lands
    /// (the cycle ends no earlier).
    std::int64_t pending_in_cycle(std::int64_t now);
    /// The workload controller rewrites a pending workload's condition (not waited for).
    void pending_by_controller(std::int64_t now);
    /// The workload's runtime is up at `now`: when the runner's Finished write lands and Kueue
    /// releases the quota.
    std::int64_t finish(std::int64_t now);
    const ApiWrites& writes() const { return m_writes; }
    const ThroughputOptions& options() const { return m_options; }

private:
    ThroughputOptions m_options;
    bool m_instant;
    TokenBucket m_kueue, m_runner;
    ApiWrites m_writes;
};

/// The options for a replay: `instant`, else the rate of `config` (clientConnection.qps and
/// .burst, each defaulting as Kueue does) or, without a Configuration, `fallback` (Kueue's
/// defaults for a trace, the harness's rate for its generator config). A qps that is not
/// positive or a burst below 1 is an error at its position (false).
bool throughput_options(const std::optional<model::KueueConfig>& config, ClientRate fallback, bool instant,
                        ThroughputOptions& out, model::DiagSink& diags);

}  // namespace kg::sim::replay
