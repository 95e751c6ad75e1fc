#include "audit/store/query_rows.h"

#include "model/loader.h"

namespace kg::audit::query::detail {

using store::Stmt;

std::string cluster_clause(const EvidenceStore& st, const char* alias) {
    if (st.cluster_scope().empty()) return "?20 = ''";
    const std::string prefix = *alias ? std::string(alias) + "." : std::string();
    // PostgreSQL prunes the partitions of other clusters (migration 8) on the row's own column.
    if (st.db().dialect() == store::Dialect::postgres) return prefix + "cluster = ?20";
    return prefix + "batch_id IN (SELECT id FROM batches WHERE cluster = ?20)";
}

std::string source_cluster_clause() { return "(?20 = '' OR sources.cluster = ?20)"; }

void bind_scope(Stmt& s, const EvidenceStore& st) { s.bind(20, st.cluster_scope()); }

std::string evidence(const Stmt& s, int path_col, int line_col) {
    return s.text(path_col) + ":" + std::to_string(s.int64(line_col));
}

std::optional<std::string> opt_text(const Stmt& s, int col) {
    if (s.is_null(col)) return std::nullopt;
    return s.text(col);
}

std::optional<std::int64_t> opt_int(const Stmt& s, int col) {
    if (s.is_null(col)) return std::nullopt;
    return s.int64(col);
}

/// Parses one stored JSON object through the model's loader (the one JSON/YAML door).
std::optional<model::yaml::Node> parse_json(const std::string& json) {
    model::DiagSink diags;
    model::LoadOptions lo;
    lo.keep_text = false;
    std::optional<model::yaml::Node> out;
    model::parse_objects(0, json, diags, lo, [&](model::yaml::Node&& n) {
        if (!out) out = std::move(n);
    });
    return out;
}

std::vector<std::string> json_string_array(const std::string& json) {
    std::vector<std::string> out;
    if (json.empty() || json == "[]") return out;
    // Wrap so the loader sees an object, not a top-level sequence it would split into items.
    auto n = parse_json("{\"v\":" + json + "}");
    if (!n) return out;
    if (const auto* v = n->get("v"); v && v->is_sequence())
        for (const auto& i : v->items) out.push_back(i.scalar);
    return out;
}

}  // namespace kg::audit::query::detail
