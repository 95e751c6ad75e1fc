// Queue-policy history read from the store: each captured version of a policy object
// compared field by field (flattened paths such as spec.resourceGroups[0].flavors[1].name)
// with the previous version of the same object.
#include "audit/store/queries.h"

#include "audit/store/query_rows.h"

#include <algorithm>
#include <map>

namespace kg::audit::query {

using namespace detail;
using store::Stmt;

namespace {

void flatten(const model::yaml::Node& n, const std::string& prefix, std::map<std::string, std::string>& out) {
    using K = model::yaml::Node::Kind;
    switch (n.kind) {
        case K::null: out[prefix] = "null"; break;
        case K::scalar: out[prefix] = n.scalar; break;
        case K::sequence:
            if (n.items.empty()) out[prefix] = "[]";
            for (std::size_t i = 0; i < n.items.size(); ++i) flatten(n.items[i], prefix + "[" + std::to_string(i) + "]", out);
            break;
        case K::mapping:
            if (n.entries.empty()) out[prefix] = "{}";
            for (const auto& e : n.entries) {
                const bool plain = e.key.find_first_of("./[]") == std::string::npos;
                flatten(e.value, plain ? prefix + "." + e.key : prefix + "[\"" + e.key + "\"]", out);
            }
            break;
    }
}

/// The fields a policy change is about: spec, labels, annotations (minus kubectl's copy of the
/// whole object), finalizers and the deletion mark.
std::map<std::string, std::string> policy_fields(const model::yaml::Node& obj) {
    std::map<std::string, std::string> out;
    if (const auto* spec = obj.get("spec")) flatten(*spec, "spec", out);
    if (const auto* meta = obj.get("metadata")) {
        if (const auto* l = meta->get("labels")) flatten(*l, "metadata.labels", out);
        if (const auto* a = meta->get("annotations")) flatten(*a, "metadata.annotations", out);
        if (const auto* f = meta->get("finalizers")) flatten(*f, "metadata.finalizers", out);
        if (const auto* d = meta->get("deletionTimestamp")) flatten(*d, "metadata.deletionTimestamp", out);
    }
    out.erase("metadata.annotations[\"kubectl.kubernetes.io/last-applied-configuration\"]");
    return out;
}

std::vector<audit::FieldChange> diff(const std::map<std::string, std::string>& a,
                                     const std::map<std::string, std::string>& b) {
    std::vector<audit::FieldChange> out;
    auto ia = a.begin();
    auto ib = b.begin();
    while (ia != a.end() || ib != b.end()) {
        if (ib == b.end() || (ia != a.end() && ia->first < ib->first)) {
            out.push_back({ia->first, ia->second, std::nullopt});
            ++ia;
        } else if (ia == a.end() || ib->first < ia->first) {
            out.push_back({ib->first, std::nullopt, ib->second});
            ++ib;
        } else {
            if (ia->second != ib->second) out.push_back({ia->first, ia->second, ib->second});
            ++ia;
            ++ib;
        }
    }
    return out;
}

}  // namespace

std::vector<audit::ObjectChange> object_changes(const EvidenceStore& st, const ChangeFilter& f) {
    std::vector<audit::ObjectChange> out;
    std::string sql =
        "SELECT t.kind, t.namespace, t.name, COALESCE(t.uid, ''), COALESCE(t.resource_version, ''), t.origin, t.verb, "
        "t.code, COALESCE(t.actor, ''), COALESCE(t.actor_groups, '[]'), COALESCE(t.impersonated, ''), "
        "COALESCE(t.user_agent, ''), t.time, t.ts_us, COALESCE(t.audit_id, ''), t.body_captured, t.object_json, "
        "s.path, t.line FROM object_versions t";
    sql += k_evidence_join;
    sql += std::string("WHERE t.kind NOT IN ") + k_rbac_kinds + " AND (?1 = '' OR t.namespace = ?1) AND (?2 = '' OR t.name = ?2) AND t.ts_us >= ?3 AND t.ts_us < ?4 AND " +
           cluster_clause(st, "t") + " ORDER BY t.kind, t.namespace, t.name, t.ts_us, t.id";
    Stmt s(st.db(), sql);
    bind_scope(s, st);
    s.bind(1, f.namespace_).bind(2, f.name).bind(3, f.from_us.value_or(INT64_MIN)).bind(4, f.to_us.value_or(INT64_MAX));
    std::string cur_key;
    std::optional<std::map<std::string, std::string>> prev;
    while (s.step()) {
        audit::ObjectChange c;
        c.kind = s.text(0);
        if (!f.kinds.empty() && std::find(f.kinds.begin(), f.kinds.end(), c.kind) == f.kinds.end()) continue;
        c.namespace_ = s.text(1);
        c.name = s.text(2);
        const std::string key = c.kind + "/" + c.namespace_ + "/" + c.name;
        if (key != cur_key) {
            prev.reset();
            cur_key = key;
        }
        c.uid = s.text(3);
        c.resource_version = s.text(4);
        c.origin = s.text(5);
        c.verb = s.text(6);
        if (auto code = opt_int(s, 7)) c.code = static_cast<int>(*code);
        c.actor = s.text(8);
        c.actor_groups = json_string_array(s.text(9));
        c.impersonated = s.text(10);
        c.user_agent = s.text(11);
        c.time = s.text(12);
        c.ts_us = s.int64(13);
        c.audit_id = s.text(14);
        c.body_captured = s.int64(15) != 0;
        c.evidence = evidence(s, 17, 18);
        if (auto json = opt_text(s, 16)) {
            if (auto obj = parse_json(*json)) {
                if (const auto* ann = obj->at_path("metadata.annotations"); ann && ann->is_mapping())
                    for (const auto& e : ann->entries)
                        if (e.key != "kubectl.kubernetes.io/last-applied-configuration")
                            c.object_annotations.emplace_back(e.key, e.value.scalar);
                auto fields = policy_fields(*obj);
                const bool refused = c.code && *c.code >= 300;
                if (prev) c.fields = diff(*prev, fields);
                c.first_version = !prev;
                if (!refused) prev = std::move(fields);
            }
        }
        out.push_back(std::move(c));
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const audit::ObjectChange& a, const audit::ObjectChange& b) { return a.ts_us < b.ts_us; });
    return out;
}

}  // namespace kg::audit::query
