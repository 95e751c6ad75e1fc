// The pause Kueue's scheduler takes between cycles. Its loop (pkg/scheduler/scheduler.go
// Start: wait.UntilWithBackoff(ctx, s.schedule), pkg/util/wait/backoff.go, kubernetes-sigs/kueue
// ff69552e79) runs a cycle, and when the cycle admitted nothing (schedule returns SlowDown:
// no entry assumed) backs off before the next one: 1 ms, then doubling up to 10 ms, reset by
// the first cycle that admits (KeepGoing). The loop is apimachinery's wait.BackoffUntil with
// sliding = false, so the timer is armed as a cycle starts, with the step the cycles before
// it earned, and the next cycle starts when both the cycle and the timer are done.
// The replay runs a cycle only after an event or a cycle that changed something, so the pause
// matters only where Kueue would wait longer than that: it never moves a cycle earlier.
#pragma once

#include <cstdint>

namespace kg::sim::replay {

class CycleBackoff {
public:
    /// A cycle starts: the timer's length in ms (wait.Backoff.Step on the manager's backoff,
    /// 0 while it is nil).
    std::int64_t arm();
    /// The cycle's outcome: it admitted something (KeepGoing: the backoff is dropped) or not
    /// (SlowDown: a backoff starting at 1 ms is kept, or the current one goes on).
    void cycle_done(bool admitted);

private:
    bool m_backing_off = false;
    std::int64_t m_next_ms = 0;  ///< wait.Backoff.Duration: the next Step's length
};

/// pkg/util/wait/backoff.go initialBackoff and maxBackoff.
inline constexpr std::int64_t k_cycle_backoff_initial_ms = 1;
inline constexpr std::int64_t k_cycle_backoff_max_ms = 10;

}  // namespace kg::sim::replay
