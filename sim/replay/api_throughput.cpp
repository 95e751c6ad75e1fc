#include "sim/replay/api_throughput.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>

namespace kg::sim::replay {

namespace {

std::string number(double v) {
    std::ostringstream out;
    out << v;
    return out.str();
}

}  // namespace

TokenBucket::TokenBucket(ClientRate rate)
    : m_per_ms(rate.qps / 1000.0), m_burst(static_cast<double>(rate.burst)), m_tokens(m_burst) {}

std::int64_t TokenBucket::reserve(std::int64_t now_ms) {
    // rate.Limiter.advance: a request earlier than the last one refills nothing, and `last`
    // moves to it (the replay makes its requests in time order, so this is a guard).
    const std::int64_t last = std::min(m_last, now_ms);
    m_tokens = std::min(m_burst, m_tokens + static_cast<double>(now_ms - last) * m_per_ms);
    m_last = now_ms;
    m_tokens -= 1.0;
    if (m_tokens >= 0) {
        return now_ms;
    }
    // Sent once the deficit has refilled; whole milliseconds, rounded up, as the replay's clock.
    return now_ms + static_cast<std::int64_t>(std::ceil(-m_tokens / m_per_ms - 1e-9));
}

ApiThroughput::ApiThroughput(const ThroughputOptions& options)
    : m_options(options), m_instant(options.instant), m_kueue(options.kueue), m_runner(options.runner) {}

std::int64_t ApiThroughput::admission(std::int64_t now) {
    if (m_instant) {
        return now;
    }
    ++m_writes.admissions;
    return m_kueue.reserve(now);
}

ApiThroughput::Eviction ApiThroughput::eviction(std::int64_t now) {
    if (m_instant) {
        return {now, now};
    }
    ++m_writes.evictions;
    ++m_writes.runner;
    const std::int64_t evicted = m_kueue.reserve(now);
    // The runner sees the Evicted condition once the patch lands and clears the reservation
    // (controller.go Reconcile, "finish the workloads eviction").
    return {evicted, m_runner.reserve(evicted)};
}

std::int64_t ApiThroughput::pending_in_cycle(std::int64_t now) {
    if (m_instant) {
        return now;
    }
    ++m_writes.pending_in_cycle;
    return m_kueue.reserve(now);
}

void ApiThroughput::pending_by_controller(std::int64_t now) {
    if (m_instant) {
        return;
    }
    ++m_writes.pending_by_controller;
    m_kueue.reserve(now);
}

std::int64_t ApiThroughput::finish(std::int64_t now) {
    if (m_instant) {
        return now;
    }
    ++m_writes.runner;
    return m_runner.reserve(now);
}

bool throughput_options(const std::optional<model::KueueConfig>& config, ClientRate fallback, bool instant,
                        ThroughputOptions& out, model::DiagSink& diags) {
    out = ThroughputOptions{};
    out.instant = instant;
    out.kueue = fallback;
    if (!config) {
        return true;
    }
    // A Configuration given: its unset fields take Kueue's defaults, not the fallback's
    // (apis/config/v1beta2/defaults.go fills each one on its own).
    out.kueue = k_kueue_default_rate;
    bool ok = true;
    if (config->client_qps) {
        if (!(*config->client_qps > 0)) {
            diags.error(config->client_qps_pos,
                        "clientConnection.qps: expected a number of requests per second above 0 for the replay's "
                        "throughput model, found " + number(*config->client_qps) +
                            " (use --instant to replay without it)");
            ok = false;
        } else {
            out.kueue.qps = *config->client_qps;
        }
    }
    if (config->client_burst) {
        if (*config->client_burst < 1) {
            diags.error(config->client_burst_pos,
                        "clientConnection.burst: expected at least 1 request for the replay's throughput model, "
                        "found " + std::to_string(*config->client_burst) + " (use --instant to replay without it)");
            ok = false;
        } else {
            out.kueue.burst = *config->client_burst;
        }
    }
    return ok;
}

}  // namespace kg::sim::replay
