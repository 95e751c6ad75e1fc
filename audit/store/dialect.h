// Where SQLite and PostgreSQL differ, in one place: the DDL of the migrations (written once in
// SQLite's dialect and translated here), and the catalog (what tables, indexes, views and
// triggers a store holds, for the foreign-store check, the schema digest and `audit verify`).
// Everything else the store runs is SQL both accept.
#pragma once

#include "audit/store/connection.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace kg::audit::store {

/// A migration's SQL for `d`. SQLite runs the text as written; PostgreSQL gets 64-bit integers
/// (SQLite's INTEGER is 64-bit, PostgreSQL's is not), identity columns for INTEGER PRIMARY KEY,
/// and no PRAGMAs.
std::string ddl(Dialect d, std::string_view sqlite_sql);

/// Whether the store's schema (SQLite: main; PostgreSQL: the session's current schema) has `table`.
bool has_table(Db& db, std::string_view table);

/// The first schema object, as "type name" ("table users"), or nullopt for an empty store.
std::optional<std::string> first_schema_object(Db& db);

/// SQLite's PRAGMA application_id; 0 on PostgreSQL, which has none.
std::int64_t application_id(Db& db);

struct SchemaEntry {
    std::string type, name, table, sql;
};
using SchemaEntries = std::map<std::pair<std::string, std::string>, SchemaEntry>;

/// Every schema object of the store with its definition. On PostgreSQL the partitions of
/// partitioned tables are data (they appear as rows arrive) and are left out.
SchemaEntries schema_entries(Db& db);

/// The entries a store of the current version has, built by running the migrations where they
/// leave no trace: an in-memory SQLite database, or PostgreSQL's temporary schema in a
/// transaction that is rolled back (needs only the TEMP privilege).
SchemaEntries expected_schema_entries(Db& db);

}  // namespace kg::audit::store
