// The replay's dense per-workload records: pod sets shared by the copies of a WorkloadInfo and
// copied on write (PodSets), and workloads numbered once (WorkloadIds) so that pending records
// are reached by index. Both must behave as the vectors and string-keyed maps they replace.
#include "sim/pending_queues.h"
#include "sim/workload_ids.h"
#include "sim/snapshot.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace {

kg::sim::PodSetInfo pod_set(const std::string& name, std::int32_t count) {
    kg::sim::PodSetInfo ps;
    ps.name = name;
    ps.count = count;
    ps.per_pod["cpu"] = 1000;
    return ps;
}

}  // namespace

TEST_CASE("pod sets: copies share them until one is written, and the write is that copy's alone") {
    kg::sim::WorkloadInfo base;
    base.pod_sets.push_back(pod_set("main", 2));
    kg::sim::WorkloadInfo copy = base;
    REQUIRE(copy.pod_sets.size() == 1);
    CHECK(&copy.pod_sets[0] == &base.pod_sets[0]);  // shared, not copied
    copy.pod_sets.push_back(pod_set("workers", 3));
    CHECK(copy.pod_sets.size() == 2);
    REQUIRE(base.pod_sets.size() == 1);
    CHECK(base.pod_sets[0].name == "main");
    CHECK(&copy.pod_sets[0] != &base.pod_sets[0]);  // copied on the write
    copy.pod_sets.clear();
    CHECK(copy.pod_sets.empty());
    CHECK(copy.pod_sets.begin() == copy.pod_sets.end());
    CHECK(base.pod_sets.front().count == 2);
    kg::sim::WorkloadInfo none;
    CHECK(none.pod_sets.empty());
    CHECK(none.pod_sets.size() == 0);
}

TEST_CASE("pending records: a workload inserted again replaces its record in place, keeping its address") {
    kg::sim::PendingQueues q;
    auto make = [&](const std::string& reason) {
        kg::sim::PendingWorkload p;
        p.info.key = "ns/workload-with-a-key-longer-than-sso";
        p.info.cluster_queue = "cq";
        p.shape = q.shape_of("s");
        p.reason = reason;
        return p;
    };
    kg::sim::PendingWorkload& first = q.insert(std::string("ns/workload-with-a-key-longer-than-sso"), make("one"), true,
                                               false, true);
    kg::sim::PendingWorkload& second = q.insert(std::string("ns/workload-with-a-key-longer-than-sso"), make("two"), true,
                                                false, true);
    CHECK(&first == &second);
    REQUIRE(q.find("ns/workload-with-a-key-longer-than-sso") == &second);
    CHECK(second.reason == "two");
    CHECK(q.all().size() == 1);
    CHECK(q.heads({}) == std::vector<std::string>{"ns/workload-with-a-key-longer-than-sso"});
    CHECK(q.take("ns/workload-with-a-key-longer-than-sso").key == "ns/workload-with-a-key-longer-than-sso");
    CHECK(q.find("ns/workload-with-a-key-longer-than-sso") == nullptr);
    CHECK(q.heads({}).empty());
}

TEST_CASE("workload numbers: each key gets one number, from 0, and keeps it") {
    kg::sim::WorkloadIds ids;
    CHECK(ids.find("ns/a") == kg::sim::WorkloadIds::none);  // nothing interned: no table yet
    std::vector<std::string> keys;
    // Enough keys to grow the table several times (64 slots at first, at most half full).
    for (int i = 0; i < 1000; ++i) keys.push_back("ns-" + std::to_string(i % 7) + "/workload-" + std::to_string(i));
    for (std::size_t i = 0; i < keys.size(); ++i) REQUIRE(ids.intern(keys[i]) == i);
    CHECK(ids.size() == keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) {
        CHECK(ids.intern(keys[i]) == i);  // again: the same number, nothing added
        CHECK(ids.find(keys[i]) == i);
        CHECK(ids.key(static_cast<kg::sim::WorkloadIds::Id>(i)) == keys[i]);
    }
    CHECK(ids.size() == keys.size());
    CHECK(ids.find("ns-0/workload-1000") == kg::sim::WorkloadIds::none);
    CHECK(ids.find("") == kg::sim::WorkloadIds::none);
    CHECK(ids.intern("") == keys.size());  // the empty key is a key like any other
    // Keys come from manifests and traces: a NUL inside one, or a long one, is just bytes.
    const std::string with_nul("ns/a\0b", 6);
    const std::string long_key(100000, 'x');
    const auto nul_id = ids.intern(with_nul);
    const auto long_id = ids.intern(long_key);
    CHECK(ids.find(std::string_view("ns/a\0c", 6)) == kg::sim::WorkloadIds::none);
    CHECK(ids.find("ns/a") == kg::sim::WorkloadIds::none);  // the NUL does not end the key
    CHECK(ids.find(with_nul) == nul_id);
    CHECK(ids.find(long_key) == long_id);
    CHECK(ids.key(long_id) == long_key);
}

TEST_CASE("pending records: a number seen before finds nothing once its workload is taken") {
    kg::sim::PendingQueues q;
    auto make = [&]() {
        kg::sim::PendingWorkload p;
        p.info.key = "ns/w";
        p.info.cluster_queue = "cq";
        p.shape = q.shape_of("s");
        return p;
    };
    kg::sim::PendingWorkload& in = q.insert("ns/w", make(), true, false, true);
    const kg::sim::WorkloadIds::Id id = in.info.id;
    CHECK(id == q.ids().find("ns/w"));
    CHECK(q.find(id) == &in);
    CHECK(q.size() == 1);
    kg::sim::WorkloadInfo out = q.take(in);
    CHECK(out.id == id);  // an admission keeps the number
    CHECK(q.find(id) == nullptr);
    CHECK(q.find("ns/w") == nullptr);
    CHECK_FALSE(q.contains("ns/w"));
    CHECK_THROWS_AS(q.at("ns/w"), std::out_of_range);
    CHECK(q.size() == 0);
    CHECK(q.all().empty());
    CHECK(q.find(kg::sim::WorkloadIds::none) == nullptr);
}
