// RBAC history read from the store: every version of the RBAC objects, so the history rules
// and the evidence report can rebuild who could do what at any instant (KQ5008, section C7).
#include "audit/store/queries.h"

#include "audit/store/query_rows.h"

namespace kg::audit::query {

using namespace detail;
using store::Stmt;

std::vector<audit::RbacVersion> rbac_versions(const EvidenceStore& st) {
    // Refused writes changed nothing; they are not versions of the object.
    std::string sql =
        "SELECT t.kind, t.namespace, t.name, t.origin, t.verb, COALESCE(t.actor, ''), COALESCE(t.impersonated, ''), "
        "t.time, t.ts_us, t.object_json, s.path, t.line FROM object_versions t";
    sql += k_evidence_join;
    sql += std::string("WHERE t.kind IN ") + k_rbac_kinds + " AND (t.code IS NULL OR t.code < 300) AND " +
           cluster_clause(st, "t") + " ORDER BY t.ts_us, t.id";
    Stmt s(st.db(), sql);
    bind_scope(s, st);
    std::vector<audit::RbacVersion> out;
    while (s.step()) {
        audit::RbacVersion v;
        v.kind = s.text(0);
        v.namespace_ = s.text(1);
        v.name = s.text(2);
        v.origin = s.text(3);
        v.verb = s.text(4);
        v.actor = s.text(5);
        v.impersonated = s.text(6);
        v.time = s.text(7);
        v.ts_us = s.int64(8);
        if (v.verb != "delete") v.json = opt_text(s, 9);
        v.evidence = evidence(s, 10, 11);
        out.push_back(std::move(v));
    }
    return out;
}

}  // namespace kg::audit::query
