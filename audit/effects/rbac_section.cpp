// C7 (rbac_section.h): two RBAC states rebuilt from the store, each asked of rbac::who_can for
// the queue-policy actions, and the audit-log RBAC writes between them.
#include "audit/effects/rbac_section.h"

#include "audit/check/rbac_state.h"
#include "rbac/who_can.h"

#include <map>
#include <set>
#include <tuple>

namespace kg::audit::effects {

namespace {

RbacPoint point(const std::vector<audit::RbacVersion>& versions, std::int64_t at_us) {
    RbacPoint p;
    p.at_us = at_us;
    const auto st = check::rbac_at(versions, at_us);
    p.known = st->known;
    p.stale = st->stale;
    if (!p.known) return p;
    const rbac::Authorizer az(st->cluster);
    rbac::WhoCanQuery q;
    for (const rbac::GovernedAction& a : rbac::governed_actions())
        if (a.category == rbac::ActionCategory::queue_policy) q.actions.push_back(a.id);
    // Queue-policy actions are cluster-scoped: no namespace is asked.
    const std::vector<rbac::ActionAnswer> answers = rbac::who_can(az, rbac::NamespaceSets{}, q);
    // One line per (subject, binding, role), with the actions it allows in catalogue order.
    std::map<std::tuple<std::string, std::string, std::string>, std::vector<std::string>> lines;
    for (const rbac::ActionAnswer& a : answers)
        for (const rbac::ActionGrant& g : a.grants) {
            const std::string binding = std::string(g.binding->cluster ? "ClusterRoleBinding " : "RoleBinding ") +
                                        (g.binding->meta.namespace_->empty() ? "" : *g.binding->meta.namespace_ + "/") +
                                        *g.binding->meta.name;
            const std::string role = std::string(g.role->cluster ? "ClusterRole " : "Role ") + *g.role->meta.name;
            auto& acts = lines[{rbac::subject_text(*g.subject, g.namespace_), binding, role}];
            if (acts.empty() || acts.back() != a.action->id) acts.push_back(a.action->id);
        }
    for (const auto& [key, acts] : lines) {
        std::string joined;
        for (const std::string& id : acts) joined += (joined.empty() ? "" : ", ") + id;
        p.grants.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key), joined, ""});
    }
    return p;
}

std::string key_of(const RbacGrantLine& g) { return g.subject + "\n" + g.binding + "\n" + g.role + "\n" + g.actions; }

}  // namespace

RbacSection rbac_section(const std::vector<audit::RbacVersion>& versions, std::int64_t from_us, std::int64_t to_us) {
    RbacSection s;
    s.any_evidence = !versions.empty();
    s.start = point(versions, from_us);
    s.end = point(versions, to_us);
    if (s.start.known && s.end.known) {
        std::set<std::string> at_start, at_end;
        for (const auto& g : s.start.grants) at_start.insert(key_of(g));
        for (const auto& g : s.end.grants) at_end.insert(key_of(g));
        for (auto& g : s.start.grants)
            if (!at_end.count(key_of(g))) g.since_start = "removed";
        for (auto& g : s.end.grants)
            if (!at_start.count(key_of(g))) g.since_start = "added";
    }
    for (const audit::RbacVersion& v : versions) {
        if (v.origin != "audit" || v.ts_us < from_us || v.ts_us >= to_us) continue;
        RbacChangeLine c;
        c.time = v.time;
        c.actor = v.impersonated.empty() ? v.actor : v.actor + " (as " + v.impersonated + ")";
        c.verb = v.verb;
        c.object = check::describe_rbac(v.kind, v.namespace_, v.name);
        c.evidence = v.evidence;
        c.body = v.json.has_value() || v.verb == "delete";
        s.changes.push_back(std::move(c));
    }
    return s;
}

}  // namespace kg::audit::effects
