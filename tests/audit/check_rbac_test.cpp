// KQ5008 (who could vs who did) and the RBAC state it rebuilds, over hand-built views: RBAC
// versions as the store returns them, queue-policy changes as the audit log gives them.
#include "audit/check/rbac_state.h"
#include "check_util.h"

#include <catch2/catch.hpp>

using namespace kg::testing;
using kg::audit::check::HistoryView;

namespace {

kg::audit::RbacVersion rbac(std::string kind, std::string name, std::string verb, std::int64_t ts_s,
                            std::optional<std::string> json, std::string actor = "carol@example.com",
                            std::string origin = "audit") {
    kg::audit::RbacVersion v;
    v.kind = std::move(kind);
    v.name = std::move(name);
    v.verb = std::move(verb);
    v.ts_us = us(ts_s);
    v.time = "t" + std::to_string(ts_s);
    v.json = std::move(json);
    v.actor = std::move(actor);
    v.origin = std::move(origin);
    v.evidence = "audit.log:" + std::to_string(ts_s);
    return v;
}

const char* k_cq_editor =
    R"({"apiVersion":"rbac.authorization.k8s.io/v1","kind":"ClusterRole","metadata":{"name":"cq-editor"},)"
    R"("rules":[{"apiGroups":["kueue.x-k8s.io"],"resources":["clusterqueues"],"verbs":["update","patch"]}]})";

std::string binding(const std::string& name, const std::string& user) {
    return R"({"apiVersion":"rbac.authorization.k8s.io/v1","kind":"ClusterRoleBinding","metadata":{"name":")" + name +
           R"("},"roleRef":{"apiGroup":"rbac.authorization.k8s.io","kind":"ClusterRole","name":"cq-editor"},)"
           R"("subjects":[{"apiGroup":"rbac.authorization.k8s.io","kind":"User","name":")" +
           user + R"("}]})";
}

HistoryView rbac_view() {
    HistoryView v;
    v.rbac.push_back(rbac("ClusterRole", "cq-editor", "snapshot", 0, k_cq_editor, "", "export"));
    v.rbac.push_back(rbac("ClusterRoleBinding", "alice", "snapshot", 0, binding("alice", "alice@example.com"), "", "export"));
    return v;
}

}  // namespace

TEST_CASE("rbac_at replays RBAC versions: last body wins, deletes remove, before the instant only", "[audit][check]") {
    HistoryView v = rbac_view();
    v.rbac.push_back(rbac("ClusterRoleBinding", "bob", "create", 100, binding("bob", "bob@example.com")));
    v.rbac.push_back(rbac("ClusterRoleBinding", "bob", "delete", 200, std::nullopt));
    v.rbac.push_back(rbac("ClusterRoleBinding", "alice", "patch", 300, std::nullopt));  // Metadata level
    CHECK_FALSE(kg::audit::check::rbac_at(v.rbac, 0)->known);
    auto s = kg::audit::check::rbac_at(v.rbac, us(1));
    CHECK(s->known);
    CHECK(s->cluster.roles.size() == 1);
    CHECK(s->cluster.role_bindings.size() == 1);
    CHECK(kg::audit::check::rbac_at(v.rbac, us(150))->cluster.role_bindings.size() == 2);
    CHECK(kg::audit::check::rbac_at(v.rbac, us(250))->cluster.role_bindings.size() == 1);
    auto late = kg::audit::check::rbac_at(v.rbac, us(400));
    CHECK(late->stale == 1);
    CHECK(late->cluster.role_bindings.size() == 1);
    CHECK(late->unreadable == 0);
}

TEST_CASE("KQ5008 reports policy changes the recorded RBAC did not allow, or allowed only just before",
          "[audit][check]") {
    HistoryView v = rbac_view();
    // bob is bound at 10000 s by carol; he patches at 10300 s (5 minutes later).
    v.rbac.push_back(rbac("ClusterRoleBinding", "bob", "create", 10000, binding("bob", "bob@example.com")));
    v.changes.push_back(change("ClusterQueue", "research", "patch", "alice@example.com", 9000));  // standing grant
    v.changes.push_back(change("ClusterQueue", "research", "patch", "mallory@example.com", 9100));  // no grant
    v.changes.push_back(change("ClusterQueue", "research", "patch", "bob@example.com", 10300));    // fresh grant
    v.changes.push_back(change("ClusterQueue", "research", "patch", "bob@example.com", 20000));    // grant now old
    v.changes.push_back(change("ClusterQueue", "research", "delete", "alice@example.com", 20100));  // verb not granted
    v.changes.push_back(change("ClusterQueue", "research", "patch", "root", 20200, {"system:masters"}));
    auto refused = change("ClusterQueue", "research", "patch", "mallory@example.com", 20300);
    refused.code = 403;
    v.changes.push_back(refused);
    auto snapshot = change("ClusterQueue", "research", "snapshot", "", 20400);
    snapshot.origin = "export";
    v.changes.push_back(snapshot);

    auto f = run_rule(v, "KQ5008");
    REQUIRE(f.size() == 3);
    CHECK(f[0].message == "ClusterQueue \"research\" patched by mallory@example.com, whom the RBAC recorded before the "
                          "change did not allow to patch clusterqueues.kueue.x-k8s.io");
    CHECK(f[0].actor == "mallory@example.com");
    CHECK(f[1].message == "ClusterQueue \"research\" patched by bob@example.com 5m0s after the grant that allows it "
                          "appeared: ClusterRoleBinding \"bob\" created by carol@example.com at t10000 "
                          "(audit.log:10000)");
    CHECK(f[2].message == "ClusterQueue \"research\" deleted by alice@example.com, whom the RBAC recorded before the "
                          "change did not allow to delete clusterqueues.kueue.x-k8s.io");

    SECTION("impersonation is judged as the impersonated user") {
        v.changes.clear();
        auto as_alice = change("ClusterQueue", "research", "patch", "mallory@example.com", 9000);
        as_alice.impersonated = "alice@example.com";
        v.changes.push_back(as_alice);
        CHECK(run_rule(v, "KQ5008").empty());
    }
    SECTION("a longer window makes an old grant fresh") {
        v.thresholds.rbac_grant_window_s = 20000;
        CHECK(run_rule(v, "KQ5008").size() == 4);
    }
    SECTION("changes before the first RBAC version are not judged") {
        v.rbac.erase(v.rbac.begin(), v.rbac.begin() + 2);  // only bob's binding at 10000 s remains
        auto g = run_rule(v, "KQ5008");
        // bob's binding names a ClusterRole the evidence lacks: nobody is allowed after 10000 s.
        REQUIRE(g.size() == 3);
        CHECK(g[0].time == "t10300");
    }
    SECTION("silent without RBAC evidence") {
        v.rbac.clear();
        CHECK(run_rule(v, "KQ5008").empty());
    }
    SECTION("only changes inside the period") {
        v.period.from_us = us(10000);
        CHECK(run_rule(v, "KQ5008").size() == 2);
    }
}
