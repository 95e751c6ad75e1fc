// QueueIndex must answer exactly as the cluster's own lookups it replaces in the rules
// (Cluster::find_local_queue, find_local_queue_for, then find_cluster_queue): the last
// definition wins, an object without a namespace also sees "default", and "namespace/name"
// keys that collide in the cluster's index collide in QueueIndex too.
#include "lint/rules/helpers.h"
#include "lint/rules/queue_index.h"
#include "model/loader.h"

#include <catch2/catch.hpp>

#include <string>

namespace {

std::string local_queue(const std::string& ns, const std::string& name, const std::string& cq) {
    return "---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: LocalQueue\nmetadata:\n  name: \"" + name +
           "\"\n" + (ns.empty() ? "" : "  namespace: \"" + ns + "\"\n") + "spec:\n  clusterQueue: " + cq + "\n";
}

std::string cluster_queue(const std::string& name) {
    return "---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: ClusterQueue\nmetadata:\n  name: " + name +
           "\nspec:\n  namespaceSelector: {}\n";
}

}  // namespace

TEST_CASE("QueueIndex answers as the cluster's lookups do", "[lint][queue-index]") {
    std::string text = cluster_queue("cq-a") + cluster_queue("cq-b") +
                       local_queue("team-a", "q1", "cq-a") + local_queue("team-a", "q1", "cq-b") +  // later wins
                       local_queue("default", "q2", "cq-a") + local_queue("", "q3", "cq-b") +
                       local_queue("team-b", "q4", "cq-missing") +
                       local_queue("a", "b/c", "cq-a") + local_queue("a/b", "c", "cq-b");  // both key "a/b/c"
    kg::model::Cluster c;
    kg::model::DiagSink diags;
    kg::model::load_text("m.yaml", text, c, diags);
    REQUIRE(c.local_queues.size() == 7);
    const kg::lint::rules::QueueIndex index(c);
    int found = 0;
    for (const std::string ns : {"", "team-a", "team-b", "default", "a", "a/b", "other"}) {
        for (const std::string name : {"q1", "q2", "q3", "q4", "b/c", "c", "missing"}) {
            INFO("namespace \"" << ns << "\", name \"" << name << "\"");
            CHECK(index.local_queue_in(ns, name) == c.find_local_queue(ns, name));
            const kg::model::LocalQueue* lq = kg::lint::rules::find_local_queue_for(c, ns, name);
            CHECK(index.local_queue(ns, name) == lq);
            CHECK(index.cluster_queue(ns, name) == (lq ? c.find_cluster_queue(*lq->cluster_queue) : nullptr));
            found += lq != nullptr;
        }
    }
    CHECK(found == 7);  // team-a/q1, default/q2, ""/q2, ""/q3, team-b/q4, and "a/b/c" from two sides
    REQUIRE(index.cluster_queue("team-a", "q1") != nullptr);
    CHECK(*index.cluster_queue("team-a", "q1")->meta.name == "cq-b");
    CHECK(index.cluster_queue("team-b", "q4") == nullptr);
}
