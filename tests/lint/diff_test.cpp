// Field-level and quota-level differences between two versions of queue manifests.
#include "lint/diff.h"
#include "model/loader.h"

#include <catch2/catch.hpp>

using namespace kg::model;
using namespace kg::lint;

namespace {

Cluster load(const std::string& text) {
    Cluster c;
    DiagSink d;
    load_text("in.yaml", text, c, d);
    REQUIRE(d.empty());
    return c;
}

std::string cq(const std::string& name, const std::string& nominal, const std::string& extra = "") {
    return "apiVersion: kueue.x-k8s.io/v1beta2\nkind: ClusterQueue\nmetadata: {name: " + name +
           "}\nspec:\n  cohortName: pool\n" + extra +
           "  resourceGroups:\n  - coveredResources: [nvidia.com/gpu]\n    flavors:\n    - name: h100\n"
           "      resources:\n      - name: nvidia.com/gpu\n        nominalQuota: " + nominal + "\n---\n";
}

}  // namespace

TEST_CASE("identical manifests have no diff", "[model][diff]") {
    Cluster a = load(cq("a", "8"));
    Cluster b = load(cq("a", "8"));
    CHECK(diff_clusters(a, b).empty());
}

TEST_CASE("a quota change shows the field, the exact delta and the cohort total", "[model][diff]") {
    ClusterDiff d = diff_clusters(load(cq("a", "8") + cq("b", "4")), load(cq("a", "12") + cq("b", "4")));
    REQUIRE(d.objects.size() == 1);
    CHECK(d.objects[0].name == "a");
    REQUIRE(d.objects[0].fields.size() == 1);
    CHECK(d.objects[0].fields[0].path == "spec.resourceGroups[0].flavors[h100].resources[nvidia.com/gpu].nominalQuota");
    CHECK(d.objects[0].fields[0].before == "8");
    CHECK(d.objects[0].fields[0].after == "12");
    REQUIRE(d.cluster_queue_quota.size() == 1);
    CHECK(d.cluster_queue_quota[0].nominal_delta.to_string() == "4");
    REQUIRE(d.cohort_quota.size() == 1);
    CHECK(d.cohort_quota[0].owner == "pool");
    CHECK(d.cohort_quota[0].nominal_before->to_string() == "12");
    CHECK(d.cohort_quota[0].nominal_after->to_string() == "16");
}

TEST_CASE("a removed queue loses all its guaranteed capacity", "[model][diff]") {
    ClusterDiff d = diff_clusters(load(cq("a", "8") + cq("b", "4")), load(cq("a", "8")));
    REQUIRE(d.objects.size() == 1);
    CHECK(d.objects[0].change == ChangeKind::removed);
    REQUIRE(d.cluster_queue_quota.size() == 1);
    CHECK(d.cluster_queue_quota[0].owner == "b");
    CHECK(d.cluster_queue_quota[0].nominal_delta.to_string() == "-4");
}

TEST_CASE("policy fields are compared by Kueue's spelling", "[model][diff]") {
    ClusterDiff d = diff_clusters(load(cq("a", "8")), load(cq("a", "8", "  queueingStrategy: StrictFIFO\n")));
    REQUIRE(d.objects.size() == 1);
    REQUIRE(d.objects[0].fields.size() == 1);
    CHECK(d.objects[0].fields[0].path == "spec.queueingStrategy");
    CHECK(d.objects[0].fields[0].before == "BestEffortFIFO");
    CHECK(d.objects[0].fields[0].after == "StrictFIFO");
    CHECK(d.cluster_queue_quota.empty());
}
