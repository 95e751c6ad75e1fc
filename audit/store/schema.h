// The evidence store's schema as ordered migrations. Migration N turns a store at
// version N-1 into version N; a store newer than the binary is refused (a newer
// kueuegov wrote it). The full schema is documented in man/kueuegov-audit.1.
#pragma once

namespace kg::audit::store {

class Db;

/// The highest schema version this binary knows.
int known_schema_version();

/// The schema version recorded in `db` (0 for an empty database).
int schema_version(Db& db);

/// Applies every missing migration in order, each in its own transaction. Throws
/// model::Fatal when the store is newer than known_schema_version().
void migrate(Db& db);

/// migrate() up to `target` only: for tests that build an older store.
void migrate_to(Db& db, int target);

/// The migrations after the recorded version up to `target`, in the caller's transaction and
/// without the foreign-store check (migrate_to, and the expected schema in dialect.cpp).
void apply_migrations(Db& db, int target);

/// Throws model::Fatal when `db` belongs to another application (another SQLite application
/// id, or schema objects without schema_migrations); reads only.
void refuse_foreign(Db& db);

/// Throws model::Fatal unless `db` is at exactly known_schema_version() (read-only opens).
void require_current(Db& db);

}  // namespace kg::audit::store
