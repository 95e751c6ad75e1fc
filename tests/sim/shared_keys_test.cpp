// The replay's dense per-workload records: pod sets shared by the copies of a WorkloadInfo and
// copied on write (PodSets), and maps whose key views the entry's own key (OwnKey), re-pointed
// in place. Both must behave as the vectors and string-keyed maps they replace.
#include "sim/pending_queues.h"
#include "sim/own_key.h"
#include "sim/snapshot.h"

#include <catch2/catch.hpp>

#include <string>
#include <unordered_map>

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

TEST_CASE("own keys: an entry is found by an equal string after the one it was inserted with is gone") {
    std::unordered_map<kg::sim::OwnKey, std::string, kg::sim::OwnKeyHash> m;
    {
        std::string temporary = "ns/a-workload-name-longer-than-sso";
        auto [it, fresh] = m.try_emplace(temporary, temporary);
        REQUIRE(fresh);
        it->first.set_view(it->second);
    }
    auto it = m.find(std::string("ns/a-workload-name-longer-than-sso"));
    REQUIRE(it != m.end());
    CHECK(it->first.view.data() == it->second.data());  // the key is the value's own
    CHECK(m.find(std::string("ns/other")) == m.end());
}

TEST_CASE("own keys: a pending workload inserted again replaces the entry in place, keeping its address") {
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
