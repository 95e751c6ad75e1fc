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
    // a's nominal, and b's ceiling: b can now borrow a's extra 4.
    REQUIRE(d.cluster_queue_quota.size() == 2);
    CHECK(d.cluster_queue_quota[0].nominal_delta.to_string() == "4");
    CHECK(d.cluster_queue_quota[1].owner == "b");
    CHECK(d.cluster_queue_quota[1].nominal_delta.to_string() == "0");
    CHECK(d.cluster_queue_quota[1].ceiling_before->value() == 12);
    CHECK(d.cluster_queue_quota[1].ceiling_after->value() == 16);
    REQUIRE(d.cohort_quota.size() == 1);
    CHECK(d.cohort_quota[0].owner == "pool");
    CHECK(d.cohort_quota[0].nominal_before->to_string() == "12");
    CHECK(d.cohort_quota[0].nominal_after->to_string() == "16");
}

TEST_CASE("a removed queue loses its nominal quota, and the others the part it lent", "[model][diff]") {
    ClusterDiff d = diff_clusters(load(cq("a", "8") + cq("b", "4")), load(cq("a", "8")));
    REQUIRE(d.objects.size() == 1);
    CHECK(d.objects[0].change == ChangeKind::removed);
    REQUIRE(d.cluster_queue_quota.size() == 2);
    CHECK(d.cluster_queue_quota[0].owner == "a");
    CHECK(d.cluster_queue_quota[0].ceiling_before->value() == 12);
    CHECK(d.cluster_queue_quota[0].ceiling_after->value() == 8);
    CHECK(d.cluster_queue_quota[1].owner == "b");
    CHECK(d.cluster_queue_quota[1].nominal_delta.to_string() == "-4");
    CHECK(!d.cluster_queue_quota[1].ceiling_after);
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

namespace {

std::string lending_cq(const std::string& name, const std::string& nominal, const std::string& lending) {
    return "apiVersion: kueue.x-k8s.io/v1beta2\nkind: ClusterQueue\nmetadata: {name: " + name +
           "}\nspec:\n  cohortName: pool\n  resourceGroups:\n  - coveredResources: [nvidia.com/gpu]\n    flavors:\n"
           "    - name: h100\n      resources:\n      - name: nvidia.com/gpu\n        nominalQuota: " + nominal +
           "\n        lendingLimit: " + lending + "\n---\n";
}

}  // namespace

TEST_CASE("guaranteed capacity is nominal minus lendingLimit, so 16 -> 8 with lending 8 -> 4 loses 4", "[lint][diff]") {
    ClusterDiff d = diff_clusters(load(lending_cq("a", "16", "8") + cq("b", "4")),
                                  load(lending_cq("a", "8", "4") + cq("b", "4")));
    REQUIRE(d.cluster_queue_quota.size() >= 1);
    const QuotaDelta& a = d.cluster_queue_quota[0];
    CHECK(a.owner == "a");
    CHECK(a.nominal_delta.to_string() == "-8");
    REQUIRE(a.guaranteed_before);
    REQUIRE(a.guaranteed_after);
    CHECK(a.guaranteed_before->value() == 8);
    CHECK(a.guaranteed_after->value() == 4);
    CHECK(a.guaranteed_delta.value() == -4);
    // a's ceiling: its own 8 (16) plus what b lends (all 4 of it).
    CHECK(a.ceiling_before->value() == 20);
    CHECK(a.ceiling_after->value() == 12);
}

TEST_CASE("a queue without a cohort counts on all its nominal; one in a cohort without lendingLimit on none",
          "[lint][diff]") {
    const std::string alone =
        "apiVersion: kueue.x-k8s.io/v1beta2\nkind: ClusterQueue\nmetadata: {name: solo}\nspec:\n  resourceGroups:\n"
        "  - coveredResources: [cpu]\n    flavors:\n    - name: default\n      resources:\n      - name: cpu\n"
        "        nominalQuota: 6\n";
    ClusterDiff d = diff_clusters(load(cq("a", "8")), load(alone));
    REQUIRE(d.cluster_queue_quota.size() == 2);
    CHECK(d.cluster_queue_quota[0].owner == "a");
    CHECK(d.cluster_queue_quota[0].guaranteed_before->value() == 0);
    CHECK(d.cluster_queue_quota[0].ceiling_before->value() == 8);
    CHECK(!d.cluster_queue_quota[0].guaranteed_after);
    CHECK(d.cluster_queue_quota[1].owner == "solo");
    CHECK(d.cluster_queue_quota[1].guaranteed_after->value() == 6000);  // cpu in milli
    CHECK(d.cluster_queue_quota[1].guaranteed_delta.value() == 6000);
}
