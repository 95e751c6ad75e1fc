#include "sim/replay/cycle_backoff.h"

#include <algorithm>

namespace kg::sim::replay {

std::int64_t CycleBackoff::arm() {
    if (!m_backing_off) {
        return 0;  // a nil *wait.Backoff steps to 0
    }
    // wait.Backoff{Duration: 1ms, Factor: 2, Cap: 10ms}.Step: returns the current duration and
    // doubles it for the next step, capped (then it stays at the cap).
    const std::int64_t now = m_next_ms;
    m_next_ms = std::min(m_next_ms * 2, k_cycle_backoff_max_ms);
    return now;
}

void CycleBackoff::cycle_done(bool admitted) {
    if (admitted) {
        m_backing_off = false;
    } else if (!m_backing_off) {
        m_backing_off = true;
        m_next_ms = k_cycle_backoff_initial_ms;
    }
}

}  // namespace kg::sim::replay
