// The controller-throughput model: the token bucket against x/time/rate's arithmetic, and
// a small replay whose every time is worked out by hand below (the golden), with and
// without the model, so a change to what a write costs or when it lands shows here.
#include "sim/replay/api_throughput.h"
#include "sim/replay/replay.h"

#include <catch2/catch.hpp>

#include <deque>

using namespace kg::sim::replay;

TEST_CASE("the token bucket serves a burst at once, then one request per 1/qps", "[sim][replay][throughput]") {
    TokenBucket b({10.0, 2});  // a token every 100 ms, two in hand
    CHECK(b.reserve(0) == 0);
    CHECK(b.reserve(0) == 0);
    CHECK(b.reserve(0) == 100);
    CHECK(b.reserve(0) == 200);  // waits behind the one already waiting
    CHECK(b.reserve(50) == 300);  // -1.5 tokens at 50 ms, -2.5 once taken: 250 ms to wait
    // By 1,000 ms the deficit (-2.5 tokens at 50 ms) has refilled to the burst, no further.
    CHECK(b.reserve(1000) == 1000);
    CHECK(b.reserve(1000) == 1000);
    CHECK(b.reserve(1000) == 1100);
}

TEST_CASE("instant throughput makes every write land when it is made", "[sim][replay][throughput]") {
    ThroughputOptions o;
    o.instant = true;
    o.kueue = {1.0, 1};
    ApiThroughput api(o);
    for (int i = 0; i < 5; ++i) {
        CHECK(api.admission(0) == 0);
        CHECK(api.pending_in_cycle(0) == 0);
        CHECK(api.eviction(0).released == 0);
        CHECK(api.finish(0) == 0);
    }
    CHECK(api.writes().kueue() == 0);
}

namespace {

// One slot. "hi" goes to the front of the queue and preempts whoever holds the slot; the
// eviction completes before the next cycle (as the simulator's, R5.12) and the victim queues
// again behind. The preempting cycle reports hi pending as a head.
class PreemptStub : public Scheduler {
public:
    void add(const Arrival& a, std::size_t, const std::string&) override {
        if (a.key() == "ns/hi") {
            m_pending.push_front(a.key());
        } else {
            m_pending.push_back(a.key());
        }
    }
    void finish(std::size_t, const std::string& key) override {
        if (m_holder == key) {
            m_holder.clear();
        }
    }
    CycleResult run_cycle(std::int64_t) override {
        CycleResult r;
        if (m_evicting) {
            m_pending.push_back(m_holder);
            m_holder.clear();
            m_evicting = false;
        }
        if (m_pending.empty()) {
            return r;
        }
        const std::string head = m_pending.front();
        if (m_holder.empty()) {
            m_pending.pop_front();
            m_holder = head;
            r.admitted.push_back({head, "cq", {{{"rf", "cpu"}, 1000}}, {}, true});
        } else if (head == "ns/hi" && !m_evicting) {
            r.preempted.push_back({m_holder, head, "InClusterQueue", "Preempted"});
            r.pending.push_back({head, "cq", "WaitingForPreemptedWorkloads", "Pending the preemption of 1 workload(s)", true});
            m_evicting = true;
        }
        return r;
    }
    std::map<std::string, Usage> nominal_quota() const override { return {{"cq", {{{"rf", "cpu"}, 1000}}}}; }

private:
    std::deque<std::string> m_pending;
    std::string m_holder;
    bool m_evicting = false;
};

Arrival arrival(const std::string& name, std::int64_t at, std::int64_t runtime) {
    Arrival a;
    auto wl = std::make_shared<kg::model::Workload>();
    wl->meta.namespace_.value = "ns";
    a.base = std::move(wl);
    a.name = name;
    a.arrival_ms = at;
    a.runtime_ms = runtime;
    a.workload_class = name;
    return a;
}

ReplayResult replay(bool instant) {
    PreemptStub stub;
    ReplayOptions options;
    options.throughput.instant = instant;
    options.throughput.kueue = {1.0, 1};  // a write per second, one in hand: every wait shows
    return run_replay({arrival("lo", 0, 5000), arrival("hi", 100, 1000)}, stub, options);
}

}  // namespace

TEST_CASE("golden: admissions, an eviction and a pending write paced by a 1 qps client", "[sim][replay][throughput]") {
    // 0     lo admitted; its patch takes the one token (lands at 0) -> runs until 5000.
    // 100   hi arrives; the cycle evicts lo (patch lands at 1000: 0.1 token refilled, 0.9 to
    //       wait) and writes hi's pending condition inside the cycle (lands at 2000).
    // 1000  the runner completes lo's eviction: lo's quota is free.
    // 2000  the next cycle (it waited for its writes) admits hi; patch lands at 3000 -> runs until 4000.
    // 4000  hi finishes; lo is admitted again; two tokens refilled since 2000 (one kept, the
    //       burst), so the patch lands at once -> runs until 9000.
    ReplayResult r = replay(false);
    REQUIRE(r.workloads.size() == 2);
    const WorkloadResult& lo = r.workloads[0];
    const WorkloadResult& hi = r.workloads[1];
    CHECK(lo.evictions == 1);
    CHECK(lo.admitted_ms == 4000);
    CHECK(lo.finished_ms == 9000);
    CHECK(hi.admitted_ms == 2000);
    CHECK(hi.time_to_admission_ms() == 1900);
    CHECK(hi.finished_ms == 4000);
    CHECK(r.end_ms == 9000);
    CHECK_FALSE(r.stalled);
    // lo holds 1 cpu over [0, 1000) and [4000, 9000), hi over [2000, 4000).
    CHECK(r.queues.at("cq").used_integral.at({"rf", "cpu"}) == 1000 * (1000 + 5000 + 2000));
    CHECK(r.api.modelled);
    CHECK(r.api.kueue_writes == 5);   // 3 admissions, 1 eviction, 1 pending condition
    CHECK(r.api.runner_writes == 3);  // 1 eviction completed, 2 Finished
}

TEST_CASE("golden: the same replay with --instant takes no time for writes", "[sim][replay][throughput]") {
    // 100: hi evicts lo and is admitted in the next cycle at the same millisecond; 1100: hi
    // finishes and lo is admitted again until 6100.
    ReplayResult r = replay(true);
    const WorkloadResult& lo = r.workloads[0];
    const WorkloadResult& hi = r.workloads[1];
    CHECK(hi.admitted_ms == 100);
    CHECK(hi.finished_ms == 1100);
    CHECK(lo.admitted_ms == 1100);
    CHECK(lo.finished_ms == 6100);
    CHECK(r.end_ms == 6100);
    CHECK_FALSE(r.api.modelled);
    CHECK(r.api.kueue_writes == 0);
}

TEST_CASE("recorded steps stay in time order when writes land later", "[sim][replay][throughput]") {
    PreemptStub stub;
    ReplayOptions options;
    options.record_steps = true;
    options.throughput.kueue = {1.0, 1};
    ReplayResult r = run_replay({arrival("lo", 0, 5000), arrival("hi", 100, 1000)}, stub, options);
    using K = kg::sim::ReplayStep::Kind;
    std::vector<std::tuple<K, std::int64_t, std::size_t>> got;
    for (const auto& s : r.steps) {
        got.emplace_back(s.kind, s.at_ms, s.workload);
    }
    std::vector<std::tuple<K, std::int64_t, std::size_t>> want{
        {K::created, 0, 0},       {K::quota_reserved, 0, 0},    {K::admitted, 0, 0},
        {K::created, 100, 1},     {K::pending, 100, 1},         {K::evicted, 1000, 0},
        {K::requeued, 1000, 0},   {K::quota_reserved, 2000, 1}, {K::admitted, 2000, 1},
        {K::finished, 4000, 1},   {K::quota_reserved, 4000, 0}, {K::admitted, 4000, 0},
        {K::finished, 9000, 0}};
    CHECK(got == want);
}
