// chargeback -n/-l (audit/chargeback_scope.h): rows are narrowed after the math, the total is
// re-added from the rows kept, and unpriced pairs follow the rows.
#include "audit/chargeback_scope.h"
#include "model/loader.h"
#include "model/selector_text.h"

#include <catch2/catch.hpp>

namespace {

kg::audit::ChargebackRow row(std::string ns, std::string lq, std::string flavor, std::optional<__int128> cost) {
    kg::audit::ChargebackRow r;
    r.cluster_queue = "cq";
    r.namespace_ = std::move(ns);
    r.local_queue = std::move(lq);
    r.flavor = std::move(flavor);
    r.resource = "cpu";
    r.used = 1000;
    r.cost_micro = cost;
    return r;
}

kg::audit::ChargebackResult result() {
    kg::audit::ChargebackResult res;
    res.rows = {row("__idle__", "", "on-demand", 5), row("nlp", "training", "on-demand", 7),
                row("nlp", "adhoc", "spot", std::nullopt), row("vision", "training", "spot", std::nullopt)};
    res.total_cost_micro = 12;
    res.unpriced = {"spot/cpu"};
    return res;
}

}  // namespace

TEST_CASE("-n keeps the namespace's rows and re-adds the total", "[audit][chargeback][scope]") {
    auto res = result();
    kg::audit::ChargebackScope scope;
    scope.namespace_ = "nlp";
    CHECK(kg::audit::scope_chargeback(res, scope) == 2);
    REQUIRE(res.rows.size() == 2);
    CHECK(res.rows[0].local_queue == "training");
    CHECK(res.rows[1].local_queue == "adhoc");
    REQUIRE(res.total_cost_micro.has_value());
    CHECK(static_cast<long long>(*res.total_cost_micro) == 7);
    CHECK(res.unpriced == std::vector<std::string>{"spot/cpu"});
}

TEST_CASE("-l keeps the rows of the selected LocalQueues; unpriced pairs follow the rows", "[audit][chargeback][scope]") {
    kg::model::Cluster cluster;
    kg::model::DiagSink diags;
    kg::model::load_text("q.yaml", R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata: {name: training, namespace: nlp, labels: {cost-center: ml}}
spec: {clusterQueue: cq}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata: {name: training, namespace: vision}
spec: {clusterQueue: cq}
)", cluster, diags);
    REQUIRE(diags.error_count() == 0);
    kg::audit::ChargebackScope scope;
    scope.local_queues = kg::audit::local_queues_matching(cluster, *kg::model::parse_selector_text("cost-center=ml"));
    auto res = result();
    CHECK(kg::audit::scope_chargeback(res, scope) == 3);
    REQUIRE(res.rows.size() == 1);
    CHECK(res.rows[0].namespace_ == "nlp");
    REQUIRE(res.total_cost_micro.has_value());
    CHECK(static_cast<long long>(*res.total_cost_micro) == 7);
    CHECK(res.unpriced.empty());  // the spot rows went, and their warning with them
}

TEST_CASE("no scope leaves the result as it is", "[audit][chargeback][scope]") {
    auto res = result();
    CHECK(kg::audit::scope_chargeback(res, {}) == 0);
    CHECK(res.rows.size() == 4);
    REQUIRE(res.total_cost_micro.has_value());
    CHECK(static_cast<long long>(*res.total_cost_micro) == 12);
}
