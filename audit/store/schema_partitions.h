// Internal to the store: migration 8, the PostgreSQL evidence tables partitioned by cluster and
// month (schema_partitions.cpp), and what a writer does so that a row's partition exists.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace kg::audit::store {

class Db;

/// The evidence tables migration 8 partitions on PostgreSQL, with the time column whose month
/// picks a row's partition (the other evidence tables stay whole: see schema_partitions.cpp).
struct PartitionedTable {
    const char* name;
    const char* time_column;
};
extern const PartitionedTable k_partitioned_tables[4];

/// Migration 8's SQL for PostgreSQL's current schema of `db` (it names the schema in the
/// function's search_path); SQLite records the version and changes nothing.
std::string migration_8_partitions(Db& db);

/// The function an ingest calls (SECURITY DEFINER, EXECUTE granted to the ingest role).
inline constexpr const char* k_add_partitions_function = "kueuegov_add_partitions";
/// Its signature, as GRANT and REVOKE name it.
inline constexpr const char* k_add_partitions_signature = "kueuegov_add_partitions(text, bigint)";

/// The start (Unix seconds) of the UTC calendar month of a time in Unix microseconds: the month
/// whose partition holds a row with that time (floor division: -1 us is in December 1969).
std::int64_t partition_month(std::int64_t ts_us);

/// Makes sure the partitions exist for every (cluster, month) of `times_us` (Unix microseconds)
/// on a PostgreSQL store: one call of kueuegov_add_partitions per distinct month, which returns
/// at once when the partitions exist. No-op on SQLite.
void ensure_partitions(Db& db, const std::string& cluster, const std::vector<std::int64_t>& times_us);

}  // namespace kg::audit::store
