// The replay loop on a scheduler stub with a fixed capacity per queue: arrival
// order, time to admission, finishes freeing capacity, evictions and usage
// integrals are the loop's job, whatever the scheduler decides.
#include "sim/replay/replay.h"

#include <catch2/catch.hpp>

#include <deque>

using namespace kg::sim::replay;

namespace {

// Admits pending workloads in arrival order while `capacity` cpu (milli) is free.
class FifoStub : public Scheduler {
public:
    explicit FifoStub(std::int64_t capacity) : m_capacity(capacity) {}
    void add(const Arrival& a, std::size_t, const std::string&) override {
        std::int64_t cpu = a.base->pod_sets[0].template_spec.containers[0].requests.at("cpu").value.milli_value();
        m_pending.push_back({a.key(), cpu});
    }
    void finish(std::size_t, const std::string& key) override { m_used -= m_held.at(key); }
    CycleResult run_cycle(std::int64_t) override {
        CycleResult r;
        if (!m_pending.empty() && m_used + m_pending.front().second <= m_capacity) {
            auto [key, cpu] = m_pending.front();
            m_pending.pop_front();
            m_used += cpu;
            m_held[key] = cpu;
            r.admitted.push_back({key, "cq", {{{"rf", "cpu"}, cpu}}, {}, true});
        }
        return r;
    }
    std::map<std::string, Usage> nominal_quota() const override { return {{"cq", {{{"rf", "cpu"}, m_capacity}}}}; }

private:
    std::int64_t m_capacity;
    std::int64_t m_used = 0;
    std::deque<std::pair<std::string, std::int64_t>> m_pending;
    std::map<std::string, std::int64_t> m_held;
};

Arrival arrival(const std::string& name, std::int64_t at, std::int64_t runtime, std::int64_t cpu) {
    Arrival a;
    auto wl = std::make_shared<kg::model::Workload>();
    wl->meta.namespace_.value = "ns";
    kg::model::PodSet ps;
    kg::model::Container c;
    c.requests["cpu"] = kg::model::Located<kg::model::Quantity>(kg::model::Quantity::from_int(cpu));
    ps.template_spec.containers.push_back(c);
    wl->pod_sets.push_back(ps);
    a.base = std::move(wl);
    a.name = name;
    a.arrival_ms = at;
    a.runtime_ms = runtime;
    a.workload_class = "c";
    return a;
}

}  // namespace

TEST_CASE("a workload waits until an earlier one finishes and frees quota", "[sim][replay]") {
    FifoStub stub(2000);  // 2 cpu
    ReplayResult r = run_replay({arrival("a", 0, 1000, 2), arrival("b", 100, 500, 2)}, stub);
    REQUIRE(r.workloads.size() == 2);
    CHECK(r.workloads[0].admitted_ms == 0);
    CHECK(r.workloads[0].finished_ms == 1000);
    CHECK(r.workloads[1].admitted_ms == 1000);
    CHECK(r.workloads[1].time_to_admission_ms() == 900);
    CHECK(r.workloads[1].finished_ms == 1500);
    CHECK(r.end_ms == 1500);
    CHECK_FALSE(r.stalled);
    // 2 cpu held for the whole 1.5 s: 2000 milli x 1500 ms.
    CHECK(r.queues.at("cq").used_integral.at({"rf", "cpu"}) == 3'000'000);
}

TEST_CASE("a workload larger than the queue stalls the replay", "[sim][replay]") {
    FifoStub stub(1000);
    ReplayResult r = run_replay({arrival("big", 0, 10, 4)}, stub);
    CHECK(r.stalled);
    CHECK(r.workloads[0].admitted_ms == -1);
}

TEST_CASE("recorded steps follow each workload from arrival to finish in time order", "[sim][replay]") {
    FifoStub stub(2000);
    ReplayOptions options;
    options.record_steps = true;
    ReplayResult r = run_replay({arrival("a", 0, 1000, 2), arrival("b", 100, 500, 2)}, stub, options);
    using K = kg::sim::ReplayStep::Kind;
    std::vector<std::tuple<K, std::int64_t, std::size_t>> got;
    for (const auto& s : r.steps) {
        got.emplace_back(s.kind, s.at_ms, s.workload);
    }
    std::vector<std::tuple<K, std::int64_t, std::size_t>> want{
        {K::created, 0, 0},          {K::quota_reserved, 0, 0}, {K::admitted, 0, 0},
        {K::created, 100, 1},        {K::finished, 1000, 0},    {K::quota_reserved, 1000, 1},
        {K::admitted, 1000, 1},      {K::finished, 1500, 1}};
    CHECK(got == want);
    CHECK(r.steps[1].cluster_queue == "cq");
}

TEST_CASE("steps are not recorded unless asked", "[sim][replay]") {
    FifoStub stub(2000);
    ReplayResult r = run_replay({arrival("a", 0, 1000, 2)}, stub);
    CHECK(r.steps.empty());
}

TEST_CASE("each ClusterQueue's usage over time is a step function whose integral is the usage", "[sim][replay]") {
    FifoStub stub(4000);  // 4 cpu
    // a: 2 cpu over [0, 1000); b: 2 cpu over [100, 600); c: 2 cpu over [600, 1600) once b finished.
    ReplayResult r = run_replay(
        {arrival("a", 0, 1000, 2), arrival("b", 100, 500, 2), arrival("c", 200, 1000, 2)}, stub);
    const auto& tl = r.queues.at("cq").timeline;
    // c is admitted the moment b finishes (600): the usage at 600 does not change, so no sample.
    REQUIRE(tl.size() == 4);
    CHECK(tl[0].at_ms == 0);
    CHECK(tl[0].used.at({"rf", "cpu"}) == 2000);
    CHECK(tl[1].at_ms == 100);
    CHECK(tl[1].used.at({"rf", "cpu"}) == 4000);
    CHECK(tl[2].at_ms == 1000);
    CHECK(tl[2].used.at({"rf", "cpu"}) == 2000);
    CHECK(tl[3].at_ms == 1600);
    CHECK(tl[3].used.at({"rf", "cpu"}) == 0);
    __int128 integral = 0;
    for (std::size_t i = 0; i + 1 < tl.size(); ++i)
        integral += static_cast<__int128>(tl[i].used.at({"rf", "cpu"})) * (tl[i + 1].at_ms - tl[i].at_ms);
    CHECK(integral == r.queues.at("cq").used_integral.at({"rf", "cpu"}));
}

namespace {

// One at a time in arrival order, naming what it admits by row (as SimScheduler does) and
// recording the rows it is told finished.
class RowStub : public Scheduler {
public:
    void add(const Arrival&, std::size_t row, const std::string& key) override { m_pending.push_back({row, key}); }
    void finish(std::size_t row, const std::string&) override {
        finished.push_back(row);
        m_busy = false;
    }
    CycleResult run_cycle(std::int64_t) override {
        CycleResult r;
        if (!m_busy && !m_pending.empty()) {
            auto [row, key] = m_pending.front();
            m_pending.pop_front();
            m_busy = true;
            Admitted a{key, "cq", {{{"rf", "cpu"}, 1000}}, {}, true};
            a.row = row;
            r.admitted.push_back(std::move(a));
        }
        return r;
    }
    std::map<std::string, Usage> nominal_quota() const override { return {{"cq", {{{"rf", "cpu"}, 1000}}}}; }
    std::vector<std::size_t> finished;

private:
    bool m_busy = false;
    std::deque<std::pair<std::size_t, std::string>> m_pending;
};

}  // namespace

TEST_CASE("an admission named by row goes to that row, even when a later arrival has the same key",
          "[sim][replay]") {
    RowStub stub;
    // Two arrivals of ns/dup: by key alone the first admission would be the second row's.
    ReplayResult r = run_replay({arrival("dup", 0, 1000, 1), arrival("dup", 100, 500, 1)}, stub);
    REQUIRE(r.workloads.size() == 2);
    CHECK(r.workloads[0].workload == r.workloads[1].workload);
    CHECK(r.workloads[0].admitted_ms == 0);
    CHECK(r.workloads[0].finished_ms == 1000);
    CHECK(r.workloads[1].admitted_ms == 1000);
    CHECK(r.workloads[1].finished_ms == 1500);
    CHECK(stub.finished == std::vector<std::size_t>{0, 1});
}
