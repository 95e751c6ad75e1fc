// PostgreSQL roles of an evidence store (`kueuegov audit init-db --roles`): who may read it and
// who may add to it. Neither may change or remove a stored row (man kueuegov-audit, ROLES).
#pragma once

#include <string>
#include <vector>

namespace kg::audit::store {

class Db;

/// True for a role name init-db accepts: lower-case letters, digits and '_', not starting with
/// a digit, at most 63 bytes (PostgreSQL's identifier limit), so it never needs quoting.
bool valid_role_name(const std::string& name);

/// Creates `auditor` (NOLOGIN) when missing and sets its privileges on the store to exactly:
/// CONNECT and TEMPORARY on the database (TEMPORARY: `audit verify` builds the expected schema
/// in a temporary schema), USAGE on the store's schema, SELECT on every table and view in it,
/// and SELECT on tables created there later (ALTER DEFAULT PRIVILEGES). Every other privilege on
/// the schema's tables is revoked, so re-running it repairs a role someone widened. Returns one
/// line per action for the user. Throws model::Fatal (the server's message) when the session
/// may not create roles or grant.
std::vector<std::string> ensure_auditor_role(Db& db, const std::string& auditor);

/// Creates `ingest` (NOLOGIN) when missing and sets its privileges to the auditor's plus INSERT
/// on every table but schema_migrations and USAGE on the schema's sequences (also for tables
/// and sequences created later): enough for `audit ingest` into a current store, since it
/// inserts only (schema 6), and never UPDATE, DELETE or TRUNCATE. Same reset and errors as
/// ensure_auditor_role.
std::vector<std::string> ensure_ingest_role(Db& db, const std::string& ingest);

}  // namespace kg::audit::store
