// sim/replay/cycle_backoff.h: Kueue's scheduler backs off 1, 2, 4, 8, then 10 ms after
// cycles that admit nothing (pkg/util/wait/backoff.go), armed as each cycle starts; the
// replay's cycles wait it out with the throughput model and not with --instant.
#include "sim/replay/cycle_backoff.h"
#include "sim/replay/replay.h"

#include <catch2/catch.hpp>

#include <deque>

using namespace kg::sim::replay;

TEST_CASE("the backoff steps 1, 2, 4, 8, 10 ms and an admitting cycle drops it", "[sim][replay][throughput]") {
    CycleBackoff b;
    CHECK(b.arm() == 0);  // nothing has slowed down yet
    b.cycle_done(true);
    CHECK(b.arm() == 0);
    b.cycle_done(false);  // SlowDown: the next timer is 1 ms
    std::vector<std::int64_t> steps;
    for (int i = 0; i < 7; ++i) {
        steps.push_back(b.arm());
        b.cycle_done(false);
    }
    CHECK(steps == std::vector<std::int64_t>{1, 2, 4, 8, 10, 10, 10});
    // The timer armed as an admitting cycle starts still runs; the one after it is 0.
    CHECK(b.arm() == 10);
    b.cycle_done(true);
    CHECK(b.arm() == 0);
    b.cycle_done(false);
    CHECK(b.arm() == 1);  // a new SlowDown starts again at 1 ms
}

namespace {

// One slot: the first pending workload is admitted when the slot is free; any other cycle
// admits nothing. Records when each cycle runs.
class OneSlot : public Scheduler {
public:
    void add(const Arrival& a, std::size_t, const std::string&) override { m_pending.push_back(a.key()); }
    void finish(std::size_t, const std::string&) override { m_busy = false; }
    CycleResult run_cycle(std::int64_t now) override {
        cycles.push_back(now);
        CycleResult r;
        if (!m_busy && !m_pending.empty()) {
            m_busy = true;
            r.admitted.push_back({m_pending.front(), "cq", {{{"rf", "cpu"}, 1000}}, {}, true});
            m_pending.pop_front();
        }
        return r;
    }
    std::map<std::string, Usage> nominal_quota() const override { return {{"cq", {{{"rf", "cpu"}, 1000}}}}; }
    std::vector<std::int64_t> cycles;

private:
    std::deque<std::string> m_pending;
    bool m_busy = false;
};

std::vector<std::int64_t> cycle_times(bool instant) {
    std::vector<Arrival> arrivals;
    for (std::int64_t at : {0, 1, 2, 3, 4, 5, 6}) {
        Arrival a;
        auto wl = std::make_shared<kg::model::Workload>();
        wl->meta.namespace_.value = "ns";
        a.base = std::move(wl);
        a.name = "w" + std::to_string(at);
        a.arrival_ms = at;
        a.runtime_ms = 1000;
        a.workload_class = "w";
        arrivals.push_back(std::move(a));
    }
    ReplayOptions options;
    options.throughput.instant = instant;
    options.throughput.kueue = {1000.0, 1000};  // every write lands when made: only the backoff shows
    OneSlot stub;
    ReplayResult r = run_replay(std::move(arrivals), stub, options);
    CHECK(r.workloads[1].admitted_ms == 1000);  // the slot frees at 1000 either way
    stub.cycles.resize(8);
    return stub.cycles;
}

}  // namespace

TEST_CASE("golden: cycles that admit nothing hold the next one back, as Kueue's scheduler loop does",
          "[sim][replay][throughput]") {
    // 0     w0 admitted (the timer armed was 0); the cycle after it admits nothing.
    // 1, 2  w1, w2 arrive: cycles armed with 1 and 2 ms admit nothing.
    // 3     w3 arrives while the 2 ms timer armed at 2 runs: its cycle waits for 4, where it
    //       runs before w4's arrival; armed with 4 ms, the next cycle (for w4 to w6) waits for 8.
    // 1000  w0 finishes: the cycle, armed with 10 ms, admits w1; the next one runs at 1010.
    CHECK(cycle_times(false) == std::vector<std::int64_t>{0, 0, 1, 2, 4, 8, 1000, 1010});
    // --instant: every event gets its cycle at once.
    CHECK(cycle_times(true) == std::vector<std::int64_t>{0, 0, 1, 2, 3, 4, 5, 6});
}
