// Internal to the store's queries: reading typed values out of result rows, the join
// that ties a row to the source line it came from, and stored JSON parsed through the
// model's loader (the one JSON/YAML door).
#pragma once

#include "audit/store/connection.h"
#include "audit/store/store.h"
#include "model/yaml/node.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kg::audit::query::detail {

/// Joins a row (alias t) to its batch and source: `evidence(s, path, line)` reads "path:line".
inline constexpr const char* k_evidence_join =
    " JOIN batches b ON b.id = t.batch_id JOIN sources s ON s.id = b.source_id ";

/// The RBAC kinds, stored in object_versions beside the queue-policy objects (one table of
/// versioned objects, one chain) and read apart from them: `t.kind IN k_rbac_kinds`.
inline constexpr const char* k_rbac_kinds = "('ClusterRole', 'ClusterRoleBinding', 'Role', 'RoleBinding')";

/// The cluster filter of every query over an evidence table (alias "" = the bare table):
/// parameter ?20 (bound by bind_scope; its number stays clear of each query's own). Scoped to a
/// cluster, the rows are those of the cluster's batches, read through the table's batch_id
/// index: `cluster = ?20` would scan every cluster's rows (no index leads with the cluster),
/// so a report on one cluster of ten read all ten (issue 15, 5c). verify() checks that each
/// row's cluster is its batch's. On PostgreSQL the clause is the row's `cluster = ?20`: the large
/// evidence tables are partitioned by cluster and month (migration 8), and the condition on the
/// partition key is what prunes the other clusters' partitions. Unscoped, the clause is
/// `?20 = ''`, true as bound.
std::string cluster_clause(const EvidenceStore& st, const char* alias);
/// The same filter on the sources table, by its own cluster column (sources are few).
std::string source_cluster_clause();
/// Binds the store's cluster scope (EvidenceStore::cluster_scope) to ?20.
void bind_scope(store::Stmt& s, const EvidenceStore& st);

std::string evidence(const store::Stmt& s, int path_col, int line_col);
std::optional<std::string> opt_text(const store::Stmt& s, int col);
std::optional<std::int64_t> opt_int(const store::Stmt& s, int col);
/// One stored JSON object; nullopt when it does not parse.
std::optional<model::yaml::Node> parse_json(const std::string& json);
/// A stored JSON array of strings; empty when absent or unparseable.
std::vector<std::string> json_string_array(const std::string& json);

}  // namespace kg::audit::query::detail
