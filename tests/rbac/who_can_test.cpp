// who-can's engine (issue 19): every governed action over Kueue's installed RBAC plus the
// bindings its documentation suggests and the typical mistakes, folded per binding subject.
#include "model/loader.h"
#include "rbac/who_can.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace kg;

namespace {

model::Cluster fixture(bool mistakes) {
    model::Cluster c;
    model::DiagSink d;
    std::vector<std::string> paths = {KG_SOURCE_DIR "/testdata/rbac/kueue-installed.yaml",
                                      KG_SOURCE_DIR "/testdata/rbac/kubernetes-bootstrap.yaml",
                                      KG_SOURCE_DIR "/testdata/rbac/bindings.yaml",
                                      KG_SOURCE_DIR "/testdata/rbac/queues.yaml"};
    if (mistakes) {
        paths.push_back(KG_SOURCE_DIR "/testdata/rbac/mistakes.yaml");
    }
    REQUIRE(model::load_paths(paths, c, d));
    REQUIRE(d.items().empty());
    return c;
}

// The sets lint::governed_namespaces computes for queues.yaml (tested in tests/lint) under a
// Configuration with manageJobsWithoutQueueName true: only the unselected namespaces bypass.
const rbac::NamespaceSets k_sets{{"kueue-system", "sandbox", "team-a", "team-b"},
                                 {"team-a", "team-b"},
                                 {"kueue-system", "sandbox"},
                                 {"kueue-system", "sandbox"},
                                 {"kueue-system, sandbox: no ClusterQueue selects the namespace"}};

const rbac::ActionAnswer& action(const std::vector<rbac::ActionAnswer>& all, std::string_view id) {
    auto it = std::find_if(all.begin(), all.end(), [&](const rbac::ActionAnswer& a) { return a.action->id == id; });
    REQUIRE(it != all.end());
    return *it;
}

/// "where|subject|verbs|binding->role" per grant, in the answer's order.
std::vector<std::string> lines(const rbac::ActionAnswer& a) {
    std::vector<std::string> out;
    for (const rbac::ActionGrant& g : a.grants) {
        std::string verbs;
        for (const std::string& v : g.verbs) {
            verbs += (verbs.empty() ? "" : ",") + v;
        }
        std::string names;
        for (const std::string& n : g.resource_names) {
            names += " only " + n;
        }
        out.push_back((g.namespace_.empty() ? "*" : g.namespace_) + "|" +
                      rbac::subject_text(*g.subject, *g.binding->meta.namespace_) + "|" + verbs + names + "|" +
                      *g.binding->meta.name + "->" + *g.role->meta.name);
    }
    return out;
}

}  // namespace

TEST_CASE("batch admins and Kueue's controller can change ClusterQueues; users cannot", "[rbac][who-can]") {
    model::Cluster c = fixture(false);
    rbac::Authorizer az(c);
    auto all = rbac::who_can(az, k_sets, {});
    REQUIRE(all.size() == rbac::governed_actions().size());
    CHECK(lines(action(all, "change-clusterqueues")) ==
          std::vector<std::string>{
              "*|ServiceAccount kueue-system/kueue-controller-manager|update|kueue-manager-rolebinding->kueue-manager-role",
              "*|Group system:masters|create,delete,patch,update|cluster-admin->cluster-admin",
              "*|Group platform-admins|create,delete,patch,update|platform-batch-admins->kueue-batch-admin-role",
              "*|User alice@example.com|create,delete,patch,update|platform-batch-admins->kueue-batch-admin-role"});
    CHECK(action(all, "change-clusterqueues").namespaces.empty());
}

TEST_CASE("namespaced actions list cluster-wide grants once and RoleBindings in their namespace", "[rbac][who-can]") {
    model::Cluster c = fixture(false);
    rbac::Authorizer az(c);
    auto all = rbac::who_can(az, k_sets, {});
    // The researchers' batch-user role edits Jobs in team-a; bob's namespace admin role gets
    // Jobs, Pods, Deployments and StatefulSets from edit, aggregated into admin.
    auto relabel = lines(action(all, "rewrite-queue-name"));
    CHECK(std::count(relabel.begin(), relabel.end(),
                     "team-a|Group ml-researchers|patch,update|researchers->kueue-batch-user-role") == 1);
    CHECK(std::count(relabel.begin(), relabel.end(), "team-b|User bob@example.com|patch,update|team-b-admin->admin") == 1);
    const rbac::ActionAnswer& bypass = action(all, "bypass-queue");
    CHECK(bypass.namespaces == std::vector<std::string>{"kueue-system", "sandbox"});
    // Nobody holds a RoleBinding in sandbox or kueue-system that creates pods or Jobs.
    for (const rbac::ActionGrant& g : bypass.grants) {
        CHECK(g.namespace_.empty());
    }
    // LocalQueue editing is batch-admin's, not the namespace admin's.
    for (const std::string& l : lines(action(all, "change-localqueues"))) {
        CHECK(l.find("bob@example.com") == std::string::npos);
    }
}

TEST_CASE("the mistakes show: cluster-admin group, wildcard role, SA groups, resourceNames, sandbox editors",
          "[rbac][who-can]") {
    model::Cluster c = fixture(true);
    rbac::Authorizer az(c);
    auto all = rbac::who_can(az, k_sets, {});
    auto cq = lines(action(all, "change-clusterqueues"));
    CHECK(std::count(cq.begin(), cq.end(), "*|Group oncall|create,delete,patch,update|oncall-admins->cluster-admin") == 1);
    CHECK(std::count(cq.begin(), cq.end(), "*|Group ml-leads|patch,update|ml-leads-power->kueue-power-user") == 1);
    CHECK(std::count(cq.begin(), cq.end(),
                     "*|ServiceAccount team-a/ci-runner|create,delete,patch,update|team-a-ci-batch-admin->kueue-batch-admin-role") == 1);
    CHECK(std::count(cq.begin(), cq.end(),
                     "*|User carol@example.com|patch,update only research|research-leads-quota->research-quota-tweaker") == 1);
    // resourceNames never allow create: carol cannot create a ClusterQueue.
    auto status = lines(action(all, "patch-workload-status"));
    CHECK(std::count(status.begin(), status.end(),
                     "team-b|Group system:serviceaccounts:team-b|patch|team-b-status->workload-status-writer") == 1);
    auto bypass = lines(action(all, "bypass-queue"));
    CHECK(std::count(bypass.begin(), bypass.end(), "sandbox|Group interns|create|sandbox-editors->edit") == 1);
}

TEST_CASE("--as answers for one identity through its groups", "[rbac][who-can]") {
    model::Cluster c = fixture(true);
    rbac::Authorizer az(c);
    rbac::WhoCanQuery q;
    q.as = rbac::service_account("team-b", "trainer");
    auto all = rbac::who_can(az, k_sets, q);
    CHECK(action(all, "change-clusterqueues").grants.empty());
    CHECK(lines(action(all, "patch-workload-status")) ==
          std::vector<std::string>{"team-b|Group system:serviceaccounts:team-b|patch|team-b-status->workload-status-writer"});
    q.as = rbac::Identity{"eve", {"oncall"}};
    for (const rbac::ActionAnswer& a : rbac::who_can(az, k_sets, q)) {
        CHECK(!a.grants.empty());  // cluster-admin can do everything, everywhere it is asked
    }
    q.as = rbac::Identity{"mallory", {"system:authenticated"}};
    for (const rbac::ActionAnswer& a : rbac::who_can(az, k_sets, q)) {
        CHECK(a.grants.empty());
    }
}

TEST_CASE("filters: actions, subjects and one namespace", "[rbac][who-can]") {
    model::Cluster c = fixture(true);
    rbac::Authorizer az(c);
    rbac::WhoCanQuery q;
    q.actions = {"change-cohorts"};
    q.subjects = {"ServiceAccount:team-a:ci-runner"};
    auto one = rbac::who_can(az, k_sets, q);
    REQUIRE(one.size() == 1);
    CHECK(lines(one[0]) == std::vector<std::string>{
                               "*|ServiceAccount team-a/ci-runner|create,delete,patch,update|team-a-ci-batch-admin->kueue-batch-admin-role"});
    q.subjects = {"Group:ci-runner"};
    CHECK(rbac::who_can(az, k_sets, q)[0].grants.empty());

    rbac::WhoCanQuery ns;
    ns.namespace_ = "team-a";
    auto in_a = rbac::who_can(az, k_sets, ns);
    for (const rbac::ActionAnswer& a : in_a) {
        CHECK(a.action->scope != rbac::ActionScope::cluster);
    }
    CHECK(action(in_a, "bypass-queue").namespaces.empty());  // team-a is selected
    CHECK(action(in_a, "bypass-queue").grants.empty());
    CHECK(action(in_a, "rewrite-queue-name").namespaces == std::vector<std::string>{"team-a"});

    // A namespace the inputs do not show: "every namespace" actions are still asked there.
    ns.namespace_ = "team-c";
    auto in_c = rbac::who_can(az, k_sets, ns);
    CHECK(action(in_c, "change-localqueues").namespaces == std::vector<std::string>{"team-c"});
    CHECK(!action(in_c, "change-localqueues").grants.empty());  // cluster-wide grants reach it
    CHECK(action(in_c, "rewrite-queue-name").namespaces.empty());
}

TEST_CASE("subject patterns name users, groups and service accounts", "[rbac][who-can]") {
    model::Subject sa{"ServiceAccount", "runner", "", {}};
    CHECK(rbac::subject_matches(sa, "team-a", "runner"));
    CHECK(rbac::subject_matches(sa, "team-a", "team-a:runner"));
    CHECK(rbac::subject_matches(sa, "team-a", "system:serviceaccount:team-a:runner"));
    CHECK(rbac::subject_matches(sa, "team-a", "serviceaccount:team-a/runner"));
    CHECK_FALSE(rbac::subject_matches(sa, "team-a", "team-b:runner"));
    CHECK_FALSE(rbac::subject_matches(sa, "team-a", "User:runner"));
    model::Subject g{"Group", "ml", "", {}};
    CHECK(rbac::subject_matches(g, "", "Group:ml"));
    CHECK(rbac::subject_matches(g, "", "ml"));
    CHECK_FALSE(rbac::subject_matches(g, "", "User:ml"));
}

TEST_CASE("the bypass action carries the notes that say why its namespaces bypass", "[rbac][who-can]") {
    model::Cluster c = fixture(false);
    rbac::Authorizer az(c);
    std::vector<rbac::ActionAnswer> all = rbac::who_can(az, k_sets, {});
    CHECK(action(all, "bypass-queue").notes == k_sets.bypass_notes);
    CHECK(action(all, "rewrite-queue-name").notes.empty());
}
