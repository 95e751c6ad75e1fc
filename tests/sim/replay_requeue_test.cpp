// The controller model's requeueing: a finish makes the cohort tree's inadmissible workloads
// active only when Kueue's requeuer fires, k_requeue_batch_ms after the first notice
// (pkg/cache/queue/inadmissible_workloads.go), and notices before that join the same batch.
// With --instant the finish requeues them at once, as before.
#include "sim/replay/api_throughput.h"
#include "sim/replay/replay.h"

#include <catch2/catch.hpp>

#include <deque>
#include <set>

using namespace kg::sim::replay;

namespace {

// Two slots of one ClusterQueue. A head that finds both taken goes to the inadmissible list
// with every active workload (a bulk move of equivalent workloads); a finish brings them
// back only when requeueing is not deferred, else requeue_tree does.
class TwoSlots : public Scheduler {
public:
    void add(const Arrival& a, std::size_t, const std::string&) override { m_active.push_back(a.key()); }
    void finish(std::size_t, const std::string& key) override {
        m_running.erase(key);
        if (!m_deferred) {
            wake();
        }
    }
    CycleResult run_cycle(std::int64_t) override {
        CycleResult r;
        if (m_active.empty()) {
            return r;
        }
        if (m_running.size() < 2) {
            const std::string head = m_active.front();
            m_active.pop_front();
            m_running.insert(head);
            r.admitted.push_back({head, "cq", {{{"rf", "cpu"}, 1000}}, {}, true});
        } else {
            m_inadmissible.insert(m_inadmissible.end(), m_active.begin(), m_active.end());
            m_active.clear();
        }
        return r;
    }
    std::map<std::string, Usage> nominal_quota() const override { return {{"cq", {{{"rf", "cpu"}, 2000}}}}; }
    void defer_requeues(bool on) override { m_deferred = on; }
    bool requeue_tree(const std::string& tree) override {
        trees.push_back(tree);
        return wake();
    }
    std::vector<std::string> trees;  ///< requeue_tree calls, in order

private:
    bool wake() {
        const bool moved = !m_inadmissible.empty();
        m_active.insert(m_active.end(), m_inadmissible.begin(), m_inadmissible.end());
        m_inadmissible.clear();
        return moved;
    }
    std::deque<std::string> m_active, m_inadmissible;
    std::set<std::string> m_running;
    bool m_deferred = false;
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

ReplayResult replay(TwoSlots& stub, bool instant) {
    ReplayOptions options;
    options.throughput.instant = instant;
    options.throughput.kueue = {1000.0, 1000};  // every write lands when made: only requeueing shows
    return run_replay({arrival("a", 0, 500), arrival("b", 0, 700), arrival("c", 0, 100), arrival("d", 0, 100)},
                      stub, options);
}

}  // namespace

TEST_CASE("golden: finishes requeue the inadmissible workloads one batch period later", "[sim][replay][throughput]") {
    // 0     a and b take the two slots; c and d find none and become inadmissible.
    // 500   a finishes: the requeuer is notified, its batch fires at 1500.
    // 700   b finishes: joins the batch waiting (no second requeue).
    // 1500  the batch makes c and d active: c is admitted, finishes at 1600. The cycles at
    //       0 (after b), 500 and 700 admitted nothing, so this one was armed with Kueue's 4 ms
    //       backoff (cycle_backoff.h): d is admitted by the next, at 1504, and finishes at 1604.
    // 1604  the finishes started a second batch, dropped: nothing is left to run, and a
    //       requeue that can change nothing does not extend the run.
    TwoSlots stub;
    ReplayResult r = replay(stub, false);
    REQUIRE(r.workloads.size() == 4);
    CHECK(r.workloads[0].admitted_ms == 0);
    CHECK(r.workloads[1].admitted_ms == 0);
    CHECK(r.workloads[2].admitted_ms == 1500);
    CHECK(r.workloads[2].finished_ms == 1600);
    CHECK(r.workloads[3].admitted_ms == 1504);
    CHECK(r.workloads[3].finished_ms == 1604);
    CHECK(stub.trees == std::vector<std::string>{"cq"});
    CHECK(r.end_ms == 1604);
}

TEST_CASE("golden: with --instant a finish requeues at once", "[sim][replay][throughput]") {
    // 500: a finishes and c, d are active again: c takes a's slot (until 600), d finds none.
    // 600: c finishes, d takes its slot until 700, when b finishes too.
    TwoSlots stub;
    ReplayResult r = replay(stub, true);
    CHECK(r.workloads[2].admitted_ms == 500);
    CHECK(r.workloads[3].admitted_ms == 600);
    CHECK(stub.trees.empty());
    CHECK(r.end_ms == 700);
}
