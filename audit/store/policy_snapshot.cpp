#include "audit/store/policy_snapshot.h"

#include "audit/store/connection.h"
#include "audit/store/query_rows.h"

namespace kg::audit::query {

std::vector<PolicyObjectText> policy_objects_at(const EvidenceStore& st, std::int64_t at_us) {
    // Refused writes (code >= 300) never changed the object; versions without a body cannot
    // show it, but a delete ends it whatever the level.
    store::Stmt s(st.db(),
                  "SELECT t.kind, t.namespace, t.name, t.verb, t.object_json, t.time, s.path, t.line "
                  "FROM object_versions t JOIN batches b ON b.id = t.batch_id JOIN sources s ON s.id = b.source_id "
                  "WHERE t.kind NOT IN " + std::string(detail::k_rbac_kinds) + " AND t.ts_us < ?1 AND (t.code IS NULL OR t.code < 300) "
                  "AND (t.object_json IS NOT NULL OR t.verb = 'delete') AND " + detail::cluster_clause(st, "t") +
                      " ORDER BY t.kind, t.namespace, t.name, t.ts_us, t.id");
    s.bind(1, at_us);
    detail::bind_scope(s, st);
    std::vector<PolicyObjectText> out;
    bool last_deleted = false;
    while (s.step()) {
        const bool same = !out.empty() && out.back().kind == s.text_view(0) && out.back().namespace_ == s.text_view(1) &&
                          out.back().name == s.text_view(2);
        // The newest version of an object replaces the one before it; an object whose newest
        // version is a delete is dropped when the next object starts (or at the end).
        if (same || (last_deleted && !out.empty())) out.pop_back();
        last_deleted = s.text_view(3) == "delete";
        PolicyObjectText o;
        o.kind = s.text(0);
        o.namespace_ = s.text(1);
        o.name = s.text(2);
        if (!s.is_null(4)) o.json = s.text(4);
        o.time = s.text(5);
        o.evidence = s.text(6) + ":" + std::to_string(s.int64(7));
        out.push_back(std::move(o));
    }
    if (last_deleted && !out.empty()) out.pop_back();
    return out;
}

}  // namespace kg::audit::query
