// ObjectIndex and the Cluster lookups built on it: by name, by namespace and name,
// the last of two objects with one key, keys split anywhere, growth, and an index left
// stale by a change to its vector.
#include "model/cluster.h"
#include "model/object_index.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace kg::model;

namespace {

struct Named {
    std::string ns, name;
};

ObjectIndex index_of(const std::vector<Named>& v) {
    ObjectIndex idx;
    idx.rebuild(v.size(), [&](std::size_t i) { return ObjectKey{v[i].ns, v[i].name}; });
    return idx;
}

std::size_t find(const ObjectIndex& idx, const std::vector<Named>& v, std::string_view ns, std::string_view name) {
    return idx.find({ns, name}, v.size(), [&](std::size_t i) { return ObjectKey{v[i].ns, v[i].name}; });
}

Workload workload(std::string ns, std::string name) {
    Workload w;
    w.meta.namespace_ = Located<std::string>(std::move(ns));
    w.meta.name = Located<std::string>(std::move(name));
    return w;
}

}  // namespace

TEST_CASE("the index finds every object of a thousand by namespace and name", "[model][object_index]") {
    std::vector<Named> v;
    for (int i = 0; i < 1000; ++i) {
        v.push_back({"team-" + std::to_string(i % 7), "job-" + std::to_string(i)});
    }
    ObjectIndex idx = index_of(v);
    for (std::size_t i = 0; i < v.size(); ++i) {
        CHECK(find(idx, v, v[i].ns, v[i].name) == i);
    }
    CHECK(find(idx, v, "team-0", "job-1") == ObjectIndex::npos);  // job-1 is in team-1
    CHECK(find(idx, v, "", "job-0") == ObjectIndex::npos);
    CHECK(find(idx, v, "team-0", "job-1000") == ObjectIndex::npos);
}

TEST_CASE("of two objects with one key the later is found", "[model][object_index]") {
    std::vector<Named> v{{"a", "x"}, {"b", "x"}, {"a", "x"}};
    ObjectIndex idx = index_of(v);
    CHECK(find(idx, v, "a", "x") == 2);
    CHECK(find(idx, v, "b", "x") == 1);
}

TEST_CASE("a key is namespace/name however a caller splits it", "[model][object_index]") {
    // A namespace holding a '/' (hostile input): the CLI's "a/b/c" splits at the first
    // slash, and still finds the object whose namespace is "a/b".
    std::vector<Named> v{{"a/b", "c"}, {"b", "a"}, {"x", "y"}};
    ObjectIndex idx = index_of(v);
    CHECK(find(idx, v, "a/b", "c") == 0);
    CHECK(find(idx, v, "a", "b/c") == 0);
    CHECK(find(idx, v, "b", "a") == 1);
    CHECK(find(idx, v, "a", "b") == ObjectIndex::npos);
    CHECK(find(idx, v, "x/", "y") == ObjectIndex::npos);
    CHECK(find(idx, v, "", "x/y") == ObjectIndex::npos);  // "/x/y"
    // Of two objects that spell one key, the later wins, as for any key.
    std::vector<Named> both{{"a", "b/c"}, {"a/b", "c"}};
    ObjectIndex idx2 = index_of(both);
    CHECK(find(idx2, both, "a", "b/c") == 1);
}

TEST_CASE("an empty index finds nothing", "[model][object_index]") {
    std::vector<Named> v;
    ObjectIndex idx = index_of(v);
    CHECK(find(idx, v, "", "") == ObjectIndex::npos);
    ObjectIndex never_built;
    CHECK(find(never_built, v, "a", "b") == ObjectIndex::npos);
}

TEST_CASE("an index not rebuilt after its objects changed finds no other object", "[model][object_index]") {
    std::vector<Named> v{{"a", "x"}, {"a", "y"}, {"a", "z"}};
    ObjectIndex idx = index_of(v);
    v[1].name = "renamed";
    v.pop_back();
    CHECK(find(idx, v, "a", "x") == 0);
    CHECK(find(idx, v, "a", "y") == ObjectIndex::npos);  // its position now holds another object
    CHECK(find(idx, v, "a", "z") == ObjectIndex::npos);  // its position is gone
}

TEST_CASE("the cluster finds workloads and local queues by namespace, the rest by name", "[model][object_index]") {
    Cluster c;
    c.workloads.push_back(workload("team-a", "job-1"));
    c.workloads.push_back(workload("team-b", "job-1"));
    LocalQueue lq;
    lq.meta.namespace_ = Located<std::string>("team-a");
    lq.meta.name = Located<std::string>("training");
    c.local_queues.push_back(lq);
    ClusterQueue cq;
    cq.meta.name = Located<std::string>("gpu");
    c.cluster_queues.push_back(cq);
    c.reindex();
    REQUIRE(c.find_workload("team-b", "job-1") == &c.workloads[1]);
    REQUIRE(c.find_workload("team-a", "job-1") == &c.workloads[0]);
    CHECK(c.find_workload("team-c", "job-1") == nullptr);
    CHECK(c.find_local_queue("team-a", "training") == &c.local_queues[0]);
    CHECK(c.find_local_queue("team-b", "training") == nullptr);
    CHECK(c.find_cluster_queue("gpu") == &c.cluster_queues[0]);
    CHECK(c.find_cluster_queue("cpu") == nullptr);
}
