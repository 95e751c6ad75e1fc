// Who could vs who did (issue 19 item 4). A successful write to queue policy by an identity
// that the RBAC recorded just before it did not allow means the RBAC evidence is incomplete
// or something other than RBAC authorized it (system:masters, a webhook authorizer, a
// break-glass credential). A write allowed only by a grant that appeared shortly before it
// is the pattern of an escalation: bind yourself, change the queue, perhaps unbind. Whether
// RBAC allows a request is asked of rbac::Authorizer, as who-can and the lint rules ask it.
#include "audit/check/identity.h"
#include "audit/check/rbac_state.h"
#include "audit/check/rules/helpers.h"
#include "audit/check/rules/rules.h"
#include "rbac/authorizer.h"

#include <map>
#include <set>

namespace kg::audit::check::rules {

const RuleInfo k_kq5008{"KQ5008", "policy-change-without-standing-grant",
                        RuleFamily::history, RuleScope::history, Severity::warning,
                        "A queue-policy change was made by an identity the recorded RBAC did not allow, or allowed "
                        "only through a grant that appeared just before",
                        "Find what authorized the change (system:masters, another authorizer, a grant the evidence "
                        "lacks) and ingest the missing RBAC exports; review and remove grants made for one change.",
                        /*defers=*/false, /*security=*/true};

namespace {

/// The resource (plural, kueue.x-k8s.io) of a queue-policy kind; "" for a kind RBAC is not asked about.
std::string resource_of(const std::string& kind) {
    static const std::map<std::string, std::string> k{
        {"ClusterQueue", "clusterqueues"},     {"Cohort", "cohorts"},
        {"ResourceFlavor", "resourceflavors"}, {"LocalQueue", "localqueues"},
        {"WorkloadPriorityClass", "workloadpriorityclasses"}, {"AdmissionCheck", "admissionchecks"},
        {"Topology", "topologies"}};
    auto it = k.find(kind);
    return it == k.end() ? "" : it->second;
}

/// The identity the API server authorized: with impersonation the impersonated user (whose
/// groups the log does not give: only system:authenticated is assumed).
rbac::Identity identity_of(const audit::ObjectChange& c) {
    if (!c.impersonated.empty()) return {c.impersonated, {"system:authenticated"}};
    return {c.actor, c.actor_groups};
}

bool superuser(const rbac::Identity& id) {
    for (const std::string& g : id.groups)
        if (g == "system:masters") return true;  // authorized before RBAC is asked
    return false;
}

/// States by the number of versions they include, so changes between the same two RBAC
/// writes share one loaded state.
class States {
public:
    explicit States(const std::vector<audit::RbacVersion>& v) : m_v(v) {}
    const RbacState& at(std::int64_t at_us) {
        std::size_t n = 0;
        while (n < m_v.size() && m_v[n].ts_us < at_us) ++n;
        auto& slot = m_cache[n];
        if (!slot) {
            slot = rbac_at(m_v, at_us);
            m_az[n] = std::make_unique<rbac::Authorizer>(slot->cluster);
        }
        m_last = n;
        return *slot;
    }
    const rbac::Authorizer& authorizer() const { return *m_az.at(m_last); }

private:
    const std::vector<audit::RbacVersion>& m_v;
    std::map<std::size_t, std::unique_ptr<RbacState>> m_cache;
    std::map<std::size_t, std::unique_ptr<rbac::Authorizer>> m_az;
    std::size_t m_last = 0;
};

}  // namespace

void check_kq5008(const HistoryView& v, FindingSink& out) {
    if (v.rbac.empty()) {
        return;  // no RBAC evidence: nothing to compare with (audit check says what it read)
    }
    States states(v.rbac);
    const std::int64_t window_us = v.thresholds.rbac_grant_window_s * 1000000;
    for (const audit::ObjectChange& c : v.changes) {
        const std::string resource = resource_of(c.kind);
        if (c.origin != "audit" || c.verb == "snapshot" || resource.empty() || refused(c.code) ||
            !v.period.contains(c.ts_us)) {
            continue;
        }
        const rbac::Identity id = identity_of(c);
        if (id.user.empty() || superuser(id)) {
            continue;
        }
        rbac::Request req{c.verb, "kueue.x-k8s.io", resource, "", c.verb == "create" ? "" : c.name, c.namespace_};
        const RbacState& now = states.at(c.ts_us);
        if (!now.known) {
            continue;  // no RBAC version before the change: unknown, not "refused"
        }
        const std::vector<rbac::Grant> grants = states.authorizer().allows(id, req);
        Report r;
        r.evidence = c.evidence;
        r.object = {c.kind, c.namespace_, c.name};
        r.actor = c.actor;
        r.time = c.time;
        r.ts_us = c.ts_us;
        const std::string what = describe(c.kind, c.namespace_, c.name) + " " + past_tense(c.verb) + " by " +
                                 describe_actor(c.actor, c.impersonated);
        if (grants.empty()) {
            r.path = "rbac";
            r.message = what + ", whom the RBAC recorded before the change did not allow to " + c.verb + " " +
                        resource + ".kueue.x-k8s.io" + (c.namespace_.empty() ? "" : " in namespace " + c.namespace_);
            if (now.stale) r.message += " (" + std::to_string(now.stale) + " RBAC object(s) changed without a logged body)";
            out.report(k_kq5008, std::move(r));
            continue;
        }
        // Allowed now: was it allowed a window earlier? If not, name the write to a granting
        // binding or role inside the window that made the difference.
        const RbacState& before = states.at(c.ts_us - window_us);
        if (before.known && !states.authorizer().allows(id, req).empty()) {
            continue;
        }
        std::set<std::string> granting;
        for (const rbac::Grant& g : grants) {
            granting.insert((g.binding->cluster ? "ClusterRoleBinding/" : "RoleBinding/") + *g.binding->meta.namespace_ +
                            "/" + *g.binding->meta.name);
            granting.insert((g.role->cluster ? "ClusterRole/" : "Role/") + *g.role->meta.namespace_ + "/" +
                            *g.role->meta.name);
        }
        const audit::RbacVersion* recent = nullptr;
        for (const audit::RbacVersion& rv : v.rbac) {
            if (rv.ts_us >= c.ts_us) break;
            if (rv.ts_us >= c.ts_us - window_us && rv.origin == "audit" &&
                granting.count(rv.kind + "/" + rv.namespace_ + "/" + rv.name))
                recent = &rv;  // the last one before the change
        }
        if (!recent) {
            continue;  // allowed, and no grant of it was written in the window
        }
        r.path = "rbac";
        r.message = what + " " + format_duration((c.ts_us - recent->ts_us) / 1000000) +
                    " after the grant that allows it appeared: " +
                    describe_rbac(recent->kind, recent->namespace_, recent->name) + " " + past_tense(recent->verb) +
                    " by " + describe_actor(recent->actor, recent->impersonated) + " at " + recent->time + " (" +
                    recent->evidence + ")";
        out.report(k_kq5008, std::move(r));
    }
}

}  // namespace kg::audit::check::rules
